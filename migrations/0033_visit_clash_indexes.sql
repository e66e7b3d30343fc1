-- The clash check's ranges (lib/services/visit-clash.ts): a member's timed, not cancelled visits by start, with
-- their end and project, read from the index alone; a member's time off by its end.
ALTER TABLE "visit_member" ADD COLUMN "project_id" uuid;--> statement-breakpoint
UPDATE "visit_member" SET "project_id" = v."project_id" FROM "visit" v
  WHERE v."organization_id" = "visit_member"."organization_id" AND v."id" = "visit_member"."visit_id";--> statement-breakpoint
ALTER TABLE "visit_member" ALTER COLUMN "project_id" SET NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION visit_members_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM visit_member
  WHERE organization_id = NEW.organization_id AND visit_id = NEW.id AND NOT (member_id = ANY (NEW.members));
  INSERT INTO visit_member (organization_id, visit_id, project_id, member_id, span_start, span_end, timed, status)
  SELECT DISTINCT NEW.organization_id, NEW.id, NEW.project_id, m, NEW.span_start, NEW.span_end, NEW.start_at IS NOT NULL, NEW.status
  FROM unnest(NEW.members) AS m
  ON CONFLICT (organization_id, visit_id, member_id) DO UPDATE
    SET project_id = EXCLUDED.project_id, span_start = EXCLUDED.span_start, span_end = EXCLUDED.span_end,
      timed = EXCLUDED.timed, status = EXCLUDED.status;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE INDEX "time_off_org_member_end_idx" ON "time_off" USING btree ("organization_id","member_id","end_at");--> statement-breakpoint
CREATE INDEX "visit_member_clash_idx" ON "visit_member" USING btree ("organization_id","member_id","span_start","visit_id","span_end","project_id") WHERE "visit_member"."timed" and "visit_member"."status" <> 'cancelled';
