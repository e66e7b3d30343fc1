CREATE TABLE "visit_item" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"visit_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"location_id" uuid,
	"sharing" jsonb DEFAULT '{"default":"none","locations":[]}'::jsonb NOT NULL,
	"audience" text[] GENERATED ALWAYS AS (sharing_audience(location_id, sharing)) STORED NOT NULL,
	"kind" text NOT NULL,
	"member_id" uuid,
	"minutes" integer,
	"price_item_id" uuid,
	"name" text NOT NULL,
	"description" text,
	"quantity" bigint NOT NULL,
	"unit" text NOT NULL,
	"unit_price" bigint NOT NULL,
	"unit_cost" bigint,
	"tax_rate_id" uuid,
	"tax_name" text NOT NULL,
	"tax_category" text NOT NULL,
	"tax_percent_milli" integer NOT NULL,
	"tax_exemption_reason" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "visit_item" ADD CONSTRAINT "visit_item_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_item" ADD CONSTRAINT "visit_item_visit_fk" FOREIGN KEY ("organization_id","visit_id") REFERENCES "public"."visit"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_item" ADD CONSTRAINT "visit_item_member_fk" FOREIGN KEY ("organization_id","member_id") REFERENCES "public"."member"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "visit_item_org_id_idx" ON "visit_item" USING btree ("organization_id","id");--> statement-breakpoint
CREATE INDEX "visit_item_org_visit_idx" ON "visit_item" USING btree ("organization_id","visit_id","created_at","id");--> statement-breakpoint
CREATE INDEX "visit_item_org_project_idx" ON "visit_item" USING btree ("organization_id","project_id","created_at","id");--> statement-breakpoint
-- What was used on a visit carries the visit's project, location and sharing: copied when written, and again whenever the visit's change
-- (the visit's own follow its project, migration 0029).
CREATE FUNCTION visit_item_take_visit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT v.project_id, v.location_id, v.sharing INTO NEW.project_id, NEW.location_id, NEW.sharing
  FROM visit v WHERE v.organization_id = NEW.organization_id AND v.id = NEW.visit_id;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "visit_item_take_visit" BEFORE INSERT OR UPDATE OF visit_id, project_id, location_id, sharing ON "visit_item"
  FOR EACH ROW EXECUTE FUNCTION visit_item_take_visit();--> statement-breakpoint
CREATE FUNCTION visit_item_follow_visit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE visit_item SET location_id = NEW.location_id, sharing = NEW.sharing
  WHERE organization_id = NEW.organization_id AND visit_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "visit_item_follow_visit" AFTER UPDATE OF location_id, sharing ON "visit"
  FOR EACH ROW WHEN (
    OLD.location_id IS DISTINCT FROM NEW.location_id
    OR OLD.sharing IS DISTINCT FROM NEW.sharing
  ) EXECUTE FUNCTION visit_item_follow_visit();
