-- The organization's country reads phone numbers written without a country code; customers
-- are looked up by their exact email or phone (the form's duplicate warning, import's match by email).
ALTER TABLE "organization" ADD COLUMN "country" text;--> statement-breakpoint
CREATE INDEX "customer_org_email_idx" ON "customer" USING btree ("organization_id","email");--> statement-breakpoint
CREATE INDEX "customer_org_phone_idx" ON "customer" USING btree ("organization_id","phone");