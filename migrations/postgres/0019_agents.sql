CREATE TABLE "agent_credentials" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"agent_id" text NOT NULL,
	"prefix" text NOT NULL,
	"secret_hash" text NOT NULL,
	"issued_by_connected_id" text NOT NULL,
	"issued_by_user_id" text NOT NULL,
	"created_at" bigint NOT NULL,
	"revoked_at" bigint,
	"revoked_reason" text
);

--> statement-breakpoint
CREATE TABLE "agents" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"app_group_id" text NOT NULL,
	"kind" text NOT NULL,
	"description" text,
	"system_prompt" text,
	"model" text,
	"role_id" text NOT NULL,
	"requested_scopes" jsonb,
	"snapshot" jsonb NOT NULL,
	"snapshot_at" bigint NOT NULL,
	"status" text NOT NULL,
	"suspended_reason" text,
	"expires_at" bigint NOT NULL,
	"hired_by_connected_id" text NOT NULL,
	"hired_by" text,
	"operator_connected_id" text,
	"operator_assigned_at" bigint,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL,
	"suspended_at" bigint,
	"revoked_at" bigint
);

--> statement-breakpoint
ALTER TABLE "agent_credentials" ADD CONSTRAINT "agent_credentials_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "agents" ADD CONSTRAINT "agents_id_connected_ids_id_fk" FOREIGN KEY ("id") REFERENCES "public"."connected_ids"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "agents" ADD CONSTRAINT "agents_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "agents" ADD CONSTRAINT "agents_app_group_id_app_groups_id_fk" FOREIGN KEY ("app_group_id") REFERENCES "public"."app_groups"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "agent_credentials_secret_uq" ON "agent_credentials" USING btree ("secret_hash");
--> statement-breakpoint
CREATE INDEX "agent_credentials_agent_idx" ON "agent_credentials" USING btree ("agent_id","created_at");
--> statement-breakpoint
CREATE INDEX "agents_org_group_idx" ON "agents" USING btree ("org_id","app_group_id","created_at");
--> statement-breakpoint
CREATE INDEX "agents_org_kind_idx" ON "agents" USING btree ("org_id","kind");
--> statement-breakpoint
CREATE INDEX "agents_expiry_idx" ON "agents" USING btree ("status","expires_at");
