CREATE TABLE "idp_connections" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"type" text NOT NULL,
	"display_name" text NOT NULL,
	"email_domain" text,
	"status" text NOT NULL,
	"default_role" text NOT NULL,
	"attribute_mapping" jsonb NOT NULL,
	"oidc_discovery_url" text,
	"oidc_issuer" text,
	"oidc_authorization_endpoint" text,
	"oidc_token_endpoint" text,
	"oidc_jwks_uri" text,
	"oidc_client_id" text,
	"oidc_client_secret_sealed" text,
	"saml_metadata_url" text,
	"saml_metadata_xml" text,
	"saml_sso_url" text,
	"saml_entity_id" text,
	"saml_certificate" text,
	"created_by" text,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL,
	"deactivated_at" bigint
);

--> statement-breakpoint
CREATE TABLE "federation_policies" (
	"org_id" text PRIMARY KEY NOT NULL,
	"default_connection_id" text,
	"jit_membership" boolean NOT NULL,
	"updated_by" text,
	"updated_at" bigint NOT NULL
);

--> statement-breakpoint
CREATE TABLE "saml_sp_keys" (
	"org_id" text PRIMARY KEY NOT NULL,
	"certificate_pem" text NOT NULL,
	"private_key_sealed" text NOT NULL,
	"created_at" bigint NOT NULL
);

--> statement-breakpoint
CREATE TABLE "idp_flows" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"connection_id" text NOT NULL,
	"protocol" text NOT NULL,
	"browser_hash" text NOT NULL,
	"code_verifier" text,
	"nonce" text,
	"saml_request_id" text,
	"return_url" text,
	"expires_at" bigint NOT NULL,
	"consumed_at" bigint,
	"created_at" bigint NOT NULL
);

--> statement-breakpoint
CREATE TABLE "idp_identities" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"connection_id" text NOT NULL,
	"subject" text NOT NULL,
	"user_id" text NOT NULL,
	"email" text NOT NULL,
	"created_at" bigint NOT NULL,
	"last_sign_in_at" bigint NOT NULL
);

--> statement-breakpoint
ALTER TABLE "idp_connections" ADD CONSTRAINT "idp_connections_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "federation_policies" ADD CONSTRAINT "federation_policies_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "saml_sp_keys" ADD CONSTRAINT "saml_sp_keys_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "idp_flows" ADD CONSTRAINT "idp_flows_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "idp_flows" ADD CONSTRAINT "idp_flows_connection_id_idp_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."idp_connections"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "idp_identities" ADD CONSTRAINT "idp_identities_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "idp_identities" ADD CONSTRAINT "idp_identities_connection_id_idp_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."idp_connections"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "idp_identities" ADD CONSTRAINT "idp_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "idp_connections_org_idx" ON "idp_connections" USING btree ("org_id","created_at");
--> statement-breakpoint
CREATE INDEX "idp_connections_domain_idx" ON "idp_connections" USING btree ("email_domain");
--> statement-breakpoint
CREATE UNIQUE INDEX "idp_flows_saml_request_uq" ON "idp_flows" USING btree ("saml_request_id");
--> statement-breakpoint
CREATE INDEX "idp_flows_expires_idx" ON "idp_flows" USING btree ("expires_at");
--> statement-breakpoint
CREATE UNIQUE INDEX "idp_identities_subject_uq" ON "idp_identities" USING btree ("connection_id","subject");
--> statement-breakpoint
CREATE INDEX "idp_identities_user_idx" ON "idp_identities" USING btree ("user_id");
