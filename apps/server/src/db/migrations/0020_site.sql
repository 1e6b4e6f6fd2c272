CREATE SEQUENCE "public"."site_fonts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1000 CACHE 1;--> statement-breakpoint
CREATE TABLE "site_documents" (
	"site_id" integer NOT NULL,
	"type" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_documents_site_id_type_pk" PRIMARY KEY("site_id","type")
);
--> statement-breakpoint
CREATE TABLE "site_fonts" (
	"id" integer PRIMARY KEY DEFAULT nextval('site_fonts_id_seq'::regclass) NOT NULL,
	"organizer_id" integer NOT NULL,
	"name" text NOT NULL,
	"family" text NOT NULL,
	"files" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_page_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"type" text NOT NULL,
	"version" integer NOT NULL,
	"blocks" jsonb NOT NULL,
	"settings" jsonb NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_pages" (
	"site_id" integer NOT NULL,
	"type" text NOT NULL,
	"draft_blocks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"draft_settings" jsonb NOT NULL,
	"published_blocks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"published_settings" jsonb NOT NULL,
	"published_version" integer DEFAULT 0 NOT NULL,
	"published_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_pages_site_id_type_pk" PRIMARY KEY("site_id","type")
);
--> statement-breakpoint
CREATE TABLE "sites" (
	"id" serial PRIMARY KEY NOT NULL,
	"organizer_id" integer NOT NULL,
	"subdomain" text NOT NULL,
	"custom_domain" text,
	"custom_domain_checked_at" timestamp with time zone,
	"preset_type" text NOT NULL,
	"preset" jsonb NOT NULL,
	"favicon_file_id" integer,
	"status" text DEFAULT 'unpublished' NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "site_documents" ADD CONSTRAINT "site_documents_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_fonts" ADD CONSTRAINT "site_fonts_organizer_id_organizers_id_fk" FOREIGN KEY ("organizer_id") REFERENCES "public"."organizers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_page_versions" ADD CONSTRAINT "site_page_versions_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_pages" ADD CONSTRAINT "site_pages_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_organizer_id_organizers_id_fk" FOREIGN KEY ("organizer_id") REFERENCES "public"."organizers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_favicon_file_id_files_id_fk" FOREIGN KEY ("favicon_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "site_fonts_organizer_idx" ON "site_fonts" USING btree ("organizer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "site_page_versions_uq" ON "site_page_versions" USING btree ("site_id","type","version");--> statement-breakpoint
CREATE UNIQUE INDEX "sites_organizer_uq" ON "sites" USING btree ("organizer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sites_subdomain_uq" ON "sites" USING btree ("subdomain");--> statement-breakpoint
CREATE UNIQUE INDEX "sites_custom_domain_uq" ON "sites" USING btree ("custom_domain") WHERE "sites"."custom_domain" IS NOT NULL;