CREATE TABLE "request_meet_data_sends" (
	"id" serial PRIMARY KEY NOT NULL,
	"organizer_id" integer NOT NULL,
	"request_id" integer NOT NULL,
	"template_id" integer,
	"template_name" text DEFAULT '' NOT NULL,
	"text" text NOT NULL,
	"place" text DEFAULT '' NOT NULL,
	"contact_phone" text DEFAULT '' NOT NULL,
	"emails" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sent_by" integer,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "request_meet_data_sends" ADD CONSTRAINT "request_meet_data_sends_organizer_id_organizers_id_fk" FOREIGN KEY ("organizer_id") REFERENCES "public"."organizers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_meet_data_sends" ADD CONSTRAINT "request_meet_data_sends_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_meet_data_sends" ADD CONSTRAINT "request_meet_data_sends_template_id_meet_data_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."meet_data_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_meet_data_sends" ADD CONSTRAINT "request_meet_data_sends_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "request_meet_data_sends_request_idx" ON "request_meet_data_sends" USING btree ("request_id","sent_at");