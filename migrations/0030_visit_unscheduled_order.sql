-- An unscheduled visit's span starts at 'infinity': it sorts after every scheduled one, and a list's
-- cursor (span_start, id) can page past it, which a null would not let it.
UPDATE "visit" SET "span_start" = 'infinity' WHERE "span_start" IS NULL;--> statement-breakpoint
UPDATE "visit_member" SET "span_start" = 'infinity' WHERE "span_start" IS NULL;--> statement-breakpoint
ALTER TABLE "visit" ALTER COLUMN "span_start" SET DEFAULT 'infinity';--> statement-breakpoint
ALTER TABLE "visit" ALTER COLUMN "span_start" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "visit_member" ALTER COLUMN "span_start" SET NOT NULL;
