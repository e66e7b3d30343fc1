-- Visits of projects, their assigned members and members' time off (db/schema/visit.ts).
-- A project becomes the target of references from other tenant tables first.
CREATE UNIQUE INDEX "project_org_id_idx" ON "project" USING btree ("organization_id","id");--> statement-breakpoint
CREATE TABLE "time_off" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"all_day" boolean DEFAULT false NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"start_day" date,
	"end_day" date,
	"reason" text,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visit" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"location_id" uuid,
	"sharing" jsonb DEFAULT '{"default":"none","locations":[]}'::jsonb NOT NULL,
	"audience" text[] GENERATED ALWAYS AS (sharing_audience(location_id, sharing)) STORED NOT NULL,
	"customer_id" uuid,
	"site_id" uuid,
	"time_zone" text NOT NULL,
	"start_at" timestamp with time zone,
	"end_at" timestamp with time zone,
	"day" date,
	"span_start" timestamp with time zone,
	"span_end" timestamp with time zone,
	"local_start" timestamp,
	"local_end" timestamp,
	"arrival_window" integer,
	"members" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"instructions" text,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"status_changed" timestamp with time zone DEFAULT now() NOT NULL,
	"status_changed_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visit_member" (
	"organization_id" uuid NOT NULL,
	"visit_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"span_start" timestamp with time zone,
	"span_end" timestamp with time zone,
	"timed" boolean NOT NULL,
	"status" text NOT NULL,
	CONSTRAINT "visit_member_pk" PRIMARY KEY("organization_id","visit_id","member_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "visit_org_id_idx" ON "visit" USING btree ("organization_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "time_off_org_id_idx" ON "time_off" USING btree ("organization_id","id");
--> statement-breakpoint
ALTER TABLE "time_off" ADD CONSTRAINT "time_off_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_off" ADD CONSTRAINT "time_off_member_fk" FOREIGN KEY ("organization_id","member_id") REFERENCES "public"."member"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit" ADD CONSTRAINT "visit_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit" ADD CONSTRAINT "visit_project_fk" FOREIGN KEY ("organization_id","project_id") REFERENCES "public"."project"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit" ADD CONSTRAINT "visit_location_fk" FOREIGN KEY ("organization_id","location_id") REFERENCES "public"."location"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit" ADD CONSTRAINT "visit_customer_fk" FOREIGN KEY ("organization_id","customer_id") REFERENCES "public"."customer"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit" ADD CONSTRAINT "visit_site_fk" FOREIGN KEY ("organization_id","site_id") REFERENCES "public"."site"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit" ADD CONSTRAINT "visit_status_changed_by_fk" FOREIGN KEY ("organization_id","status_changed_by") REFERENCES "public"."member"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_member" ADD CONSTRAINT "visit_member_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_member" ADD CONSTRAINT "visit_member_visit_fk" FOREIGN KEY ("organization_id","visit_id") REFERENCES "public"."visit"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_member" ADD CONSTRAINT "visit_member_member_fk" FOREIGN KEY ("organization_id","member_id") REFERENCES "public"."member"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "time_off_org_member_start_idx" ON "time_off" USING btree ("organization_id","member_id","start_at","id");--> statement-breakpoint
CREATE INDEX "time_off_org_start_idx" ON "time_off" USING btree ("organization_id","start_at","id");--> statement-breakpoint
CREATE INDEX "visit_org_location_span_idx" ON "visit" USING btree ("organization_id","location_id","span_start","id","span_end","audience");--> statement-breakpoint
CREATE INDEX "visit_org_span_idx" ON "visit" USING btree ("organization_id","span_start","id","span_end","audience");--> statement-breakpoint
CREATE INDEX "visit_org_project_span_idx" ON "visit" USING btree ("organization_id","project_id","span_start","id");--> statement-breakpoint
CREATE INDEX "visit_org_customer_span_idx" ON "visit" USING btree ("organization_id","customer_id","span_start","id");--> statement-breakpoint
CREATE INDEX "visit_member_org_member_span_idx" ON "visit_member" USING btree ("organization_id","member_id","span_start","visit_id");--> statement-breakpoint
-- A visit carries its project's location, sharing and customer, so its lists filter on the visit alone:
-- copied when the visit is written, and again whenever the project's change.
CREATE FUNCTION visit_take_project() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT p.location_id, p.sharing, p.customer_id INTO NEW.location_id, NEW.sharing, NEW.customer_id
  FROM project p WHERE p.organization_id = NEW.organization_id AND p.id = NEW.project_id;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "visit_take_project" BEFORE INSERT OR UPDATE OF project_id, location_id, sharing, customer_id ON "visit"
  FOR EACH ROW EXECUTE FUNCTION visit_take_project();--> statement-breakpoint
CREATE FUNCTION visit_follow_project() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE visit SET location_id = NEW.location_id, sharing = NEW.sharing, customer_id = NEW.customer_id
  WHERE organization_id = NEW.organization_id AND project_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "visit_follow_project" AFTER UPDATE OF location_id, sharing, customer_id ON "project"
  FOR EACH ROW WHEN (
    OLD.location_id IS DISTINCT FROM NEW.location_id
    OR OLD.sharing IS DISTINCT FROM NEW.sharing
    OR OLD.customer_id IS DISTINCT FROM NEW.customer_id
  ) EXECUTE FUNCTION visit_follow_project();--> statement-breakpoint
-- One visit_member row per assigned member, with the visit's span and status, for the member's index.
CREATE FUNCTION visit_members_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM visit_member
  WHERE organization_id = NEW.organization_id AND visit_id = NEW.id AND NOT (member_id = ANY (NEW.members));
  INSERT INTO visit_member (organization_id, visit_id, member_id, span_start, span_end, timed, status)
  SELECT DISTINCT NEW.organization_id, NEW.id, m, NEW.span_start, NEW.span_end, NEW.start_at IS NOT NULL, NEW.status
  FROM unnest(NEW.members) AS m
  ON CONFLICT (organization_id, visit_id, member_id) DO UPDATE
    SET span_start = EXCLUDED.span_start, span_end = EXCLUDED.span_end, timed = EXCLUDED.timed, status = EXCLUDED.status;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "visit_members_inserted" AFTER INSERT ON "visit"
  FOR EACH ROW EXECUTE FUNCTION visit_members_sync();--> statement-breakpoint
CREATE TRIGGER "visit_members_changed" AFTER UPDATE OF members, span_start, span_end, start_at, status ON "visit"
  FOR EACH ROW WHEN (
    OLD.members IS DISTINCT FROM NEW.members
    OR OLD.span_start IS DISTINCT FROM NEW.span_start
    OR OLD.span_end IS DISTINCT FROM NEW.span_end
    OR OLD.start_at IS DISTINCT FROM NEW.start_at
    OR OLD.status IS DISTINCT FROM NEW.status
  ) EXECUTE FUNCTION visit_members_sync();