DROP INDEX "project_title_trgm_idx";--> statement-breakpoint
DROP INDEX "customer_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "customer" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(name || ' ' || coalesce(email, '') || ' ' || coalesce(phone, '') || ' ' || coalesce(city, ''))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "project" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(title)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "project_search_trgm_idx" ON "project" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customer_search_trgm_idx" ON "customer" USING gin ("search_text" gin_trgm_ops);