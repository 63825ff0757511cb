CREATE TABLE "behavior_events" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"app_group_id" text NOT NULL,
	"application_id" text NOT NULL,
	"client_event_id" text NOT NULL,
	"type" text NOT NULL,
	"path" text,
	"ref_domain" text,
	"utm_source" text,
	"utm_medium" text,
	"utm_campaign" text,
	"dwell_ms" integer,
	"anon_id" text,
	"end_user_id" text,
	"session_id" text,
	"country" text,
	"data" jsonb,
	"at" bigint NOT NULL,
	"received_at" bigint NOT NULL
);

--> statement-breakpoint
CREATE TABLE "analytics_rollups" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"app_group_id" text NOT NULL,
	"kind" text NOT NULL,
	"date" text NOT NULL,
	"rows" jsonb NOT NULL,
	"sha256" text NOT NULL,
	"row_count" integer NOT NULL,
	"event_count" integer NOT NULL,
	"source_sha256" text NOT NULL,
	"audit_event_id" text NOT NULL,
	"created_at" bigint NOT NULL
);

--> statement-breakpoint
CREATE TABLE "analytics_collection" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"events_enabled" boolean DEFAULT true NOT NULL,
	"updated_by" text,
	"updated_at" bigint NOT NULL
);

--> statement-breakpoint
CREATE TABLE "org_addons" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"addon_key" text NOT NULL,
	"status" text NOT NULL,
	"enabled_at" bigint NOT NULL,
	"enabled_by" text,
	"disabled_at" bigint,
	"paid_through" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);

--> statement-breakpoint
CREATE TABLE "org_credit_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"balance_cents" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);

--> statement-breakpoint
CREATE TABLE "org_credit_ledger" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"balance_after_cents" bigint NOT NULL,
	"reason" text NOT NULL,
	"actor_id" text,
	"at" bigint NOT NULL
);

--> statement-breakpoint
ALTER TABLE "behavior_events" ADD CONSTRAINT "behavior_events_app_group_id_app_groups_id_fk" FOREIGN KEY ("app_group_id") REFERENCES "public"."app_groups"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "analytics_rollups" ADD CONSTRAINT "analytics_rollups_app_group_id_app_groups_id_fk" FOREIGN KEY ("app_group_id") REFERENCES "public"."app_groups"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "analytics_collection" ADD CONSTRAINT "analytics_collection_id_app_groups_id_fk" FOREIGN KEY ("id") REFERENCES "public"."app_groups"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "org_addons" ADD CONSTRAINT "org_addons_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "org_credit_accounts" ADD CONSTRAINT "org_credit_accounts_id_organizations_id_fk" FOREIGN KEY ("id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "org_credit_ledger" ADD CONSTRAINT "org_credit_ledger_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "behavior_events_group_client_uq" ON "behavior_events" USING btree ("app_group_id","client_event_id");
--> statement-breakpoint
CREATE INDEX "behavior_events_group_at_idx" ON "behavior_events" USING btree ("app_group_id","at");
--> statement-breakpoint
CREATE UNIQUE INDEX "analytics_rollups_group_kind_date_uq" ON "analytics_rollups" USING btree ("app_group_id","kind","date");
--> statement-breakpoint
CREATE INDEX "analytics_rollups_org_kind_date_idx" ON "analytics_rollups" USING btree ("org_id","kind","date");
--> statement-breakpoint
CREATE UNIQUE INDEX "org_addons_org_key_uq" ON "org_addons" USING btree ("org_id","addon_key");
--> statement-breakpoint
CREATE INDEX "org_credit_ledger_org_at_idx" ON "org_credit_ledger" USING btree ("org_id","at");
