CREATE TABLE "api_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"name" text,
	"prefix" text NOT NULL,
	"secret_hash" text NOT NULL,
	"scopes" jsonb NOT NULL,
	"app_group_id" text,
	"service_account_id" text,
	"max_token_lifetime_seconds" integer NOT NULL,
	"created_by" text,
	"created_at" bigint NOT NULL,
	"revoked_at" bigint,
	"revoked_by" text,
	"revocation_marker_until" bigint
);

--> statement-breakpoint
CREATE TABLE "org_permit_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"alg" text NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"private_jwk_sealed" text NOT NULL,
	"created_at" bigint NOT NULL,
	"rotated_at" bigint
);

--> statement-breakpoint
CREATE TABLE "m2m_token_secrets" (
	"id" text PRIMARY KEY NOT NULL,
	"secret_sealed" text NOT NULL,
	"created_at" bigint NOT NULL
);

--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "org_permit_keys" ADD CONSTRAINT "org_permit_keys_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_secret_uq" ON "api_keys" USING btree ("secret_hash");
--> statement-breakpoint
CREATE INDEX "api_keys_org_idx" ON "api_keys" USING btree ("org_id","created_at");
--> statement-breakpoint
CREATE INDEX "api_keys_marker_idx" ON "api_keys" USING btree ("revocation_marker_until");
--> statement-breakpoint
CREATE INDEX "org_permit_keys_org_idx" ON "org_permit_keys" USING btree ("org_id","created_at");
