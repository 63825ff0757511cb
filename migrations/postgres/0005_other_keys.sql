CREATE TABLE "org_webhook_secrets" (
	"org_id" text PRIMARY KEY NOT NULL,
	"secret_sealed" text NOT NULL,
	"created_at" bigint NOT NULL,
	"created_by" text NOT NULL,
	"previous_secret_sealed" text,
	"previous_valid_until" bigint
);

--> statement-breakpoint
CREATE TABLE "org_plugin_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"token_hash" text NOT NULL,
	"scopes" jsonb NOT NULL,
	"created_by" text NOT NULL,
	"created_at" bigint NOT NULL,
	"expires_at" bigint NOT NULL,
	"revoked_at" bigint,
	"revoked_by" text
);

--> statement-breakpoint
ALTER TABLE "org_webhook_secrets" ADD CONSTRAINT "org_webhook_secrets_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "org_plugin_tokens" ADD CONSTRAINT "org_plugin_tokens_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "org_plugin_tokens_hash_uq" ON "org_plugin_tokens" USING btree ("token_hash");
--> statement-breakpoint
CREATE INDEX "org_plugin_tokens_org_idx" ON "org_plugin_tokens" USING btree ("org_id","created_at");
