DROP INDEX "customer_org_status_created_idx";--> statement-breakpoint
DROP INDEX "project_org_created_idx";--> statement-breakpoint
CREATE INDEX "customer_org_status_created_id_idx" ON "customer" USING btree ("organization_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "project_org_created_id_idx" ON "project" USING btree ("organization_id","created_at","id");