-- References between tenant tables join on organization_id as well, so none can point into
-- another organization and every organization's rows can be sharded together (db/shardable.test.ts).
-- Each referenced table gets a unique (organization_id, id) first, for the new keys to point at.
CREATE UNIQUE INDEX "conversation_org_id_idx" ON "conversation" USING btree ("organization_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "customer_org_id_idx" ON "customer" USING btree ("organization_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "location_org_id_idx" ON "location" USING btree ("organization_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "member_org_id_idx" ON "member" USING btree ("organization_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "project_type_org_id_idx" ON "project_type" USING btree ("organization_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "role_org_id_idx" ON "role" USING btree ("organization_id","id");
--> statement-breakpoint
ALTER TABLE "api_token" DROP CONSTRAINT "api_token_member_id_member_id_fk";
--> statement-breakpoint
ALTER TABLE "conversation" DROP CONSTRAINT "conversation_customer_id_customer_id_fk";
--> statement-breakpoint
ALTER TABLE "conversation" DROP CONSTRAINT "conversation_location_id_location_id_fk";
--> statement-breakpoint
ALTER TABLE "conversation_read" DROP CONSTRAINT "conversation_read_conversation_id_conversation_id_fk";
--> statement-breakpoint
ALTER TABLE "conversation_read" DROP CONSTRAINT "conversation_read_member_id_member_id_fk";
--> statement-breakpoint
ALTER TABLE "customer" DROP CONSTRAINT "customer_location_id_location_id_fk";
--> statement-breakpoint
ALTER TABLE "file" DROP CONSTRAINT "file_uploaded_by_member_id_fk";
--> statement-breakpoint
ALTER TABLE "history" DROP CONSTRAINT "history_member_id_member_id_fk";
--> statement-breakpoint
ALTER TABLE "mailbox" DROP CONSTRAINT "mailbox_connected_by_member_id_fk";
--> statement-breakpoint
ALTER TABLE "member" DROP CONSTRAINT "member_role_id_role_id_fk";
--> statement-breakpoint
ALTER TABLE "member" DROP CONSTRAINT "member_location_id_location_id_fk";
--> statement-breakpoint
ALTER TABLE "message" DROP CONSTRAINT "message_conversation_id_conversation_id_fk";
--> statement-breakpoint
ALTER TABLE "message" DROP CONSTRAINT "message_author_id_member_id_fk";
--> statement-breakpoint
ALTER TABLE "notification" DROP CONSTRAINT "notification_member_id_member_id_fk";
--> statement-breakpoint
ALTER TABLE "project" DROP CONSTRAINT "project_type_id_project_type_id_fk";
--> statement-breakpoint
ALTER TABLE "project" DROP CONSTRAINT "project_owner_id_member_id_fk";
--> statement-breakpoint
ALTER TABLE "project" DROP CONSTRAINT "project_customer_id_customer_id_fk";
--> statement-breakpoint
ALTER TABLE "project" DROP CONSTRAINT "project_location_id_location_id_fk";
--> statement-breakpoint
ALTER TABLE "project_type" DROP CONSTRAINT "project_type_location_id_location_id_fk";
--> statement-breakpoint
ALTER TABLE "role" DROP CONSTRAINT "role_location_id_location_id_fk";
--> statement-breakpoint
ALTER TABLE "api_token" ADD CONSTRAINT "api_token_member_fk" FOREIGN KEY ("organization_id","member_id") REFERENCES "public"."member"("organization_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "conversation" ADD CONSTRAINT "conversation_location_fk" FOREIGN KEY ("organization_id","location_id") REFERENCES "public"."location"("organization_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "conversation" ADD CONSTRAINT "conversation_customer_fk" FOREIGN KEY ("organization_id","customer_id") REFERENCES "public"."customer"("organization_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "conversation_read" ADD CONSTRAINT "conversation_read_member_fk" FOREIGN KEY ("organization_id","member_id") REFERENCES "public"."member"("organization_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "conversation_read" ADD CONSTRAINT "conversation_read_conversation_fk" FOREIGN KEY ("organization_id","conversation_id") REFERENCES "public"."conversation"("organization_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "customer" ADD CONSTRAINT "customer_location_fk" FOREIGN KEY ("organization_id","location_id") REFERENCES "public"."location"("organization_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "file" ADD CONSTRAINT "file_uploaded_by_fk" FOREIGN KEY ("organization_id","uploaded_by") REFERENCES "public"."member"("organization_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "history" ADD CONSTRAINT "history_member_fk" FOREIGN KEY ("organization_id","member_id") REFERENCES "public"."member"("organization_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "mailbox" ADD CONSTRAINT "mailbox_connected_by_fk" FOREIGN KEY ("organization_id","connected_by") REFERENCES "public"."member"("organization_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "member" ADD CONSTRAINT "member_location_fk" FOREIGN KEY ("organization_id","location_id") REFERENCES "public"."location"("organization_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "member" ADD CONSTRAINT "member_role_fk" FOREIGN KEY ("organization_id","role_id") REFERENCES "public"."role"("organization_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "message" ADD CONSTRAINT "message_author_fk" FOREIGN KEY ("organization_id","author_id") REFERENCES "public"."member"("organization_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "message" ADD CONSTRAINT "message_conversation_fk" FOREIGN KEY ("organization_id","conversation_id") REFERENCES "public"."conversation"("organization_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "notification" ADD CONSTRAINT "notification_member_fk" FOREIGN KEY ("organization_id","member_id") REFERENCES "public"."member"("organization_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "project" ADD CONSTRAINT "project_location_fk" FOREIGN KEY ("organization_id","location_id") REFERENCES "public"."location"("organization_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "project" ADD CONSTRAINT "project_customer_fk" FOREIGN KEY ("organization_id","customer_id") REFERENCES "public"."customer"("organization_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "project" ADD CONSTRAINT "project_owner_fk" FOREIGN KEY ("organization_id","owner_id") REFERENCES "public"."member"("organization_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "project" ADD CONSTRAINT "project_type_fk" FOREIGN KEY ("organization_id","type_id") REFERENCES "public"."project_type"("organization_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "project_type" ADD CONSTRAINT "project_type_location_fk" FOREIGN KEY ("organization_id","location_id") REFERENCES "public"."location"("organization_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "role" ADD CONSTRAINT "role_location_fk" FOREIGN KEY ("organization_id","location_id") REFERENCES "public"."location"("organization_id","id") ON DELETE no action ON UPDATE no action;
