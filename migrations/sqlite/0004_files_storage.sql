CREATE TABLE `files` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`name` text NOT NULL,
	`content_type` text NOT NULL,
	`size_bytes` integer NOT NULL,
	`sha256` text NOT NULL,
	`storage_key` text NOT NULL,
	`storage_class` text DEFAULT 'standard' NOT NULL,
	`storage_class_changed_at` integer,
	`scope` text NOT NULL,
	`uploaded_by` text,
	`uploaded_by_key_id` text,
	`created_at` integer NOT NULL,
	`last_accessed_at` integer NOT NULL,
	`trashed_at` integer,
	`trashed_by` text,
	`restorable_until` integer,
	`sealed_at` integer,
	`share_mode` text DEFAULT 'restricted' NOT NULL,
	`share_token` text,
	`share_token_created_at` integer,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);

--> statement-breakpoint
CREATE UNIQUE INDEX `files_storage_key_uq` ON `files` (`storage_key`);
--> statement-breakpoint
CREATE UNIQUE INDEX `files_share_token_uq` ON `files` (`share_token`);
--> statement-breakpoint
CREATE INDEX `files_org_created_idx` ON `files` (`org_id`,`created_at`);
--> statement-breakpoint
CREATE INDEX `files_org_trashed_idx` ON `files` (`org_id`,`trashed_at`);
--> statement-breakpoint
CREATE INDEX `files_org_accessed_idx` ON `files` (`org_id`,`last_accessed_at`);
--> statement-breakpoint
CREATE INDEX `files_restorable_idx` ON `files` (`restorable_until`);
--> statement-breakpoint
CREATE TABLE `file_upload_reservations` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`bytes` integer NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);

--> statement-breakpoint
CREATE INDEX `file_upload_reservations_org_idx` ON `file_upload_reservations` (`org_id`,`expires_at`);
--> statement-breakpoint
CREATE INDEX `file_upload_reservations_expires_idx` ON `file_upload_reservations` (`expires_at`);
--> statement-breakpoint
CREATE TABLE `lifecycle_rules` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`name` text,
	`action` text NOT NULL,
	`unaccessed_days` integer NOT NULL,
	`scope` text,
	`enabled` integer DEFAULT true NOT NULL,
	`created_by` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`last_run_at` integer,
	`last_run_count` integer,
	`last_run_bytes` integer,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);

--> statement-breakpoint
CREATE INDEX `lifecycle_rules_org_idx` ON `lifecycle_rules` (`org_id`,`created_at`);
