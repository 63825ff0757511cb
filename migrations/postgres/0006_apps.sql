CREATE TABLE "app_groups" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"icon_url" text,
	"brand_color" text,
	"branding" jsonb NOT NULL,
	"login_methods" jsonb NOT NULL,
	"passkey_rp_id" text,
	"social_providers" jsonb NOT NULL,
	"billing_collection" boolean DEFAULT false NOT NULL,
	"bot_protection" boolean DEFAULT false NOT NULL,
	"created_by" text,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL,
	"deleted_at" bigint
);

--> statement-breakpoint
CREATE TABLE "applications" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"app_group_id" text NOT NULL,
	"client_key" text NOT NULL,
	"name" text NOT NULL,
	"platform" text NOT NULL,
	"environment" text NOT NULL,
	"status" text NOT NULL,
	"allowed_origins" jsonb NOT NULL,
	"callback_urls" jsonb NOT NULL,
	"oidc" jsonb NOT NULL,
	"saml" jsonb,
	"client_secret_hash" text,
	"secret_rotated_at" bigint,
	"cloudflare_account_id" text,
	"cloudflare_token_sealed" text,
	"cloudflare_connected_at" bigint,
	"created_by" text,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);

--> statement-breakpoint
ALTER TABLE "app_groups" ADD CONSTRAINT "app_groups_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_app_group_id_app_groups_id_fk" FOREIGN KEY ("app_group_id") REFERENCES "public"."app_groups"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "app_groups_key_uq" ON "app_groups" USING btree ("key");
--> statement-breakpoint
CREATE INDEX "app_groups_org_idx" ON "app_groups" USING btree ("org_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "applications_client_key_uq" ON "applications" USING btree ("client_key");
--> statement-breakpoint
CREATE UNIQUE INDEX "applications_group_platform_env_uq" ON "applications" USING btree ("app_group_id","platform","environment");
--> statement-breakpoint
CREATE INDEX "applications_org_idx" ON "applications" USING btree ("org_id");
