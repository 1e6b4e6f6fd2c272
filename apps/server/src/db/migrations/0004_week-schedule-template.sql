ALTER TABLE "tour_week_schedules" ADD COLUMN "price" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "tour_week_schedules" ADD COLUMN "days" integer;--> statement-breakpoint
ALTER TABLE "tour_week_schedules" ADD COLUMN "number_of_seats" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "tour_week_schedules" ADD COLUMN "full_payment_days" integer;--> statement-breakpoint
ALTER TABLE "tour_week_schedules" ADD COLUMN "prepayment_type" text DEFAULT 'percent' NOT NULL;--> statement-breakpoint
ALTER TABLE "tour_week_schedules" ADD COLUMN "prepayment_size" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "tour_week_schedules" ADD COLUMN "not_guaranteed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tour_week_schedules" ADD COLUMN "flight_included" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tour_week_schedules" ADD COLUMN "commentary" text DEFAULT '' NOT NULL;