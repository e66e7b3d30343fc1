-- A message's channel is named as everywhere else in the code, and the direction of
-- a message that came in is spelled "incoming" in storage; the API keeps the spec's
-- "incomming" (lib/schemas/message.ts maps it once, where views are written).
ALTER TABLE "message" RENAME COLUMN "kind" TO "channel";--> statement-breakpoint
UPDATE "message" SET "direction" = 'incoming' WHERE "direction" = 'incomming';
