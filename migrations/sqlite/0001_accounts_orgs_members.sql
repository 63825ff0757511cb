CREATE TABLE `passkeys` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`public_key` text NOT NULL,
	`counter` integer NOT NULL,
	`transports` text NOT NULL,
	`device_type` text NOT NULL,
	`backed_up` integer NOT NULL,
	`name` text NOT NULL,
	`created_at` integer NOT NULL,
	`last_used_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);

--> statement-breakpoint
CREATE INDEX `passkeys_user_idx` ON `passkeys` (`user_id`);
--> statement-breakpoint
CREATE TABLE `webauthn_challenges` (
	`id` text PRIMARY KEY NOT NULL,
	`challenge` text NOT NULL,
	`ceremony` text NOT NULL,
	`user_id` text,
	`purpose` text,
	`subject` text,
	`expires_at` integer NOT NULL,
	`consumed_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);

--> statement-breakpoint
CREATE UNIQUE INDEX `webauthn_challenges_challenge_uq` ON `webauthn_challenges` (`challenge`);
--> statement-breakpoint
CREATE INDEX `webauthn_challenges_expires_idx` ON `webauthn_challenges` (`expires_at`);
--> statement-breakpoint
CREATE TABLE `magic_links` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`return_url` text,
	`request_ip` text,
	`expires_at` integer NOT NULL,
	`consumed_at` integer,
	`created_at` integer NOT NULL
);

--> statement-breakpoint
CREATE INDEX `magic_links_email_idx` ON `magic_links` (`email`,`created_at`);
--> statement-breakpoint
CREATE TABLE `link_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`email` text NOT NULL,
	`expires_at` integer NOT NULL,
	`consumed_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);

--> statement-breakpoint
CREATE INDEX `link_requests_user_idx` ON `link_requests` (`user_id`,`created_at`);
--> statement-breakpoint
CREATE TABLE `linked_identities` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`linked_user_id` text NOT NULL,
	`record_hash` text NOT NULL,
	`created_at` integer NOT NULL,
	`revoked_at` integer,
	`revoked_by` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`linked_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);

--> statement-breakpoint
CREATE INDEX `linked_identities_user_idx` ON `linked_identities` (`user_id`);
--> statement-breakpoint
CREATE INDEX `linked_identities_linked_idx` ON `linked_identities` (`linked_user_id`);
--> statement-breakpoint
CREATE TABLE `org_settings` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`section` text NOT NULL,
	`value` text NOT NULL,
	`updated_at` integer NOT NULL,
	`updated_by` text,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);

--> statement-breakpoint
CREATE UNIQUE INDEX `org_settings_org_section_uq` ON `org_settings` (`org_id`,`section`);
--> statement-breakpoint
CREATE TABLE `otp_codes` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`user_id` text NOT NULL,
	`channel` text NOT NULL,
	`destination` text NOT NULL,
	`coverage` text,
	`code_hash` text NOT NULL,
	`attempts` integer NOT NULL,
	`delivered` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`consumed_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);

--> statement-breakpoint
CREATE INDEX `otp_codes_destination_idx` ON `otp_codes` (`destination`,`created_at`);
--> statement-breakpoint
CREATE INDEX `otp_codes_org_idx` ON `otp_codes` (`org_id`,`channel`,`created_at`);
--> statement-breakpoint
CREATE INDEX `otp_codes_coverage_idx` ON `otp_codes` (`coverage`,`created_at`);
--> statement-breakpoint
CREATE TABLE `org_roles` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`key` text NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`scopes` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);

--> statement-breakpoint
CREATE UNIQUE INDEX `org_roles_org_key_uq` ON `org_roles` (`org_id`,`key`);
--> statement-breakpoint
CREATE TABLE `connected_ids` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`type` text NOT NULL,
	`membership_type` text NOT NULL,
	`status` text NOT NULL,
	`user_id` text,
	`service_account_id` text,
	`display_name` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);

--> statement-breakpoint
CREATE INDEX `connected_ids_org_user_idx` ON `connected_ids` (`org_id`,`user_id`);
--> statement-breakpoint
CREATE UNIQUE INDEX `connected_ids_service_account_uq` ON `connected_ids` (`service_account_id`);
--> statement-breakpoint
CREATE TABLE `service_accounts` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`role` text NOT NULL,
	`created_by` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);

--> statement-breakpoint
CREATE UNIQUE INDEX `service_accounts_org_name_uq` ON `service_accounts` (`org_id`,`name`);
--> statement-breakpoint
CREATE TABLE `invitations` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`email` text NOT NULL,
	`role` text NOT NULL,
	`code_hash` text NOT NULL,
	`invited_by` text NOT NULL,
	`expires_at` integer NOT NULL,
	`accepted_at` integer,
	`accepted_by` text,
	`revoked_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);

--> statement-breakpoint
CREATE UNIQUE INDEX `invitations_code_uq` ON `invitations` (`code_hash`);
--> statement-breakpoint
CREATE INDEX `invitations_org_email_idx` ON `invitations` (`org_id`,`email`);
--> statement-breakpoint
CREATE TABLE `org_master_seals` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`method` text NOT NULL,
	`created_by` text,
	`credential_id` text,
	`signing_key_id` text NOT NULL,
	`record_hash` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);

--> statement-breakpoint
CREATE UNIQUE INDEX `org_master_seals_org_uq` ON `org_master_seals` (`org_id`);
--> statement-breakpoint
CREATE TABLE `org_signing_keys` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`alg` text NOT NULL,
	`public_jwk` text NOT NULL,
	`private_jwk_sealed` text NOT NULL,
	`created_at` integer NOT NULL,
	`rotated_at` integer,
	`retire_at` integer,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);

--> statement-breakpoint
CREATE INDEX `org_signing_keys_org_idx` ON `org_signing_keys` (`org_id`,`created_at`);
--> statement-breakpoint
CREATE TABLE `rate_counters` (
	`id` text PRIMARY KEY NOT NULL,
	`window_start` integer NOT NULL,
	`count` integer NOT NULL
);

--> statement-breakpoint
CREATE INDEX `rate_counters_window_idx` ON `rate_counters` (`window_start`);
--> statement-breakpoint
ALTER TABLE `organizations` ADD `type` text DEFAULT 'personal' NOT NULL;
--> statement-breakpoint
ALTER TABLE `organizations` ADD `parent_org_id` text;
--> statement-breakpoint
ALTER TABLE `organizations` ADD `representative` text;
--> statement-breakpoint
ALTER TABLE `organizations` ADD `verified_phone` text;
--> statement-breakpoint
ALTER TABLE `organizations` ADD `phone_verified_at` integer;
--> statement-breakpoint
ALTER TABLE `organizations` ADD `verified_email` text;
--> statement-breakpoint
ALTER TABLE `organizations` ADD `email_verified_at` integer;
--> statement-breakpoint
CREATE INDEX `organizations_parent_idx` ON `organizations` (`parent_org_id`);
