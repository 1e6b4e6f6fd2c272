CREATE TABLE "organizer_payment_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"organizer_id" integer NOT NULL,
	"provider" text DEFAULT 'yookassa' NOT NULL,
	"shop_id" text NOT NULL,
	"secret_enc" text NOT NULL,
	"secret_last4" text NOT NULL,
	"verified_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organizer_payment_accounts" ADD CONSTRAINT "organizer_payment_accounts_organizer_id_organizers_id_fk" FOREIGN KEY ("organizer_id") REFERENCES "public"."organizers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "organizer_payment_accounts_organizer_idx" ON "organizer_payment_accounts" USING btree ("organizer_id");--> statement-breakpoint
CREATE INDEX "organizer_payment_accounts_shop_idx" ON "organizer_payment_accounts" USING btree ("provider","shop_id");