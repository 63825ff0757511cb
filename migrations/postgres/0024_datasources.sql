CREATE TABLE "data_sources" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"app_group_id" text NOT NULL,
	"name" text NOT NULL,
	"region" text NOT NULL,
	"purpose" text NOT NULL,
	"tier" text,
	"is_managed" boolean NOT NULL,
	"status" text NOT NULL,
	"is_primary" boolean NOT NULL,
	"host" text NOT NULL,
	"port" integer NOT NULL,
	"database" text NOT NULL,
	"username" text NOT NULL,
	"password_sealed" text,
	"ssl_mode" text NOT NULL,
	"last_test_error" text,
	"last_tested_at" bigint,
	"password_rotated_at" bigint,
	"provider_deleted" boolean NOT NULL,
	"suspended_at" bigint,
	"warnings_sent" integer NOT NULL,
	"anchored_seq" bigint NOT NULL,
	"anchored_head" text,
	"anchored_at" bigint,
	"created_by" text,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL,
	"disconnected_at" bigint,
	"deleted_at" bigint
);

--> statement-breakpoint
ALTER TABLE "data_sources" ADD CONSTRAINT "data_sources_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "data_sources" ADD CONSTRAINT "data_sources_app_group_id_app_groups_id_fk" FOREIGN KEY ("app_group_id") REFERENCES "public"."app_groups"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "data_sources_group_idx" ON "data_sources" USING btree ("org_id","app_group_id","created_at");
--> statement-breakpoint
CREATE INDEX "data_sources_status_idx" ON "data_sources" USING btree ("status","is_managed");
