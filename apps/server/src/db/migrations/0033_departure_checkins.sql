CREATE TABLE "departure_checkins" (
	"id" serial PRIMARY KEY NOT NULL,
	"tour_date_id" integer NOT NULL,
	"request_id" integer NOT NULL,
	"place" integer NOT NULL,
	"status" text NOT NULL,
	"by_user_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"client_key" text NOT NULL,
	CONSTRAINT "departure_checkins_status_ck" CHECK ("departure_checkins"."status" in ('checked_in', 'no_show'))
);
--> statement-breakpoint
ALTER TABLE "departure_checkins" ADD CONSTRAINT "departure_checkins_tour_date_id_tour_dates_id_fk" FOREIGN KEY ("tour_date_id") REFERENCES "public"."tour_dates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "departure_checkins" ADD CONSTRAINT "departure_checkins_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "departure_checkins" ADD CONSTRAINT "departure_checkins_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "departure_checkins_place_uq" ON "departure_checkins" USING btree ("request_id","place");--> statement-breakpoint
CREATE INDEX "departure_checkins_tour_date_idx" ON "departure_checkins" USING btree ("tour_date_id");