CREATE TABLE "files" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"storage_class" text DEFAULT 'standard' NOT NULL,
	"storage_class_changed_at" bigint,
	"scope" text NOT NULL,
	"uploaded_by" text,
	"uploaded_by_key_id" text,
	"created_at" bigint NOT NULL,
	"last_accessed_at" bigint NOT NULL,
	"trashed_at" bigint,
	"trashed_by" text,
	"restorable_until" bigint,
	"sealed_at" bigint,
	"share_mode" text DEFAULT 'restricted' NOT NULL,
	"share_token" text,
	"share_token_created_at" bigint
);

--> statement-breakpoint
CREATE TABLE "file_upload_reservations" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"bytes" bigint NOT NULL,
	"created_at" bigint NOT NULL,
	"expires_at" bigint NOT NULL
);

--> statement-breakpoint
CREATE TABLE "lifecycle_rules" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"name" text,
	"action" text NOT NULL,
	"unaccessed_days" integer NOT NULL,
	"scope" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_by" text,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL,
	"last_run_at" bigint,
	"last_run_count" integer,
	"last_run_bytes" bigint
);

--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "file_upload_reservations" ADD CONSTRAINT "file_upload_reservations_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "lifecycle_rules" ADD CONSTRAINT "lifecycle_rules_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "files_storage_key_uq" ON "files" USING btree ("storage_key");
--> statement-breakpoint
CREATE UNIQUE INDEX "files_share_token_uq" ON "files" USING btree ("share_token");
--> statement-breakpoint
CREATE INDEX "files_org_created_idx" ON "files" USING btree ("org_id","created_at");
--> statement-breakpoint
CREATE INDEX "files_org_trashed_idx" ON "files" USING btree ("org_id","trashed_at");
--> statement-breakpoint
CREATE INDEX "files_org_accessed_idx" ON "files" USING btree ("org_id","last_accessed_at");
--> statement-breakpoint
CREATE INDEX "files_restorable_idx" ON "files" USING btree ("restorable_until");
--> statement-breakpoint
CREATE INDEX "file_upload_reservations_org_idx" ON "file_upload_reservations" USING btree ("org_id","expires_at");
--> statement-breakpoint
CREATE INDEX "file_upload_reservations_expires_idx" ON "file_upload_reservations" USING btree ("expires_at");
--> statement-breakpoint
CREATE INDEX "lifecycle_rules_org_idx" ON "lifecycle_rules" USING btree ("org_id","created_at");
