CREATE TABLE "chat_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"chat_id" integer NOT NULL,
	"author" text NOT NULL,
	"author_user_id" integer,
	"author_name" text DEFAULT '' NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"file_id" integer,
	"client_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"moderated_at" timestamp with time zone,
	CONSTRAINT "chat_messages_author" CHECK ("chat_messages"."author" IN ('organizer', 'traveller', 'support')),
	CONSTRAINT "chat_messages_text_length" CHECK (char_length("chat_messages"."text") <= 5000)
);
--> statement-breakpoint
CREATE TABLE "chat_requests" (
	"chat_id" integer NOT NULL,
	"request_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_requests_chat_id_request_id_pk" PRIMARY KEY("chat_id","request_id")
);
--> statement-breakpoint
CREATE TABLE "chats" (
	"id" serial PRIMARY KEY NOT NULL,
	"organizer_id" integer NOT NULL,
	"kind" text NOT NULL,
	"site_id" integer,
	"tour_id" integer,
	"traveller_name" text DEFAULT '' NOT NULL,
	"traveller_email" text DEFAULT '' NOT NULL,
	"link_secret" text NOT NULL,
	"is_frozen" boolean DEFAULT false NOT NULL,
	"last_message_id" integer,
	"organizer_read_id" integer DEFAULT 0 NOT NULL,
	"organizer_unread" integer DEFAULT 0 NOT NULL,
	"counterpart_read_id" integer DEFAULT 0 NOT NULL,
	"counterpart_unread" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chats_kind" CHECK ("chats"."kind" IN ('tourist', 'support')),
	CONSTRAINT "chats_read_marks" CHECK ("chats"."organizer_unread" >= 0 AND "chats"."counterpart_unread" >= 0 AND "chats"."organizer_read_id" >= 0 AND "chats"."counterpart_read_id" >= 0)
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_chat_id_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_requests" ADD CONSTRAINT "chat_requests_chat_id_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_requests" ADD CONSTRAINT "chat_requests_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chats" ADD CONSTRAINT "chats_organizer_id_organizers_id_fk" FOREIGN KEY ("organizer_id") REFERENCES "public"."organizers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chats" ADD CONSTRAINT "chats_site_id_partner_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."partner_sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chats" ADD CONSTRAINT "chats_tour_id_tours_id_fk" FOREIGN KEY ("tour_id") REFERENCES "public"."tours"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_messages_chat_id_idx" ON "chat_messages" USING btree ("chat_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_client_uq" ON "chat_messages" USING btree ("chat_id","author","client_id") WHERE "chat_messages"."client_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "chat_messages_file_idx" ON "chat_messages" USING btree ("file_id") WHERE "chat_messages"."file_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_requests_request_uq" ON "chat_requests" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "chats_org_updated_idx" ON "chats" USING btree ("organizer_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "chats_kind_updated_idx" ON "chats" USING btree ("kind","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "chats_support_uq" ON "chats" USING btree ("organizer_id","site_id") WHERE "chats"."kind" = 'support';