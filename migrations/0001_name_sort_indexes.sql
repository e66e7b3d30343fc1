CREATE INDEX "location_org_name_idx" ON "location" USING btree ("organization_id",lower("name"));--> statement-breakpoint
CREATE INDEX "member_org_name_idx" ON "member" USING btree ("organization_id",lower("name"));--> statement-breakpoint
CREATE INDEX "role_org_name_idx" ON "role" USING btree ("organization_id",lower("name"));