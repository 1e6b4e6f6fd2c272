ALTER TABLE "organizers" ADD COLUMN "verification_reason" text;--> statement-breakpoint
ALTER TABLE "tour_site_statuses" ADD COLUMN "reason" text;