CREATE TABLE `idp_connections` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`type` text NOT NULL,
	`display_name` text NOT NULL,
	`email_domain` text,
	`status` text NOT NULL,
	`default_role` text NOT NULL,
	`attribute_mapping` text NOT NULL,
	`oidc_discovery_url` text,
	`oidc_issuer` text,
	`oidc_authorization_endpoint` text,
	`oidc_token_endpoint` text,
	`oidc_jwks_uri` text,
	`oidc_client_id` text,
	`oidc_client_secret_sealed` text,
	`saml_metadata_url` text,
	`saml_metadata_xml` text,
	`saml_sso_url` text,
	`saml_entity_id` text,
	`saml_certificate` text,
	`created_by` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`deactivated_at` integer,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);

--> statement-breakpoint
CREATE INDEX `idp_connections_org_idx` ON `idp_connections` (`org_id`,`created_at`);
--> statement-breakpoint
CREATE INDEX `idp_connections_domain_idx` ON `idp_connections` (`email_domain`);
--> statement-breakpoint
CREATE TABLE `federation_policies` (
	`org_id` text PRIMARY KEY NOT NULL,
	`default_connection_id` text,
	`jit_membership` integer NOT NULL,
	`updated_by` text,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);

--> statement-breakpoint
CREATE TABLE `saml_sp_keys` (
	`org_id` text PRIMARY KEY NOT NULL,
	`certificate_pem` text NOT NULL,
	`private_key_sealed` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);

--> statement-breakpoint
CREATE TABLE `idp_flows` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`connection_id` text NOT NULL,
	`protocol` text NOT NULL,
	`browser_hash` text NOT NULL,
	`code_verifier` text,
	`nonce` text,
	`saml_request_id` text,
	`return_url` text,
	`expires_at` integer NOT NULL,
	`consumed_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`connection_id`) REFERENCES `idp_connections`(`id`) ON UPDATE no action ON DELETE cascade
);

--> statement-breakpoint
CREATE UNIQUE INDEX `idp_flows_saml_request_uq` ON `idp_flows` (`saml_request_id`);
--> statement-breakpoint
CREATE INDEX `idp_flows_expires_idx` ON `idp_flows` (`expires_at`);
--> statement-breakpoint
CREATE TABLE `idp_identities` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`connection_id` text NOT NULL,
	`subject` text NOT NULL,
	`user_id` text NOT NULL,
	`email` text NOT NULL,
	`created_at` integer NOT NULL,
	`last_sign_in_at` integer NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`connection_id`) REFERENCES `idp_connections`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);

--> statement-breakpoint
CREATE UNIQUE INDEX `idp_identities_subject_uq` ON `idp_identities` (`connection_id`,`subject`);
--> statement-breakpoint
CREATE INDEX `idp_identities_user_idx` ON `idp_identities` (`user_id`);
