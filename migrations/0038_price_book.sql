-- Indexes before foreign keys: the price item's key on tax_rate (organization_id, id) stands on tax_rate_org_id_idx.
CREATE TABLE "price_item" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"unit" text NOT NULL,
	"unit_price" bigint NOT NULL,
	"unit_cost" bigint,
	"tax_rate_id" uuid NOT NULL,
	"category" text,
	"status" text DEFAULT 'active' NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(name || ' ' || coalesce(description, '') || ' ' || coalesce(category, ''))) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "tax_rate" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"percent_milli" integer NOT NULL,
	"category" text NOT NULL,
	"exemption_reason" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "price_item_org_id_idx" ON "price_item" USING btree ("organization_id","id");--> statement-breakpoint
CREATE INDEX "price_item_org_status_created_id_idx" ON "price_item" USING btree ("organization_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "price_item_org_name_idx" ON "price_item" USING btree ("organization_id",lower("name") collate "und-x-icu");--> statement-breakpoint
CREATE INDEX "price_item_org_category_idx" ON "price_item" USING btree ("organization_id","category");--> statement-breakpoint
CREATE INDEX "price_item_search_trgm_idx" ON "price_item" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "tax_rate_org_id_idx" ON "tax_rate" USING btree ("organization_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_rate_org_default_idx" ON "tax_rate" USING btree ("organization_id") WHERE "tax_rate"."is_default";--> statement-breakpoint
CREATE INDEX "tax_rate_org_status_created_idx" ON "tax_rate" USING btree ("organization_id","status","created_at","id");--> statement-breakpoint
ALTER TABLE "price_item" ADD CONSTRAINT "price_item_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_item" ADD CONSTRAINT "price_item_tax_rate_fk" FOREIGN KEY ("organization_id","tax_rate_id") REFERENCES "public"."tax_rate"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_rate" ADD CONSTRAINT "tax_rate_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;
