CREATE TABLE "payment_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"provider" text NOT NULL,
	"provider_refund_id" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_refunds_amount" CHECK ("payment_refunds"."amount_minor" > 0)
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "problem" text;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_provider_id_uq" ON "payment_refunds" USING btree ("provider","provider_refund_id");--> statement-breakpoint
CREATE INDEX "payment_refunds_payment_idx" ON "payment_refunds" USING btree ("payment_id");--> statement-breakpoint
-- an invoice paid more than once before this migration: its first payment stays credited, the later ones need the provider's attention
UPDATE "payments" SET "status" = 'attention', "problem" = 'duplicate'
WHERE "status" IN ('succeeded', 'refunded') AND "id" <> (
	SELECT min(p."id") FROM "payments" p WHERE p."invoice_id" = "payments"."invoice_id" AND p."status" IN ('succeeded', 'refunded')
);--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_credited_uq" ON "payments" USING btree ("invoice_id") WHERE "payments"."status" IN ('succeeded', 'refunded');