ALTER TABLE "member" ADD COLUMN "invitation_hash" text;--> statement-breakpoint
ALTER TABLE "member" ADD COLUMN "invitation_expires_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "member_invitation_hash_idx" ON "member" USING btree ("invitation_hash") WHERE "member"."invitation_hash" is not null;