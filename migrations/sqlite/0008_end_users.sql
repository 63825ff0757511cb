CREATE TABLE `end_users` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`app_group_id` text NOT NULL,
	`email` text,
	`email_verified` integer DEFAULT false NOT NULL,
	`display_name` text,
	`status` text NOT NULL,
	`mfa_phone` text,
	`mfa_phone_verified_at` integer,
	`import_source` text,
	`imported_password_hash` text,
	`last_sign_in_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`app_group_id`) REFERENCES `app_groups`(`id`) ON UPDATE no action ON DELETE cascade
);

--> statement-breakpoint
CREATE UNIQUE INDEX `end_users_group_email_uq` ON `end_users` (`app_group_id`,`email`);
--> statement-breakpoint
CREATE INDEX `end_users_org_idx` ON `end_users` (`org_id`);
--> statement-breakpoint
CREATE TABLE `end_user_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`end_user_id` text NOT NULL,
	`org_id` text NOT NULL,
	`app_group_id` text NOT NULL,
	`application_id` text NOT NULL,
	`amr` text NOT NULL,
	`refresh_token_hash` text NOT NULL,
	`previous_refresh_token_hash` text,
	`created_at` integer NOT NULL,
	`last_refreshed_at` integer NOT NULL,
	`idle_expires_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`revoked_at` integer,
	`revoked_reason` text,
	`ip` text,
	`user_agent` text,
	FOREIGN KEY (`end_user_id`) REFERENCES `end_users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`app_group_id`) REFERENCES `app_groups`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`application_id`) REFERENCES `applications`(`id`) ON UPDATE no action ON DELETE cascade
);

--> statement-breakpoint
CREATE UNIQUE INDEX `end_user_sessions_refresh_uq` ON `end_user_sessions` (`refresh_token_hash`);
--> statement-breakpoint
CREATE INDEX `end_user_sessions_previous_idx` ON `end_user_sessions` (`previous_refresh_token_hash`);
--> statement-breakpoint
CREATE INDEX `end_user_sessions_user_idx` ON `end_user_sessions` (`end_user_id`);
--> statement-breakpoint
CREATE INDEX `end_user_sessions_expiry_idx` ON `end_user_sessions` (`expires_at`);
--> statement-breakpoint
CREATE TABLE `end_user_flow_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`org_id` text NOT NULL,
	`app_group_id` text NOT NULL,
	`application_id` text NOT NULL,
	`end_user_id` text,
	`email` text,
	`data` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`app_group_id`) REFERENCES `app_groups`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`application_id`) REFERENCES `applications`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`end_user_id`) REFERENCES `end_users`(`id`) ON UPDATE no action ON DELETE cascade
);

--> statement-breakpoint
CREATE INDEX `end_user_flow_tokens_kind_expiry_idx` ON `end_user_flow_tokens` (`kind`,`expires_at`);
--> statement-breakpoint
CREATE INDEX `end_user_flow_tokens_user_idx` ON `end_user_flow_tokens` (`end_user_id`);
--> statement-breakpoint
CREATE TABLE `end_user_passkeys` (
	`id` text PRIMARY KEY NOT NULL,
	`end_user_id` text NOT NULL,
	`app_group_id` text NOT NULL,
	`rp_id` text NOT NULL,
	`public_key` text NOT NULL,
	`counter` integer NOT NULL,
	`transports` text NOT NULL,
	`device_type` text NOT NULL,
	`backed_up` integer NOT NULL,
	`name` text NOT NULL,
	`created_at` integer NOT NULL,
	`last_used_at` integer,
	FOREIGN KEY (`end_user_id`) REFERENCES `end_users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`app_group_id`) REFERENCES `app_groups`(`id`) ON UPDATE no action ON DELETE cascade
);

--> statement-breakpoint
CREATE INDEX `end_user_passkeys_user_idx` ON `end_user_passkeys` (`end_user_id`);
--> statement-breakpoint
CREATE INDEX `end_user_passkeys_group_idx` ON `end_user_passkeys` (`app_group_id`);
--> statement-breakpoint
CREATE TABLE `end_user_identities` (
	`id` text PRIMARY KEY NOT NULL,
	`end_user_id` text NOT NULL,
	`app_group_id` text NOT NULL,
	`provider` text NOT NULL,
	`subject` text NOT NULL,
	`email` text,
	`created_at` integer NOT NULL,
	`last_used_at` integer,
	FOREIGN KEY (`end_user_id`) REFERENCES `end_users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`app_group_id`) REFERENCES `app_groups`(`id`) ON UPDATE no action ON DELETE cascade
);

--> statement-breakpoint
CREATE UNIQUE INDEX `end_user_identities_subject_uq` ON `end_user_identities` (`app_group_id`,`provider`,`subject`);
--> statement-breakpoint
CREATE INDEX `end_user_identities_user_idx` ON `end_user_identities` (`end_user_id`);
--> statement-breakpoint
CREATE TABLE `end_user_mfa_codes` (
	`id` text PRIMARY KEY NOT NULL,
	`flow_token_id` text NOT NULL,
	`org_id` text NOT NULL,
	`end_user_id` text NOT NULL,
	`phone` text NOT NULL,
	`country` text NOT NULL,
	`coverage_group` text NOT NULL,
	`channel` text NOT NULL,
	`code_hash` text NOT NULL,
	`delivered` integer DEFAULT false NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`end_user_id`) REFERENCES `end_users`(`id`) ON UPDATE no action ON DELETE cascade
);

--> statement-breakpoint
CREATE INDEX `end_user_mfa_codes_flow_idx` ON `end_user_mfa_codes` (`flow_token_id`);
--> statement-breakpoint
CREATE INDEX `end_user_mfa_codes_phone_idx` ON `end_user_mfa_codes` (`phone`,`created_at`);
--> statement-breakpoint
CREATE INDEX `end_user_mfa_codes_created_idx` ON `end_user_mfa_codes` (`created_at`);
--> statement-breakpoint
CREATE TABLE `end_user_sign_ins` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`app_group_id` text NOT NULL,
	`application_id` text NOT NULL,
	`end_user_id` text,
	`method` text NOT NULL,
	`outcome` text NOT NULL,
	`failure_reason` text,
	`signup` integer DEFAULT false NOT NULL,
	`ip` text,
	`at` integer NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`app_group_id`) REFERENCES `app_groups`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`application_id`) REFERENCES `applications`(`id`) ON UPDATE no action ON DELETE cascade
);

--> statement-breakpoint
CREATE INDEX `end_user_sign_ins_org_at_idx` ON `end_user_sign_ins` (`org_id`,`at`);
--> statement-breakpoint
CREATE INDEX `end_user_sign_ins_group_at_idx` ON `end_user_sign_ins` (`app_group_id`,`at`);
