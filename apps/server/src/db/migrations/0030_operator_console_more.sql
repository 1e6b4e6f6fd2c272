ALTER TABLE "chat_messages" ADD COLUMN "edited_by" text;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "moderated_by" text;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "deleted_by" text;