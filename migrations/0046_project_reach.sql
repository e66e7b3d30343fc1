-- Which part of the organization's rows a location reads a row from (db/schema/columns.ts, reach), from its audience
-- (sharing_audience, migration 0012): the one location that sees it, "*" when every location does, "+" when it names
-- locations or hides it from some, "?" when it names too many to list, "" when no location sees it.
CREATE FUNCTION sharing_reach(row_location uuid, row_sharing jsonb) RETURNS text
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  a text[] := sharing_audience(row_location, row_sharing);
BEGIN
  RETURN CASE
    WHEN a @> '{?}'::text[] THEN '?'
    WHEN a @> '{*}'::text[] AND array_to_string(a, ',') NOT LIKE '%!%' THEN '*'
    WHEN cardinality(a) > 1 THEN '+'
    -- One location, or none: an organization-level row hidden from the one location it names is no location's.
    WHEN a[1] LIKE '!%' THEN ''
    ELSE coalesce(a[1], '')
  END;
END
$$;--> statement-breakpoint
ALTER TABLE "project" ADD COLUMN "reach" text GENERATED ALWAYS AS (sharing_reach(location_id, sharing)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "project_org_reach_created_idx" ON "project" USING btree ("organization_id","reach","created_at","id","status","audience","search_text");
