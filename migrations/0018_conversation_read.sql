-- Unread is per member: conversation.unread counts incoming messages and is no longer
-- set back; each member's row here holds how many of them they have read. Members
-- without a row have read none, so everyone keeps the unread count the team had.
CREATE TABLE "conversation_read" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"conversation_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"read" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "conversation_read" ADD CONSTRAINT "conversation_read_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_read" ADD CONSTRAINT "conversation_read_conversation_id_conversation_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_read" ADD CONSTRAINT "conversation_read_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "conversation_read_org_member_conversation_idx" ON "conversation_read" USING btree ("organization_id","member_id","conversation_id");;--> statement-breakpoint
-- A conversation with a customer lives where the customer does and is shared as it is.
UPDATE "conversation" SET "location_id" = "customer"."location_id", "sharing" = "customer"."sharing"
  FROM "customer"
  WHERE "conversation"."customer_id" = "customer"."id"
    AND ("conversation"."location_id" IS DISTINCT FROM "customer"."location_id" OR "conversation"."sharing" <> "customer"."sharing");
