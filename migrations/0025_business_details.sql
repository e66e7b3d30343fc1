ALTER TABLE "location" ADD COLUMN "business" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "organization" ADD COLUMN "business" jsonb DEFAULT '{}'::jsonb NOT NULL;