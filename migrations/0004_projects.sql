CREATE TABLE "project" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"type_id" uuid NOT NULL,
	"status" integer NOT NULL,
	"fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"owner_id" uuid,
	"customer_id" uuid,
	"location_id" uuid,
	"sharing" jsonb DEFAULT '{"default":"none","locations":[]}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_type" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"icon" text NOT NULL,
	"color" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"location_id" uuid,
	"sharing" jsonb DEFAULT '{"default":"none","locations":[]}'::jsonb NOT NULL,
	"statuses" jsonb NOT NULL,
	"fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"workflows" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "project" ADD CONSTRAINT "project_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project" ADD CONSTRAINT "project_type_id_project_type_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."project_type"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project" ADD CONSTRAINT "project_owner_id_member_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project" ADD CONSTRAINT "project_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project" ADD CONSTRAINT "project_location_id_location_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."location"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_type" ADD CONSTRAINT "project_type_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_type" ADD CONSTRAINT "project_type_location_id_location_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."location"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "project_org_created_idx" ON "project" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "project_org_type_status_idx" ON "project" USING btree ("organization_id","type_id","status");--> statement-breakpoint
CREATE INDEX "project_org_title_idx" ON "project" USING btree ("organization_id",lower("title"));--> statement-breakpoint
CREATE INDEX "project_title_trgm_idx" ON "project" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "project_type_org_status_created_idx" ON "project_type" USING btree ("organization_id","status","created_at");--> statement-breakpoint
CREATE INDEX "project_type_org_name_idx" ON "project_type" USING btree ("organization_id",lower("name"));--> statement-breakpoint
CREATE INDEX "project_type_name_trgm_idx" ON "project_type" USING gin ("name" gin_trgm_ops);