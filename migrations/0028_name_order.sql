-- Lists sort names in the Unicode root collation (ICU), as German, French and English readers do; the name indexes follow.
DROP INDEX "customer_org_name_idx";--> statement-breakpoint
DROP INDEX "location_org_name_idx";--> statement-breakpoint
DROP INDEX "member_org_name_idx";--> statement-breakpoint
DROP INDEX "project_org_title_idx";--> statement-breakpoint
DROP INDEX "project_type_org_name_idx";--> statement-breakpoint
DROP INDEX "role_org_name_idx";--> statement-breakpoint
CREATE INDEX "customer_org_name_idx" ON "customer" USING btree ("organization_id",lower("name") collate "und-x-icu");--> statement-breakpoint
CREATE INDEX "location_org_name_idx" ON "location" USING btree ("organization_id",lower("name") collate "und-x-icu");--> statement-breakpoint
CREATE INDEX "member_org_name_idx" ON "member" USING btree ("organization_id",lower("name") collate "und-x-icu");--> statement-breakpoint
CREATE INDEX "project_org_title_idx" ON "project" USING btree ("organization_id",lower("title") collate "und-x-icu");--> statement-breakpoint
CREATE INDEX "project_type_org_name_idx" ON "project_type" USING btree ("organization_id",lower("name") collate "und-x-icu");--> statement-breakpoint
CREATE INDEX "role_org_name_idx" ON "role" USING btree ("organization_id",lower("name") collate "und-x-icu");