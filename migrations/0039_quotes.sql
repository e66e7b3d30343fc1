-- Quotes, their sent revisions, the customer's answers, and the lines agreed for a project (db/schema/quote.ts).
CREATE TABLE "project_line" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"quote_id" uuid,
	"section" text,
	"price_item_id" uuid,
	"name" text NOT NULL,
	"description" text,
	"quantity" bigint NOT NULL,
	"unit" text NOT NULL,
	"unit_price" bigint NOT NULL,
	"unit_cost" bigint,
	"discount_percent_milli" integer,
	"discount_amount" bigint,
	"tax_rate_id" uuid,
	"tax_name" text NOT NULL,
	"tax_category" text NOT NULL,
	"tax_percent_milli" integer NOT NULL,
	"tax_exemption_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quote" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"site_id" uuid,
	"project_id" uuid,
	"project_type_id" uuid,
	"location_id" uuid,
	"sharing" jsonb DEFAULT '{"default":"none","locations":[]}'::jsonb NOT NULL,
	"audience" text[] GENERATED ALWAYS AS (sharing_audience(location_id, sharing)) STORED NOT NULL,
	"owner_id" uuid NOT NULL,
	"number" text,
	"revision" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"title" text NOT NULL,
	"introduction" text,
	"terms" text,
	"internal_notes" text,
	"valid_until" date,
	"currency" text NOT NULL,
	"deposit_percent_milli" integer,
	"deposit_amount" bigint,
	"content" jsonb NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"chosen_option_id" text,
	"sent_at" timestamp with time zone,
	"viewed_at" timestamp with time zone,
	"answered_at" timestamp with time zone,
	"status_changed" timestamp with time zone DEFAULT now() NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce(number, '') || ' ' || title)) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quote_answer" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"quote_id" uuid NOT NULL,
	"revision" integer NOT NULL,
	"revision_hash" text NOT NULL,
	"answer" text NOT NULL,
	"option_id" text,
	"optional_line_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"name" text,
	"comment" text,
	"signature" "bytea",
	"address" text,
	"user_agent" text,
	"answered_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quote_revision" (
	"organization_id" uuid NOT NULL,
	"quote_id" uuid NOT NULL,
	"revision" integer NOT NULL,
	"document" jsonb NOT NULL,
	"hash" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_by" uuid,
	CONSTRAINT "quote_revision_pk" PRIMARY KEY("organization_id","quote_id","revision")
);
--> statement-breakpoint
-- The targets of same-organization references come before the references.
CREATE UNIQUE INDEX "project_line_org_id_idx" ON "project_line" USING btree ("organization_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "quote_org_id_idx" ON "quote" USING btree ("organization_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "quote_answer_org_id_idx" ON "quote_answer" USING btree ("organization_id","id");--> statement-breakpoint
ALTER TABLE "project_line" ADD CONSTRAINT "project_line_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_line" ADD CONSTRAINT "project_line_project_fk" FOREIGN KEY ("organization_id","project_id") REFERENCES "public"."project"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_line" ADD CONSTRAINT "project_line_quote_fk" FOREIGN KEY ("organization_id","quote_id") REFERENCES "public"."quote"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote" ADD CONSTRAINT "quote_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote" ADD CONSTRAINT "quote_customer_fk" FOREIGN KEY ("organization_id","customer_id") REFERENCES "public"."customer"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote" ADD CONSTRAINT "quote_site_fk" FOREIGN KEY ("organization_id","site_id") REFERENCES "public"."site"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote" ADD CONSTRAINT "quote_project_fk" FOREIGN KEY ("organization_id","project_id") REFERENCES "public"."project"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote" ADD CONSTRAINT "quote_project_type_fk" FOREIGN KEY ("organization_id","project_type_id") REFERENCES "public"."project_type"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote" ADD CONSTRAINT "quote_location_fk" FOREIGN KEY ("organization_id","location_id") REFERENCES "public"."location"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote" ADD CONSTRAINT "quote_owner_fk" FOREIGN KEY ("organization_id","owner_id") REFERENCES "public"."member"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_answer" ADD CONSTRAINT "quote_answer_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_answer" ADD CONSTRAINT "quote_answer_quote_fk" FOREIGN KEY ("organization_id","quote_id") REFERENCES "public"."quote"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_revision" ADD CONSTRAINT "quote_revision_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_revision" ADD CONSTRAINT "quote_revision_quote_fk" FOREIGN KEY ("organization_id","quote_id") REFERENCES "public"."quote"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "project_line_org_project_position_idx" ON "project_line" USING btree ("organization_id","project_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "quote_org_number_idx" ON "quote" USING btree ("organization_id","number") WHERE "quote"."number" is not null;--> statement-breakpoint
CREATE INDEX "quote_org_created_id_idx" ON "quote" USING btree ("organization_id","created_at","id","audience");--> statement-breakpoint
CREATE INDEX "quote_org_status_created_id_idx" ON "quote" USING btree ("organization_id","status","created_at","id","audience");--> statement-breakpoint
CREATE INDEX "quote_org_location_created_idx" ON "quote" USING btree ("organization_id","location_id","created_at","id");--> statement-breakpoint
CREATE INDEX "quote_org_customer_created_idx" ON "quote" USING btree ("organization_id","customer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "quote_org_project_idx" ON "quote" USING btree ("organization_id","project_id");--> statement-breakpoint
CREATE INDEX "quote_open_valid_until_idx" ON "quote" USING btree ("valid_until") WHERE "quote"."status" in ('sent', 'viewed');--> statement-breakpoint
CREATE INDEX "quote_search_trgm_idx" ON "quote" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "quote_answer_org_quote_idx" ON "quote_answer" USING btree ("organization_id","quote_id","answered_at");--> statement-breakpoint
-- A quote carries its customer's location and sharing, so its lists filter on the quote alone:
-- copied when the quote is written, and again whenever the customer's change.
CREATE FUNCTION quote_take_customer() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT c.location_id, c.sharing INTO NEW.location_id, NEW.sharing
  FROM customer c WHERE c.organization_id = NEW.organization_id AND c.id = NEW.customer_id;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "quote_take_customer" BEFORE INSERT OR UPDATE OF customer_id, location_id, sharing ON "quote"
  FOR EACH ROW EXECUTE FUNCTION quote_take_customer();--> statement-breakpoint
CREATE FUNCTION quote_follow_customer() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE quote SET location_id = NEW.location_id, sharing = NEW.sharing
  WHERE organization_id = NEW.organization_id AND customer_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "quote_follow_customer" AFTER UPDATE OF location_id, sharing ON "customer"
  FOR EACH ROW WHEN (
    OLD.location_id IS DISTINCT FROM NEW.location_id
    OR OLD.sharing IS DISTINCT FROM NEW.sharing
  ) EXECUTE FUNCTION quote_follow_customer();
