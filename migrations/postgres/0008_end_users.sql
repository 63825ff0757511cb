CREATE TABLE "end_users" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"app_group_id" text NOT NULL,
	"email" text,
	"email_verified" boolean DEFAULT false NOT NULL,
	"display_name" text,
	"status" text NOT NULL,
	"mfa_phone" text,
	"mfa_phone_verified_at" bigint,
	"import_source" text,
	"imported_password_hash" text,
	"last_sign_in_at" bigint,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);

--> statement-breakpoint
CREATE TABLE "end_user_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"end_user_id" text NOT NULL,
	"org_id" text NOT NULL,
	"app_group_id" text NOT NULL,
	"application_id" text NOT NULL,
	"amr" jsonb NOT NULL,
	"refresh_token_hash" text NOT NULL,
	"previous_refresh_token_hash" text,
	"created_at" bigint NOT NULL,
	"last_refreshed_at" bigint NOT NULL,
	"idle_expires_at" bigint NOT NULL,
	"expires_at" bigint NOT NULL,
	"revoked_at" bigint,
	"revoked_reason" text,
	"ip" text,
	"user_agent" text
);

--> statement-breakpoint
CREATE TABLE "end_user_flow_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"org_id" text NOT NULL,
	"app_group_id" text NOT NULL,
	"application_id" text NOT NULL,
	"end_user_id" text,
	"email" text,
	"data" jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" bigint NOT NULL,
	"used_at" bigint,
	"created_at" bigint NOT NULL
);

--> statement-breakpoint
CREATE TABLE "end_user_passkeys" (
	"id" text PRIMARY KEY NOT NULL,
	"end_user_id" text NOT NULL,
	"app_group_id" text NOT NULL,
	"rp_id" text NOT NULL,
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
CREATE TABLE "end_user_identities" (
	"id" text PRIMARY KEY NOT NULL,
	"end_user_id" text NOT NULL,
	"app_group_id" text NOT NULL,
	"provider" text NOT NULL,
	"subject" text NOT NULL,
	"email" text,
	"created_at" bigint NOT NULL,
	"last_used_at" bigint
);

--> statement-breakpoint
CREATE TABLE "end_user_mfa_codes" (
	"id" text PRIMARY KEY NOT NULL,
	"flow_token_id" text NOT NULL,
	"org_id" text NOT NULL,
	"end_user_id" text NOT NULL,
	"phone" text NOT NULL,
	"country" text NOT NULL,
	"coverage_group" text NOT NULL,
	"channel" text NOT NULL,
	"code_hash" text NOT NULL,
	"delivered" boolean DEFAULT false NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" bigint NOT NULL,
	"used_at" bigint,
	"created_at" bigint NOT NULL
);

--> statement-breakpoint
CREATE TABLE "end_user_sign_ins" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"app_group_id" text NOT NULL,
	"application_id" text NOT NULL,
	"end_user_id" text,
	"method" text NOT NULL,
	"outcome" text NOT NULL,
	"failure_reason" text,
	"signup" boolean DEFAULT false NOT NULL,
	"ip" text,
	"at" bigint NOT NULL
);

