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
);
--> statement-breakpoint
ALTER TABLE "tax_rate" ADD CONSTRAINT "tax_rate_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tax_rate_org_id_idx" ON "tax_rate" USING btree ("organization_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_rate_org_default_idx" ON "tax_rate" USING btree ("organization_id") WHERE "tax_rate"."is_default";--> statement-breakpoint
CREATE INDEX "tax_rate_org_status_created_idx" ON "tax_rate" USING btree ("organization_id","status","created_at","id");