CREATE TABLE "request_messenger_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"source_type" text NOT NULL,
	"chat_id" text NOT NULL,
	"language" text NOT NULL,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"unlinked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "request_messenger_links" ADD CONSTRAINT "request_messenger_links_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "request_messenger_links_live_uq" ON "request_messenger_links" USING btree ("request_id","source_type","chat_id") WHERE "request_messenger_links"."unlinked_at" is null;--> statement-breakpoint
CREATE INDEX "request_messenger_links_chat_idx" ON "request_messenger_links" USING btree ("source_type","chat_id");