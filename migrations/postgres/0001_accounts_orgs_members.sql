CREATE TABLE "passkeys" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"public_key" text NOT NULL,
	"counter" bigint NOT NULL,
	"transports" jsonb NOT NULL,
	"device_type" text NOT NULL,
	"backed_up" boolean NOT NULL,
	"name" text NOT NULL,
	"created_at" bigint NOT NULL,
	"last_used_at" bigint
);

--> statement-breakpoint
CREATE TABLE "webauthn_challenges" (
	"id" text PRIMARY KEY NOT NULL,
	"challenge" text NOT NULL,
	"ceremony" text NOT NULL,
	"user_id" text,
	"purpose" text,
	"subject" text,
	"expires_at" bigint NOT NULL,
	"consumed_at" bigint,
	"created_at" bigint NOT NULL
);

--> statement-breakpoint
CREATE TABLE "magic_links" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"return_url" text,
	"request_ip" text,
	"expires_at" bigint NOT NULL,
	"consumed_at" bigint,
	"created_at" bigint NOT NULL
);

--> statement-breakpoint
CREATE TABLE "link_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"email" text NOT NULL,
	"expires_at" bigint NOT NULL,
	"consumed_at" bigint,
	"created_at" bigint NOT NULL
);

--> statement-breakpoint
CREATE TABLE "linked_identities" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"linked_user_id" text NOT NULL,
	"record_hash" text NOT NULL,
	"created_at" bigint NOT NULL,
	"revoked_at" bigint,
	"revoked_by" text
);

--> statement-breakpoint
CREATE TABLE "org_settings" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"section" text NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" bigint NOT NULL,
	"updated_by" text
);

--> statement-breakpoint
CREATE TABLE "otp_codes" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"user_id" text NOT NULL,
	"channel" text NOT NULL,
	"destination" text NOT NULL,
	"coverage" text,
	"code_hash" text NOT NULL,
	"attempts" integer NOT NULL,
	"delivered" boolean NOT NULL,
	"expires_at" bigint NOT NULL,
	"consumed_at" bigint,
	"created_at" bigint NOT NULL
);

--> statement-breakpoint
CREATE TABLE "org_roles" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"scopes" jsonb NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);

--> statement-breakpoint
CREATE TABLE "connected_ids" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"type" text NOT NULL,
	"membership_type" text NOT NULL,
	"status" text NOT NULL,
	"user_id" text,
	"service_account_id" text,
	"display_name" text NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);

--> statement-breakpoint
CREATE TABLE "service_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"role" text NOT NULL,
	"created_by" text,
	"created_at" bigint NOT NULL
);

--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"code_hash" text NOT NULL,
	"invited_by" text NOT NULL,
	"expires_at" bigint NOT NULL,
	"accepted_at" bigint,
	"accepted_by" text,
	"revoked_at" bigint,
	"created_at" bigint NOT NULL
);

--> statement-breakpoint
CREATE TABLE "org_master_seals" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"method" text NOT NULL,
	"created_by" text,
	"credential_id" text,
	"signing_key_id" text NOT NULL,
	"record_hash" text NOT NULL,
	"created_at" bigint NOT NULL
);

--> statement-breakpoint
CREATE TABLE "org_signing_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"alg" text NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"private_jwk_sealed" text NOT NULL,
	"created_at" bigint NOT NULL,
	"rotated_at" bigint,
	"retire_at" bigint
);

--> statement-breakpoint
CREATE TABLE "rate_counters" (
	"id" text PRIMARY KEY NOT NULL,
	"window_start" bigint NOT NULL,
	"count" integer NOT NULL
);

--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "type" text DEFAULT 'personal' NOT NULL;
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "parent_org_id" text;
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "representative" jsonb;
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "verified_phone" text;
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "phone_verified_at" bigint;
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "verified_email" text;
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "email_verified_at" bigint;
--> statement-breakpoint
ALTER TABLE "passkeys" ADD CONSTRAINT "passkeys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "webauthn_challenges" ADD CONSTRAINT "webauthn_challenges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "link_requests" ADD CONSTRAINT "link_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "linked_identities" ADD CONSTRAINT "linked_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "linked_identities" ADD CONSTRAINT "linked_identities_linked_user_id_users_id_fk" FOREIGN KEY ("linked_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "org_settings" ADD CONSTRAINT "org_settings_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "otp_codes" ADD CONSTRAINT "otp_codes_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "org_roles" ADD CONSTRAINT "org_roles_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "connected_ids" ADD CONSTRAINT "connected_ids_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "service_accounts" ADD CONSTRAINT "service_accounts_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "org_master_seals" ADD CONSTRAINT "org_master_seals_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "org_signing_keys" ADD CONSTRAINT "org_signing_keys_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "passkeys_user_idx" ON "passkeys" USING btree ("user_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "webauthn_challenges_challenge_uq" ON "webauthn_challenges" USING btree ("challenge");
--> statement-breakpoint
CREATE INDEX "webauthn_challenges_expires_idx" ON "webauthn_challenges" USING btree ("expires_at");
--> statement-breakpoint
CREATE INDEX "magic_links_email_idx" ON "magic_links" USING btree ("email","created_at");
--> statement-breakpoint
CREATE INDEX "link_requests_user_idx" ON "link_requests" USING btree ("user_id","created_at");
--> statement-breakpoint
CREATE INDEX "linked_identities_user_idx" ON "linked_identities" USING btree ("user_id");
--> statement-breakpoint
CREATE INDEX "linked_identities_linked_idx" ON "linked_identities" USING btree ("linked_user_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "org_settings_org_section_uq" ON "org_settings" USING btree ("org_id","section");
--> statement-breakpoint
CREATE INDEX "otp_codes_destination_idx" ON "otp_codes" USING btree ("destination","created_at");
--> statement-breakpoint
CREATE INDEX "otp_codes_org_idx" ON "otp_codes" USING btree ("org_id","channel","created_at");
--> statement-breakpoint
CREATE INDEX "otp_codes_coverage_idx" ON "otp_codes" USING btree ("coverage","created_at");
--> statement-breakpoint
CREATE UNIQUE INDEX "org_roles_org_key_uq" ON "org_roles" USING btree ("org_id","key");
--> statement-breakpoint
CREATE INDEX "connected_ids_org_user_idx" ON "connected_ids" USING btree ("org_id","user_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "connected_ids_service_account_uq" ON "connected_ids" USING btree ("service_account_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "service_accounts_org_name_uq" ON "service_accounts" USING btree ("org_id","name");
--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_code_uq" ON "invitations" USING btree ("code_hash");
--> statement-breakpoint
CREATE INDEX "invitations_org_email_idx" ON "invitations" USING btree ("org_id","email");
--> statement-breakpoint
CREATE UNIQUE INDEX "org_master_seals_org_uq" ON "org_master_seals" USING btree ("org_id");
--> statement-breakpoint
CREATE INDEX "org_signing_keys_org_idx" ON "org_signing_keys" USING btree ("org_id","created_at");
--> statement-breakpoint
CREATE INDEX "rate_counters_window_idx" ON "rate_counters" USING btree ("window_start");
--> statement-breakpoint
CREATE INDEX "organizations_parent_idx" ON "organizations" USING btree ("parent_org_id");
