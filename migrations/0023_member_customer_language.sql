-- A member may read Craftdesk in another language than the organization's, and a customer may prefer one for what is sent to them; null follows the organization.
ALTER TABLE "customer" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "member" ADD COLUMN "language" text;