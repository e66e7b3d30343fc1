-- Who may see a row (db/schema/columns.ts, audience): its location, "*" when every
-- location may by default, named locations with a level, "!<id>" for those named with none;
-- "?" instead of the names when there are more than 40 of them.
CREATE OR REPLACE FUNCTION sharing_audience(row_location uuid, row_sharing jsonb) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    -- Past 40 named locations the list would not fit an index entry: "?" sends readers to the sharing itself.
    WHEN jsonb_array_length(coalesce(row_sharing->'locations', '[]'::jsonb)) > 40
      THEN array_remove(array[row_location::text, '?'], NULL)
    ELSE array(
      SELECT row_location::text WHERE row_location IS NOT NULL
      UNION ALL
      SELECT '*' WHERE coalesce(row_sharing->>'default', 'none') <> 'none'
      UNION ALL
      SELECT CASE WHEN e->>'level' = 'none' THEN '!' || (e->>'id') ELSE e->>'id' END
      FROM jsonb_array_elements(coalesce(row_sharing->'locations', '[]'::jsonb)) AS e
      WHERE (e->>'id') IS DISTINCT FROM row_location::text
    )
  END
$$;--> statement-breakpoint
DROP INDEX "conversation_org_status_created_id_idx";--> statement-breakpoint
DROP INDEX "customer_org_status_created_id_idx";--> statement-breakpoint
DROP INDEX "project_org_created_id_idx";--> statement-breakpoint
ALTER TABLE "conversation" ADD COLUMN "audience" text[] GENERATED ALWAYS AS (sharing_audience(location_id, sharing)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "customer" ADD COLUMN "audience" text[] GENERATED ALWAYS AS (sharing_audience(location_id, sharing)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "project" ADD COLUMN "audience" text[] GENERATED ALWAYS AS (sharing_audience(location_id, sharing)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "conversation_org_status_created_id_idx" ON "conversation" USING btree ("organization_id","status","created_at","id","audience");--> statement-breakpoint
CREATE INDEX "customer_org_status_created_id_idx" ON "customer" USING btree ("organization_id","status","created_at","id","audience");--> statement-breakpoint
CREATE INDEX "project_org_created_id_idx" ON "project" USING btree ("organization_id","created_at","id","audience");