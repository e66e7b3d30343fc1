CREATE TABLE "automatic_message" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"visit_id" uuid NOT NULL,
	"trigger" text NOT NULL,
	"slot" text DEFAULT '' NOT NULL,
	"revision" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"eta_minutes" integer,
	"member_id" uuid,
	"state" text DEFAULT 'planned' NOT NULL,
	"reason" text,
	"job_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "message" ADD COLUMN "automatic_key" text;--> statement-breakpoint
ALTER TABLE "automatic_message" ADD CONSTRAINT "automatic_message_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automatic_message" ADD CONSTRAINT "automatic_message_visit_fk" FOREIGN KEY ("organization_id","visit_id") REFERENCES "public"."visit"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automatic_message" ADD CONSTRAINT "automatic_message_member_fk" FOREIGN KEY ("organization_id","member_id") REFERENCES "public"."member"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "automatic_message_key_idx" ON "automatic_message" USING btree ("organization_id","visit_id","trigger","slot","revision");--> statement-breakpoint
CREATE INDEX "automatic_message_planned_idx" ON "automatic_message" USING btree ("due_at") WHERE "automatic_message"."state" = 'planned';--> statement-breakpoint
CREATE UNIQUE INDEX "message_org_automatic_key_idx" ON "message" USING btree ("organization_id","automatic_key") WHERE "message"."automatic_key" is not null;