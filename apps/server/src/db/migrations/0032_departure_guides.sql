CREATE TABLE "tour_date_guides" (
	"tour_date_id" integer NOT NULL,
	"guide_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tour_date_guides_tour_date_id_guide_id_pk" PRIMARY KEY("tour_date_id","guide_id")
);
--> statement-breakpoint
ALTER TABLE "guides" ADD COLUMN "user_id" integer;--> statement-breakpoint
ALTER TABLE "tour_date_guides" ADD CONSTRAINT "tour_date_guides_tour_date_id_tour_dates_id_fk" FOREIGN KEY ("tour_date_id") REFERENCES "public"."tour_dates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_date_guides" ADD CONSTRAINT "tour_date_guides_guide_id_guides_id_fk" FOREIGN KEY ("guide_id") REFERENCES "public"."guides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tour_date_guides_guide_idx" ON "tour_date_guides" USING btree ("guide_id");--> statement-breakpoint
ALTER TABLE "guides" ADD CONSTRAINT "guides_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "guides_organizer_user_uq" ON "guides" USING btree ("organizer_id","user_id");