ALTER TABLE "checkout_sessions" ADD COLUMN "contact_email" text;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "contact_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "recovery_decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "recovery_token_hash" text;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "recovered_from" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "checkout_sessions_recovery_uq" ON "checkout_sessions" USING btree ("recovery_token_hash");--> statement-breakpoint
CREATE INDEX "checkout_sessions_recovery_idx" ON "checkout_sessions" USING btree ("created_at") WHERE "checkout_sessions"."contact_email" IS NOT NULL AND "checkout_sessions"."recovery_decided_at" IS NULL;