CREATE TABLE `scim_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`prefix` text NOT NULL,
	`token_hash` text NOT NULL,
	`created_by` text NOT NULL,
	`created_at` integer NOT NULL,
	`revoked_at` integer,
	`revoked_by` text,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);

--> statement-breakpoint
CREATE UNIQUE INDEX `scim_tokens_hash_uq` ON `scim_tokens` (`token_hash`);
--> statement-breakpoint
CREATE INDEX `scim_tokens_org_idx` ON `scim_tokens` (`org_id`,`created_at`);
--> statement-breakpoint
CREATE TABLE `scim_users` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`user_id` text NOT NULL,
	`user_name` text NOT NULL,
	`user_name_key` text NOT NULL,
	`external_id` text,
	`attributes` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);

--> statement-breakpoint
CREATE UNIQUE INDEX `scim_users_org_username_uq` ON `scim_users` (`org_id`,`user_name_key`);
--> statement-breakpoint
CREATE UNIQUE INDEX `scim_users_org_external_uq` ON `scim_users` (`org_id`,`external_id`);
--> statement-breakpoint
CREATE TABLE `scim_groups` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`external_id` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);

--> statement-breakpoint
CREATE INDEX `scim_groups_org_idx` ON `scim_groups` (`org_id`);
