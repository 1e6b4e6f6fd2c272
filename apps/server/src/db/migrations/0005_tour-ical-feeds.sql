CREATE TABLE "tour_ical_feeds" (
	"id" serial PRIMARY KEY NOT NULL,
	"organizer_id" integer NOT NULL,
	"tour_id" integer,
	"name" text DEFAULT '' NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "tour_ical_feeds" ADD CONSTRAINT "tour_ical_feeds_organizer_id_organizers_id_fk" FOREIGN KEY ("organizer_id") REFERENCES "public"."organizers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_ical_feeds" ADD CONSTRAINT "tour_ical_feeds_tour_id_tours_id_fk" FOREIGN KEY ("tour_id") REFERENCES "public"."tours"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tour_ical_feeds_token_hash_uq" ON "tour_ical_feeds" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "tour_ical_feeds_organizer_idx" ON "tour_ical_feeds" USING btree ("organizer_id","id");