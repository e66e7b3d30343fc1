ALTER TABLE "automatic_message" DROP CONSTRAINT "automatic_message_one_source";--> statement-breakpoint
ALTER TABLE "automatic_message" ADD COLUMN "invoice_id" uuid;--> statement-breakpoint
ALTER TABLE "invoice" ADD COLUMN "reminders" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "automatic_message" ADD CONSTRAINT "automatic_message_invoice_fk" FOREIGN KEY ("organization_id","invoice_id") REFERENCES "public"."invoice"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "automatic_message_invoice_key_idx" ON "automatic_message" USING btree ("organization_id","invoice_id","trigger","slot","revision");--> statement-breakpoint
ALTER TABLE "automatic_message" ADD CONSTRAINT "automatic_message_one_source" CHECK (num_nonnulls("automatic_message"."visit_id", "automatic_message"."quote_id", "automatic_message"."invoice_id") = 1);