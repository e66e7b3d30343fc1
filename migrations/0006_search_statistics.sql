-- Finer statistics for the searched text columns: with the default target the planner's
-- estimate for ILIKE '%term%' swings by two orders of magnitude between ANALYZE runs, and
-- a low estimate picks a trigram bitmap scan over thousands of rows where walking the
-- list's order index stops after a few thousand (see BENCHMARKS.md).
ALTER TABLE "project" ALTER COLUMN "title" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "customer" ALTER COLUMN "name" SET STATISTICS 1000;
