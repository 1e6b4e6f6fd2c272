CREATE TABLE "domain_event_cursors" (
	"subscriber" text PRIMARY KEY NOT NULL,
	"last_tx_id" "xid8" DEFAULT '0'::xid8 NOT NULL,
	"last_id" bigint DEFAULT 0 NOT NULL,
	"failed_event_id" bigint,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "domain_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tx_id" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"type" text NOT NULL,
	"aggregate_type" text NOT NULL,
	"aggregate_id" integer NOT NULL,
	"organizer_id" integer,
	"actor_type" text NOT NULL,
	"actor_user_id" integer,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "domain_events_stream_idx" ON "domain_events" USING btree ("tx_id","id");
