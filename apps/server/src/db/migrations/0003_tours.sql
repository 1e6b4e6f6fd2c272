CREATE TABLE "catalogue_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name_en" text NOT NULL,
	"name_ru" text NOT NULL,
	"country_code" text
);
--> statement-breakpoint
CREATE TABLE "guides" (
	"id" serial PRIMARY KEY NOT NULL,
	"organizer_id" integer NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"about" text DEFAULT '' NOT NULL,
	"photo_file_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tour_accommodation_variants" (
	"id" serial PRIMARY KEY NOT NULL,
	"accommodation_id" integer NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price" numeric(12, 2) DEFAULT '0' NOT NULL,
	"places" integer
);
--> statement-breakpoint
CREATE TABLE "tour_accommodations" (
	"id" serial PRIMARY KEY NOT NULL,
	"tour_id" integer NOT NULL,
	"position" integer NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"nights" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tour_cities" (
	"id" serial PRIMARY KEY NOT NULL,
	"tour_id" integer NOT NULL,
	"city_id" integer NOT NULL,
	"position" integer NOT NULL,
	"arrival_enabled" boolean DEFAULT false NOT NULL,
	"arrival_transport" text[] DEFAULT '{}'::text[] NOT NULL,
	"arrival_day" integer,
	"arrival_time" text,
	"departure_enabled" boolean DEFAULT false NOT NULL,
	"departure_transport" text[] DEFAULT '{}'::text[] NOT NULL,
	"departure_day" integer,
	"departure_time" text
);
--> statement-breakpoint
CREATE TABLE "tour_dates" (
	"id" serial PRIMARY KEY NOT NULL,
	"tour_id" integer NOT NULL,
	"date_start" date NOT NULL,
	"date_end" date NOT NULL,
	"time_start" text DEFAULT '' NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"days" integer NOT NULL,
	"number_of_seats" integer NOT NULL,
	"number_of_free_seats" integer NOT NULL,
	"full_payment_days" integer,
	"prepayment_type" text DEFAULT 'percent' NOT NULL,
	"prepayment_size" numeric(12, 2) DEFAULT '0' NOT NULL,
	"not_guaranteed" boolean DEFAULT false NOT NULL,
	"flight_included" boolean DEFAULT false NOT NULL,
	"tour_variant" text DEFAULT '' NOT NULL,
	"commentary" text DEFAULT '' NOT NULL,
	"is_from_schedule" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tour_dates_seats" CHECK ("tour_dates"."number_of_seats" > 0),
	CONSTRAINT "tour_dates_free_seats" CHECK ("tour_dates"."number_of_free_seats" BETWEEN 0 AND "tour_dates"."number_of_seats"),
	CONSTRAINT "tour_dates_order" CHECK ("tour_dates"."date_end" >= "tour_dates"."date_start"),
	CONSTRAINT "tour_dates_price" CHECK ("tour_dates"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "tour_discounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"tour_id" integer NOT NULL,
	"kind" text NOT NULL,
	"position" integer NOT NULL,
	"date_from" date,
	"date_to" date,
	"days_before" integer,
	"value" numeric(12, 2) NOT NULL,
	"value_type" text DEFAULT 'percent' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tour_guides" (
	"tour_id" integer NOT NULL,
	"guide_id" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "tour_guides_tour_id_guide_id_pk" PRIMARY KEY("tour_id","guide_id")
);
--> statement-breakpoint
CREATE TABLE "tour_penalties" (
	"tour_id" integer NOT NULL,
	"days_before" integer NOT NULL,
	"percent" numeric(5, 2) NOT NULL,
	CONSTRAINT "tour_penalties_tour_id_days_before_pk" PRIMARY KEY("tour_id","days_before")
);
--> statement-breakpoint
CREATE TABLE "tour_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"tour_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"position" integer NOT NULL,
	"is_cover" boolean DEFAULT false NOT NULL,
	"alt" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tour_program_day_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"program_day_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"position" integer NOT NULL,
	"alt" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tour_program_days" (
	"id" serial PRIMARY KEY NOT NULL,
	"tour_id" integer NOT NULL,
	"day" integer NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"meals" text[] DEFAULT '{}'::text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tour_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"tour_id" integer NOT NULL,
	"position" integer NOT NULL,
	"question" text NOT NULL,
	"answer" text DEFAULT '' NOT NULL,
	"added_to_voucher" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tour_site_statuses" (
	"tour_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"status" text DEFAULT 'moderation' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tour_site_statuses_tour_id_site_id_pk" PRIMARY KEY("tour_id","site_id")
);
--> statement-breakpoint
CREATE TABLE "tour_week_schedule_excluded_periods" (
	"id" serial PRIMARY KEY NOT NULL,
	"tour_id" integer NOT NULL,
	"date_from" date NOT NULL,
	"date_to" date NOT NULL,
	CONSTRAINT "tour_week_schedule_excluded_order" CHECK ("tour_week_schedule_excluded_periods"."date_to" >= "tour_week_schedule_excluded_periods"."date_from")
);
--> statement-breakpoint
CREATE TABLE "tour_week_schedule_times" (
	"tour_id" integer NOT NULL,
	"day_of_week" smallint NOT NULL,
	"time" text NOT NULL,
	CONSTRAINT "tour_week_schedule_times_tour_id_day_of_week_time_pk" PRIMARY KEY("tour_id","day_of_week","time"),
	CONSTRAINT "tour_week_schedule_times_day" CHECK ("tour_week_schedule_times"."day_of_week" BETWEEN 0 AND 6)
);
--> statement-breakpoint
CREATE TABLE "tour_week_schedules" (
	"tour_id" integer PRIMARY KEY NOT NULL,
	"publish_count_days" integer DEFAULT 90 NOT NULL,
	"last_tour_date" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tours" (
	"id" serial PRIMARY KEY NOT NULL,
	"organizer_id" integer NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"screen_name" text DEFAULT '' NOT NULL,
	"type" smallint DEFAULT 1 NOT NULL,
	"schedule_type" smallint DEFAULT 1 NOT NULL,
	"is_periodical" boolean DEFAULT false NOT NULL,
	"is_dates_preliminary" boolean DEFAULT false NOT NULL,
	"is_program_preliminary" boolean DEFAULT false NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"video_url" text,
	"countries" text[] DEFAULT '{}'::text[] NOT NULL,
	"languages" text[] DEFAULT '{}'::text[] NOT NULL,
	"region_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"host_city_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"rest_kind_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"collection_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"showplace_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"main_activity_id" integer,
	"currency" text DEFAULT 'RUB' NOT NULL,
	"price" numeric(12, 2),
	"difficulty" smallint,
	"gathering_place" text DEFAULT '' NOT NULL,
	"group_min" integer,
	"group_max" integer,
	"duration" integer,
	"duration_hours" numeric(5, 2),
	"min_age" integer,
	"max_age" integer,
	"max_tourist_weight" integer,
	"in_price" text DEFAULT '' NOT NULL,
	"not_in_price" text DEFAULT '' NOT NULL,
	"base" boolean DEFAULT false NOT NULL,
	"base_plus" boolean DEFAULT false NOT NULL,
	"medium" boolean DEFAULT false NOT NULL,
	"improved" boolean DEFAULT false NOT NULL,
	"premium" boolean DEFAULT false NOT NULL,
	"living_base" text DEFAULT '' NOT NULL,
	"booking_end_hours" integer DEFAULT 12 NOT NULL,
	"booking_auto_end_one_hour" boolean DEFAULT false NOT NULL,
	"is_request_period_limited" boolean DEFAULT false NOT NULL,
	"request_period_from" date,
	"request_period_to" date,
	"use_standard_cancellation_terms" boolean DEFAULT true NOT NULL,
	"is_insurance_included" boolean DEFAULT false NOT NULL,
	"is_insurance_required" boolean DEFAULT false NOT NULL,
	"insurance_description" text DEFAULT '' NOT NULL,
	"insurance_price" numeric(12, 2),
	"map_photo_file_id" integer,
	"lat" double precision,
	"lng" double precision,
	"copied_from_tour_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tours_group_range" CHECK ("tours"."group_min" IS NULL OR "tours"."group_max" IS NULL OR "tours"."group_min" <= "tours"."group_max"),
	CONSTRAINT "tours_age_range" CHECK ("tours"."min_age" IS NULL OR "tours"."max_age" IS NULL OR "tours"."min_age" <= "tours"."max_age"),
	CONSTRAINT "tours_price_nonnegative" CHECK ("tours"."price" IS NULL OR "tours"."price" >= 0)
);
--> statement-breakpoint
ALTER TABLE "guides" ADD CONSTRAINT "guides_organizer_id_organizers_id_fk" FOREIGN KEY ("organizer_id") REFERENCES "public"."organizers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guides" ADD CONSTRAINT "guides_photo_file_id_files_id_fk" FOREIGN KEY ("photo_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_accommodation_variants" ADD CONSTRAINT "tour_accommodation_variants_accommodation_id_tour_accommodations_id_fk" FOREIGN KEY ("accommodation_id") REFERENCES "public"."tour_accommodations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_accommodations" ADD CONSTRAINT "tour_accommodations_tour_id_tours_id_fk" FOREIGN KEY ("tour_id") REFERENCES "public"."tours"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_cities" ADD CONSTRAINT "tour_cities_tour_id_tours_id_fk" FOREIGN KEY ("tour_id") REFERENCES "public"."tours"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_cities" ADD CONSTRAINT "tour_cities_city_id_catalogue_items_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."catalogue_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_dates" ADD CONSTRAINT "tour_dates_tour_id_tours_id_fk" FOREIGN KEY ("tour_id") REFERENCES "public"."tours"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_discounts" ADD CONSTRAINT "tour_discounts_tour_id_tours_id_fk" FOREIGN KEY ("tour_id") REFERENCES "public"."tours"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_guides" ADD CONSTRAINT "tour_guides_tour_id_tours_id_fk" FOREIGN KEY ("tour_id") REFERENCES "public"."tours"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_guides" ADD CONSTRAINT "tour_guides_guide_id_guides_id_fk" FOREIGN KEY ("guide_id") REFERENCES "public"."guides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_penalties" ADD CONSTRAINT "tour_penalties_tour_id_tours_id_fk" FOREIGN KEY ("tour_id") REFERENCES "public"."tours"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_photos" ADD CONSTRAINT "tour_photos_tour_id_tours_id_fk" FOREIGN KEY ("tour_id") REFERENCES "public"."tours"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_photos" ADD CONSTRAINT "tour_photos_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_program_day_photos" ADD CONSTRAINT "tour_program_day_photos_program_day_id_tour_program_days_id_fk" FOREIGN KEY ("program_day_id") REFERENCES "public"."tour_program_days"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_program_day_photos" ADD CONSTRAINT "tour_program_day_photos_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_program_days" ADD CONSTRAINT "tour_program_days_tour_id_tours_id_fk" FOREIGN KEY ("tour_id") REFERENCES "public"."tours"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_questions" ADD CONSTRAINT "tour_questions_tour_id_tours_id_fk" FOREIGN KEY ("tour_id") REFERENCES "public"."tours"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_site_statuses" ADD CONSTRAINT "tour_site_statuses_tour_id_tours_id_fk" FOREIGN KEY ("tour_id") REFERENCES "public"."tours"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_site_statuses" ADD CONSTRAINT "tour_site_statuses_site_id_partner_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."partner_sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_week_schedule_excluded_periods" ADD CONSTRAINT "tour_week_schedule_excluded_periods_tour_id_tour_week_schedules_tour_id_fk" FOREIGN KEY ("tour_id") REFERENCES "public"."tour_week_schedules"("tour_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_week_schedule_times" ADD CONSTRAINT "tour_week_schedule_times_tour_id_tour_week_schedules_tour_id_fk" FOREIGN KEY ("tour_id") REFERENCES "public"."tour_week_schedules"("tour_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_week_schedules" ADD CONSTRAINT "tour_week_schedules_tour_id_tours_id_fk" FOREIGN KEY ("tour_id") REFERENCES "public"."tours"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tours" ADD CONSTRAINT "tours_organizer_id_organizers_id_fk" FOREIGN KEY ("organizer_id") REFERENCES "public"."organizers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tours" ADD CONSTRAINT "tours_main_activity_id_catalogue_items_id_fk" FOREIGN KEY ("main_activity_id") REFERENCES "public"."catalogue_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tours" ADD CONSTRAINT "tours_map_photo_file_id_files_id_fk" FOREIGN KEY ("map_photo_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "catalogue_items_kind_name_uq" ON "catalogue_items" USING btree ("kind","name_en");--> statement-breakpoint
CREATE INDEX "guides_organizer_idx" ON "guides" USING btree ("organizer_id");--> statement-breakpoint
CREATE INDEX "tour_accommodation_variants_idx" ON "tour_accommodation_variants" USING btree ("accommodation_id","position");--> statement-breakpoint
CREATE INDEX "tour_accommodations_tour_idx" ON "tour_accommodations" USING btree ("tour_id","position");--> statement-breakpoint
CREATE INDEX "tour_cities_tour_idx" ON "tour_cities" USING btree ("tour_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "tour_dates_departure_uq" ON "tour_dates" USING btree ("tour_id","date_start","time_start","tour_variant");--> statement-breakpoint
CREATE INDEX "tour_dates_start_idx" ON "tour_dates" USING btree ("date_start");--> statement-breakpoint
CREATE INDEX "tour_discounts_tour_idx" ON "tour_discounts" USING btree ("tour_id","kind","position");--> statement-breakpoint
CREATE INDEX "tour_guides_guide_idx" ON "tour_guides" USING btree ("guide_id");--> statement-breakpoint
CREATE INDEX "tour_photos_tour_idx" ON "tour_photos" USING btree ("tour_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "tour_photos_cover_uq" ON "tour_photos" USING btree ("tour_id") WHERE "tour_photos"."is_cover";--> statement-breakpoint
CREATE INDEX "tour_program_day_photos_day_idx" ON "tour_program_day_photos" USING btree ("program_day_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "tour_program_days_tour_day_uq" ON "tour_program_days" USING btree ("tour_id","day");--> statement-breakpoint
CREATE INDEX "tour_questions_tour_idx" ON "tour_questions" USING btree ("tour_id","position");--> statement-breakpoint
CREATE INDEX "tour_week_schedule_excluded_idx" ON "tour_week_schedule_excluded_periods" USING btree ("tour_id");--> statement-breakpoint
CREATE INDEX "tours_organizer_status_idx" ON "tours" USING btree ("organizer_id","status","id");--> statement-breakpoint
CREATE INDEX "tours_organizer_type_idx" ON "tours" USING btree ("organizer_id","type");--> statement-breakpoint
CREATE UNIQUE INDEX "tours_organizer_screen_name_uq" ON "tours" USING btree ("organizer_id","screen_name") WHERE "tours"."screen_name" <> '';