ALTER TABLE "automatic_message" ALTER COLUMN "visit_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "automatic_message" ADD COLUMN "quote_id" uuid;--> statement-breakpoint
ALTER TABLE "automatic_message" ADD COLUMN "channel" text;--> statement-breakpoint
ALTER TABLE "automatic_message" ADD COLUMN "recipient" text;--> statement-breakpoint
ALTER TABLE "automatic_message" ADD CONSTRAINT "automatic_message_quote_fk" FOREIGN KEY ("organization_id","quote_id") REFERENCES "public"."quote"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "automatic_message_quote_key_idx" ON "automatic_message" USING btree ("organization_id","quote_id","trigger","slot","revision");--> statement-breakpoint
ALTER TABLE "automatic_message" ADD CONSTRAINT "automatic_message_one_source" CHECK (num_nonnulls("automatic_message"."visit_id", "automatic_message"."quote_id") = 1);