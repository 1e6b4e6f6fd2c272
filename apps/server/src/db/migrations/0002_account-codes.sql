ALTER TABLE "users" ADD COLUMN "blocked_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "auth_codes_hash_idx" ON "auth_codes" USING btree ("code_hash");