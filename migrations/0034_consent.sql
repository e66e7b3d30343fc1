CREATE TABLE "sms_opt_out" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"phone" text NOT NULL,
	"opted_out_at" timestamp with time zone,
	"how" text,
	"keyword" text,
	"message_id" uuid,
	"member_id" uuid,
	"opted_in_at" timestamp with time zone,
	"opt_in_message_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer" ADD COLUMN "automated_emails" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "message" ADD COLUMN "consent_event" text;--> statement-breakpoint
ALTER TABLE "sms_opt_out" ADD CONSTRAINT "sms_opt_out_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_opt_out" ADD CONSTRAINT "sms_opt_out_member_fk" FOREIGN KEY ("organization_id","member_id") REFERENCES "public"."member"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sms_opt_out_org_phone_idx" ON "sms_opt_out" USING btree ("organization_id","phone");