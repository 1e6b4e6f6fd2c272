DROP INDEX "organizer_payment_accounts_organizer_idx";--> statement-breakpoint
ALTER TABLE "organizer_payment_accounts" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "payment_account_id" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_payment_account_id_organizer_payment_accounts_id_fk" FOREIGN KEY ("payment_account_id") REFERENCES "public"."organizer_payment_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_account_idx" ON "payments" USING btree ("payment_account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "organizer_payment_accounts_organizer_idx" ON "organizer_payment_accounts" USING btree ("organizer_id") WHERE "organizer_payment_accounts"."retired_at" IS NULL;