--> statement-breakpoint
ALTER TABLE "end_users" ADD CONSTRAINT "end_users_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "end_users" ADD CONSTRAINT "end_users_app_group_id_app_groups_id_fk" FOREIGN KEY ("app_group_id") REFERENCES "public"."app_groups"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "end_user_sessions" ADD CONSTRAINT "end_user_sessions_end_user_id_end_users_id_fk" FOREIGN KEY ("end_user_id") REFERENCES "public"."end_users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "end_user_sessions" ADD CONSTRAINT "end_user_sessions_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "end_user_sessions" ADD CONSTRAINT "end_user_sessions_app_group_id_app_groups_id_fk" FOREIGN KEY ("app_group_id") REFERENCES "public"."app_groups"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "end_user_sessions" ADD CONSTRAINT "end_user_sessions_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "end_user_flow_tokens" ADD CONSTRAINT "end_user_flow_tokens_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "end_user_flow_tokens" ADD CONSTRAINT "end_user_flow_tokens_app_group_id_app_groups_id_fk" FOREIGN KEY ("app_group_id") REFERENCES "public"."app_groups"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "end_user_flow_tokens" ADD CONSTRAINT "end_user_flow_tokens_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "end_user_flow_tokens" ADD CONSTRAINT "end_user_flow_tokens_end_user_id_end_users_id_fk" FOREIGN KEY ("end_user_id") REFERENCES "public"."end_users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "end_user_passkeys" ADD CONSTRAINT "end_user_passkeys_end_user_id_end_users_id_fk" FOREIGN KEY ("end_user_id") REFERENCES "public"."end_users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "end_user_passkeys" ADD CONSTRAINT "end_user_passkeys_app_group_id_app_groups_id_fk" FOREIGN KEY ("app_group_id") REFERENCES "public"."app_groups"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "end_user_identities" ADD CONSTRAINT "end_user_identities_end_user_id_end_users_id_fk" FOREIGN KEY ("end_user_id") REFERENCES "public"."end_users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "end_user_identities" ADD CONSTRAINT "end_user_identities_app_group_id_app_groups_id_fk" FOREIGN KEY ("app_group_id") REFERENCES "public"."app_groups"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "end_user_mfa_codes" ADD CONSTRAINT "end_user_mfa_codes_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "end_user_mfa_codes" ADD CONSTRAINT "end_user_mfa_codes_end_user_id_end_users_id_fk" FOREIGN KEY ("end_user_id") REFERENCES "public"."end_users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "end_user_sign_ins" ADD CONSTRAINT "end_user_sign_ins_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "end_user_sign_ins" ADD CONSTRAINT "end_user_sign_ins_app_group_id_app_groups_id_fk" FOREIGN KEY ("app_group_id") REFERENCES "public"."app_groups"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "end_user_sign_ins" ADD CONSTRAINT "end_user_sign_ins_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "end_users_group_email_uq" ON "end_users" USING btree ("app_group_id","email");
--> statement-breakpoint
CREATE INDEX "end_users_org_idx" ON "end_users" USING btree ("org_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "end_user_sessions_refresh_uq" ON "end_user_sessions" USING btree ("refresh_token_hash");
--> statement-breakpoint
CREATE INDEX "end_user_sessions_previous_idx" ON "end_user_sessions" USING btree ("previous_refresh_token_hash");
--> statement-breakpoint
CREATE INDEX "end_user_sessions_user_idx" ON "end_user_sessions" USING btree ("end_user_id");
--> statement-breakpoint
CREATE INDEX "end_user_sessions_expiry_idx" ON "end_user_sessions" USING btree ("expires_at");
--> statement-breakpoint
CREATE INDEX "end_user_flow_tokens_kind_expiry_idx" ON "end_user_flow_tokens" USING btree ("kind","expires_at");
--> statement-breakpoint
CREATE INDEX "end_user_flow_tokens_user_idx" ON "end_user_flow_tokens" USING btree ("end_user_id");
--> statement-breakpoint
CREATE INDEX "end_user_passkeys_user_idx" ON "end_user_passkeys" USING btree ("end_user_id");
--> statement-breakpoint
CREATE INDEX "end_user_passkeys_group_idx" ON "end_user_passkeys" USING btree ("app_group_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "end_user_identities_subject_uq" ON "end_user_identities" USING btree ("app_group_id","provider","subject");
--> statement-breakpoint
CREATE INDEX "end_user_identities_user_idx" ON "end_user_identities" USING btree ("end_user_id");
--> statement-breakpoint
CREATE INDEX "end_user_mfa_codes_flow_idx" ON "end_user_mfa_codes" USING btree ("flow_token_id");
--> statement-breakpoint
CREATE INDEX "end_user_mfa_codes_phone_idx" ON "end_user_mfa_codes" USING btree ("phone","created_at");
--> statement-breakpoint
CREATE INDEX "end_user_mfa_codes_created_idx" ON "end_user_mfa_codes" USING btree ("created_at");
--> statement-breakpoint
CREATE INDEX "end_user_sign_ins_org_at_idx" ON "end_user_sign_ins" USING btree ("org_id","at");
--> statement-breakpoint
CREATE INDEX "end_user_sign_ins_group_at_idx" ON "end_user_sign_ins" USING btree ("app_group_id","at");
