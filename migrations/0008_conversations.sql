CREATE TABLE "conversation" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"reference" integer NOT NULL,
	"title" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"unread" integer DEFAULT 0 NOT NULL,
	"customer_id" uuid,
	"sources" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"search" text DEFAULT '' NOT NULL,
	"last_message_at" timestamp with time zone,
	"location_id" uuid,
	"sharing" jsonb DEFAULT '{"default":"none","locations":[]}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"conversation_id" uuid NOT NULL,
	"author_id" uuid,
	"kind" text NOT NULL,
	"direction" text NOT NULL,
	"source" text DEFAULT '' NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"html" text,
	"files" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"delivery" text,
	"delivery_error" text,
	"message_id" text,
	"in_reply_to" text,
	"references" text[] DEFAULT '{}'::text[] NOT NULL,
	"provider_id" text,
	"thread_id" text,
	"date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organization" ADD COLUMN "conversation_reference" integer DEFAULT 1000 NOT NULL;--> statement-breakpoint
ALTER TABLE "organization" ADD COLUMN "inbound_token" text DEFAULT replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "conversation" ADD CONSTRAINT "conversation_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation" ADD CONSTRAINT "conversation_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation" ADD CONSTRAINT "conversation_location_id_location_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."location"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message" ADD CONSTRAINT "message_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message" ADD CONSTRAINT "message_conversation_id_conversation_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message" ADD CONSTRAINT "message_author_id_member_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "conversation_org_reference_idx" ON "conversation" USING btree ("organization_id","reference");--> statement-breakpoint
CREATE INDEX "conversation_org_status_created_id_idx" ON "conversation" USING btree ("organization_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "conversation_org_customer_idx" ON "conversation" USING btree ("organization_id","customer_id");--> statement-breakpoint
CREATE INDEX "conversation_search_trgm_idx" ON "conversation" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "message_conversation_date_idx" ON "message" USING btree ("conversation_id","date","id");--> statement-breakpoint
CREATE UNIQUE INDEX "message_org_message_id_idx" ON "message" USING btree ("organization_id","message_id") WHERE "message"."message_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "message_org_provider_id_idx" ON "message" USING btree ("organization_id","kind","provider_id") WHERE "message"."provider_id" is not null;--> statement-breakpoint
CREATE INDEX "message_org_thread_idx" ON "message" USING btree ("organization_id","thread_id") WHERE "message"."thread_id" is not null;--> statement-breakpoint
CREATE INDEX "message_delivery_idx" ON "message" USING btree ("delivery") WHERE "message"."delivery" = 'queued';--> statement-breakpoint
CREATE UNIQUE INDEX "organization_inbound_token_idx" ON "organization" USING btree ("inbound_token");