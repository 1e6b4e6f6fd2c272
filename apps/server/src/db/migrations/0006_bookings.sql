CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"organizer_id" integer NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"payment_type" text DEFAULT 'payment' NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"contract_id" integer,
	"prepayment_percent" numeric(5, 2),
	"public_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	CONSTRAINT "invoices_amount" CHECK ("invoices"."amount_minor" > 0),
	CONSTRAINT "invoices_status" CHECK ("invoices"."status" BETWEEN 1 AND 3)
);
--> statement-breakpoint
CREATE TABLE "payment_notifications" (
	"provider" text NOT NULL,
	"event_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_notifications_provider_event_key_pk" PRIMARY KEY("provider","event_key")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"organizer_id" integer NOT NULL,
	"provider" text NOT NULL,
	"provider_payment_id" text,
	"idempotency_key" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"refunded_minor" bigint DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"method" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"confirmation_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "payments_amount" CHECK ("payments"."amount_minor" > 0 AND "payments"."refunded_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "request_search_filters" (
	"user_id" integer NOT NULL,
	"organizer_id" integer NOT NULL,
	"is_individual_tour" smallint DEFAULT 0 NOT NULL,
	"filter" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "request_search_filters_user_id_organizer_id_is_individual_tour_pk" PRIMARY KEY("user_id","organizer_id","is_individual_tour")
);
--> statement-breakpoint
CREATE TABLE "request_status_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"previous_status" smallint,
	"status" smallint NOT NULL,
	"user_id" integer,
	"message" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "request_tourists" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"position" integer NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"middle_name" text DEFAULT '' NOT NULL,
	"birthday" date,
	"passport" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"food_restriction" text DEFAULT '' NOT NULL,
	"is_contact_person" boolean DEFAULT false NOT NULL,
	"is_child" boolean DEFAULT false NOT NULL,
	"is_questionnaire_filled" boolean DEFAULT false NOT NULL,
	"needs_transfer" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"organizer_id" integer NOT NULL,
	"tour_id" integer,
	"tour_date_id" integer,
	"status" smallint DEFAULT 1 NOT NULL,
	"source" text DEFAULT 'own' NOT NULL,
	"site_id" integer,
	"agent_id" integer,
	"third_party_agent" jsonb,
	"is_individual_tour" boolean DEFAULT false NOT NULL,
	"date_start" date,
	"date_end" date,
	"currency" text DEFAULT 'RUB' NOT NULL,
	"tourists_count" integer NOT NULL,
	"unit_price_minor" bigint DEFAULT 0 NOT NULL,
	"total_minor" bigint DEFAULT 0 NOT NULL,
	"discount" jsonb,
	"individual_tour_price_minor" bigint,
	"individual_draft" jsonb,
	"paid_minor" bigint DEFAULT 0 NOT NULL,
	"penalty_minor" bigint,
	"customer_name" text DEFAULT '' NOT NULL,
	"customer_email" text DEFAULT '' NOT NULL,
	"customer_phone" text DEFAULT '' NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"base_sale_status" smallint,
	"cancel_message" text,
	"seats_taken" integer DEFAULT 0 NOT NULL,
	"hold_expires_at" timestamp with time zone,
	"idempotency_key" text,
	"created_by_user_id" integer,
	"search_text" text DEFAULT '' NOT NULL,
	"balance_reminder_sent_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "requests_tourists_count" CHECK ("requests"."tourists_count" > 0),
	CONSTRAINT "requests_seats_taken" CHECK ("requests"."seats_taken" >= 0),
	CONSTRAINT "requests_status" CHECK ("requests"."status" BETWEEN 1 AND 8),
	CONSTRAINT "requests_money" CHECK ("requests"."total_minor" >= 0 AND "requests"."paid_minor" >= 0 AND "requests"."unit_price_minor" >= 0)
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_organizer_id_organizers_id_fk" FOREIGN KEY ("organizer_id") REFERENCES "public"."organizers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_contract_id_contract_templates_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contract_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_organizer_id_organizers_id_fk" FOREIGN KEY ("organizer_id") REFERENCES "public"."organizers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_search_filters" ADD CONSTRAINT "request_search_filters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_search_filters" ADD CONSTRAINT "request_search_filters_organizer_id_organizers_id_fk" FOREIGN KEY ("organizer_id") REFERENCES "public"."organizers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_status_history" ADD CONSTRAINT "request_status_history_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_status_history" ADD CONSTRAINT "request_status_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_tourists" ADD CONSTRAINT "request_tourists_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_organizer_id_organizers_id_fk" FOREIGN KEY ("organizer_id") REFERENCES "public"."organizers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_tour_id_tours_id_fk" FOREIGN KEY ("tour_id") REFERENCES "public"."tours"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_tour_date_id_tour_dates_id_fk" FOREIGN KEY ("tour_date_id") REFERENCES "public"."tour_dates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_site_id_partner_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."partner_sites"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_public_token_uq" ON "invoices" USING btree ("public_token");--> statement-breakpoint
CREATE INDEX "invoices_request_idx" ON "invoices" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "invoices_org_created_idx" ON "invoices" USING btree ("organizer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_idempotency_uq" ON "payments" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_id_uq" ON "payments" USING btree ("provider","provider_payment_id");--> statement-breakpoint
CREATE INDEX "payments_invoice_idx" ON "payments" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "payments_org_created_idx" ON "payments" USING btree ("organizer_id","created_at");--> statement-breakpoint
CREATE INDEX "request_status_history_request_idx" ON "request_status_history" USING btree ("request_id","id");--> statement-breakpoint
CREATE INDEX "request_tourists_request_idx" ON "request_tourists" USING btree ("request_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "requests_uuid_uq" ON "requests" USING btree ("uuid");--> statement-breakpoint
CREATE UNIQUE INDEX "requests_idempotency_uq" ON "requests" USING btree ("organizer_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "requests_org_status_idx" ON "requests" USING btree ("organizer_id","status","id");--> statement-breakpoint
CREATE INDEX "requests_org_individual_idx" ON "requests" USING btree ("organizer_id","is_individual_tour","id");--> statement-breakpoint
CREATE INDEX "requests_org_date_idx" ON "requests" USING btree ("organizer_id","date_start");--> statement-breakpoint
CREATE INDEX "requests_org_tour_idx" ON "requests" USING btree ("organizer_id","tour_id");--> statement-breakpoint
CREATE INDEX "requests_tour_date_idx" ON "requests" USING btree ("tour_date_id");--> statement-breakpoint
CREATE INDEX "requests_hold_idx" ON "requests" USING btree ("hold_expires_at") WHERE "requests"."hold_expires_at" IS NOT NULL;