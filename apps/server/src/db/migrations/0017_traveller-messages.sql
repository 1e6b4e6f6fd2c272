CREATE TABLE "outbox_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"outbox_id" integer NOT NULL,
	"name" text NOT NULL,
	"mime" text NOT NULL,
	"data" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "traveller_message_settings" (
	"organizer_id" integer PRIMARY KEY NOT NULL,
	"default_language" text,
	"attach_contract" boolean DEFAULT true NOT NULL,
	"kinds" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "traveller_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"organizer_id" integer NOT NULL,
	"request_id" integer NOT NULL,
	"kind" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"recipient_name" text DEFAULT '' NOT NULL,
	"language" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"lease_until" timestamp with time zone,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"error" text,
	"subject" text DEFAULT '' NOT NULL,
	"html" text DEFAULT '' NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"outbox_id" integer,
	"open_token" text NOT NULL,
	"opened_at" timestamp with time zone,
	"sent_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "html" text;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "outbox_attachments" ADD CONSTRAINT "outbox_attachments_outbox_id_outbox_messages_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."outbox_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traveller_message_settings" ADD CONSTRAINT "traveller_message_settings_organizer_id_organizers_id_fk" FOREIGN KEY ("organizer_id") REFERENCES "public"."organizers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traveller_messages" ADD CONSTRAINT "traveller_messages_organizer_id_organizers_id_fk" FOREIGN KEY ("organizer_id") REFERENCES "public"."organizers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traveller_messages" ADD CONSTRAINT "traveller_messages_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traveller_messages" ADD CONSTRAINT "traveller_messages_outbox_id_outbox_messages_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."outbox_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traveller_messages" ADD CONSTRAINT "traveller_messages_sent_by_user_id_users_id_fk" FOREIGN KEY ("sent_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_attachments_outbox_idx" ON "outbox_attachments" USING btree ("outbox_id");--> statement-breakpoint
CREATE UNIQUE INDEX "traveller_messages_dedupe_uq" ON "traveller_messages" USING btree ("request_id","kind","dedupe_key","channel","recipient");--> statement-breakpoint
CREATE UNIQUE INDEX "traveller_messages_open_token_uq" ON "traveller_messages" USING btree ("open_token");--> statement-breakpoint
CREATE INDEX "traveller_messages_request_idx" ON "traveller_messages" USING btree ("request_id","id");--> statement-breakpoint
CREATE INDEX "traveller_messages_pending_idx" ON "traveller_messages" USING btree ("id") WHERE "traveller_messages"."state" IN ('pending', 'composing');--> statement-breakpoint
CREATE INDEX "traveller_messages_outbox_idx" ON "traveller_messages" USING btree ("outbox_id") WHERE "traveller_messages"."outbox_id" IS NOT NULL;