CREATE TABLE "promo_code_uses" (
	"id" serial PRIMARY KEY NOT NULL,
	"promo_code_id" integer NOT NULL,
	"request_id" integer NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"organizer_id" integer NOT NULL,
	"code" text NOT NULL,
	"value_type" text NOT NULL,
	"value" numeric(12, 2) NOT NULL,
	"valid_from" date,
	"valid_to" date,
	"tour_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"uses_total" integer,
	"uses_per_email" integer,
	"is_combinable" boolean DEFAULT false NOT NULL,
	"uses_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_codes_uses" CHECK ("promo_codes"."uses_count" >= 0 AND ("promo_codes"."uses_total" IS NULL OR "promo_codes"."uses_count" <= "promo_codes"."uses_total"))
);
--> statement-breakpoint
CREATE TABLE "request_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"user_id" integer,
	"what" text NOT NULL,
	"before" jsonb NOT NULL,
	"after" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tour_extras" (
	"id" serial PRIMARY KEY NOT NULL,
	"tour_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"name_en" text DEFAULT '' NOT NULL,
	"name_ru" text DEFAULT '' NOT NULL,
	"price_minor" bigint NOT NULL,
	"per" text DEFAULT 'booking' NOT NULL,
	"is_mandatory" boolean DEFAULT false NOT NULL,
	"stock" integer,
	CONSTRAINT "tour_extras_money" CHECK ("tour_extras"."price_minor" >= 0 AND ("tour_extras"."stock" IS NULL OR "tour_extras"."stock" >= 0))
);
--> statement-breakpoint
CREATE TABLE "tour_traveller_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"tour_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"code" text NOT NULL,
	"name_en" text DEFAULT '' NOT NULL,
	"name_ru" text DEFAULT '' NOT NULL,
	"age_from" integer,
	"age_to" integer,
	"pricing" text DEFAULT 'base' NOT NULL,
	"value" numeric(12, 2) DEFAULT '0' NOT NULL,
	"takes_seat" boolean DEFAULT true NOT NULL,
	"min_per_booking" integer DEFAULT 0 NOT NULL,
	"max_per_booking" integer,
	CONSTRAINT "tour_traveller_categories_value" CHECK ("tour_traveller_categories"."value" >= 0)
);
--> statement-breakpoint
ALTER TABLE "request_tourists" ADD COLUMN "category_id" integer;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "travellers" jsonb;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "extras" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "adjustments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "promo" jsonb;--> statement-breakpoint
ALTER TABLE "promo_code_uses" ADD CONSTRAINT "promo_code_uses_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code_uses" ADD CONSTRAINT "promo_code_uses_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_organizer_id_organizers_id_fk" FOREIGN KEY ("organizer_id") REFERENCES "public"."organizers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_changes" ADD CONSTRAINT "request_changes_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_changes" ADD CONSTRAINT "request_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_extras" ADD CONSTRAINT "tour_extras_tour_id_tours_id_fk" FOREIGN KEY ("tour_id") REFERENCES "public"."tours"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_traveller_categories" ADD CONSTRAINT "tour_traveller_categories_tour_id_tours_id_fk" FOREIGN KEY ("tour_id") REFERENCES "public"."tours"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "promo_code_uses_request_uq" ON "promo_code_uses" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "promo_code_uses_email_idx" ON "promo_code_uses" USING btree ("promo_code_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_code_uq" ON "promo_codes" USING btree ("organizer_id","code");--> statement-breakpoint
CREATE INDEX "request_changes_request_idx" ON "request_changes" USING btree ("request_id","id");--> statement-breakpoint
CREATE INDEX "tour_extras_tour_idx" ON "tour_extras" USING btree ("tour_id","position");--> statement-breakpoint
CREATE INDEX "tour_traveller_categories_tour_idx" ON "tour_traveller_categories" USING btree ("tour_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "tour_traveller_categories_adult_uq" ON "tour_traveller_categories" USING btree ("tour_id") WHERE "tour_traveller_categories"."code" = 'adult';--> statement-breakpoint
-- every tour has its adult category (the departure's price): the tours before this migration now,
-- each new one by the trigger, whoever inserts it (the service, a copy, the seed, a benchmark)
INSERT INTO "tour_traveller_categories" ("tour_id", "position", "code", "name_en", "name_ru", "pricing", "takes_seat")
  SELECT "id", 0, 'adult', 'Adult', 'Взрослый', 'base', true FROM "tours";--> statement-breakpoint
CREATE FUNCTION tour_adult_category_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO tour_traveller_categories (tour_id, position, code, name_en, name_ru, pricing, takes_seat)
    VALUES (NEW.id, 0, 'adult', 'Adult', 'Взрослый', 'base', true);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER tours_adult_category AFTER INSERT ON tours FOR EACH ROW EXECUTE FUNCTION tour_adult_category_on_insert();--> statement-breakpoint
-- the requests before this migration: their tourists_count adults at their unit price
UPDATE "requests" r SET "travellers" = jsonb_build_array(jsonb_build_object(
    'category_id', c."id", 'code', 'adult', 'name_en', c."name_en", 'name_ru', c."name_ru",
    'count', r."tourists_count", 'unit_minor', r."unit_price_minor", 'takes_seat', true))
  FROM "tour_traveller_categories" c WHERE c."tour_id" = r."tour_id" AND c."code" = 'adult';
