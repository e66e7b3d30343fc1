-- How often a searched word occurs among project titles decides between walking the list
-- index newest first (common words) and the trigram index (rare ones). With the default
-- statistics a word in 1 % of titles is as likely to be estimated at 0.01 % as near its
-- real share, and the plan for the same search flips between 2 ms and 20 ms from one
-- ANALYZE to the next (BENCHMARKS.md). Customers keep the default: the trigram plan is
-- the better one for their searches either way.
ALTER TABLE "project" ALTER COLUMN "search_text" SET STATISTICS 1000;--> statement-breakpoint
ANALYZE "project" ("search_text");
