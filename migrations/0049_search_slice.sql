-- A text key with the search text's trigrams in one GIN index (db/schema/columns.ts, searchSlice), which serves a
-- search by the trigrams alone as well: the search text's own trigram indexes go.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
-- The 30-day period (counted from 2000-01-01 UTC) of the organization a row was created in, as
-- "<organization id>:<period>"; lib/server/search-slices.ts counts periods the same way.
CREATE FUNCTION search_slice(organization uuid, created timestamptz) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT organization::text || ':' || floor(extract(epoch FROM created - timestamptz '2000-01-01 00:00:00+00') / 2592000)::integer::text
$$;--> statement-breakpoint
DROP INDEX "customer_search_trgm_idx";--> statement-breakpoint
DROP INDEX "project_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "customer" ADD COLUMN "search_slice" text GENERATED ALWAYS AS (search_slice(organization_id, created_at)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "project" ADD COLUMN "search_slice" text GENERATED ALWAYS AS (search_slice(organization_id, created_at)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "customer_search_slice_idx" ON "customer" USING gin ("search_slice","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "project_search_slice_idx" ON "project" USING gin ("search_slice","search_text" gin_trgm_ops);