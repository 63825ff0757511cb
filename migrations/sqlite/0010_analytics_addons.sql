CREATE TABLE `behavior_events` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`app_group_id` text NOT NULL,
	`application_id` text NOT NULL,
	`client_event_id` text NOT NULL,
	`type` text NOT NULL,
	`path` text,
	`ref_domain` text,
	`utm_source` text,
	`utm_medium` text,
	`utm_campaign` text,
	`dwell_ms` integer,
	`anon_id` text,
	`end_user_id` text,
	`session_id` text,
	`country` text,
	`data` text,
	`at` integer NOT NULL,
	`received_at` integer NOT NULL,
	FOREIGN KEY (`app_group_id`) REFERENCES `app_groups`(`id`) ON UPDATE no action ON DELETE cascade
);

--> statement-breakpoint
CREATE UNIQUE INDEX `behavior_events_group_client_uq` ON `behavior_events` (`app_group_id`,`client_event_id`);
--> statement-breakpoint
CREATE INDEX `behavior_events_group_at_idx` ON `behavior_events` (`app_group_id`,`at`);
--> statement-breakpoint
CREATE TABLE `analytics_rollups` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`app_group_id` text NOT NULL,
	`kind` text NOT NULL,
	`date` text NOT NULL,
	`rows` text NOT NULL,
	`sha256` text NOT NULL,
	`row_count` integer NOT NULL,
	`event_count` integer NOT NULL,
	`source_sha256` text NOT NULL,
	`audit_event_id` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`app_group_id`) REFERENCES `app_groups`(`id`) ON UPDATE no action ON DELETE cascade
);

--> statement-breakpoint
CREATE UNIQUE INDEX `analytics_rollups_group_kind_date_uq` ON `analytics_rollups` (`app_group_id`,`kind`,`date`);
--> statement-breakpoint
CREATE INDEX `analytics_rollups_org_kind_date_idx` ON `analytics_rollups` (`org_id`,`kind`,`date`);
--> statement-breakpoint
CREATE TABLE `analytics_collection` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`events_enabled` integer DEFAULT true NOT NULL,
	`updated_by` text,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`id`) REFERENCES `app_groups`(`id`) ON UPDATE no action ON DELETE cascade
);

--> statement-breakpoint
CREATE TABLE `org_addons` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`addon_key` text NOT NULL,
	`status` text NOT NULL,
	`enabled_at` integer NOT NULL,
	`enabled_by` text,
	`disabled_at` integer,
	`paid_through` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);

--> statement-breakpoint
CREATE UNIQUE INDEX `org_addons_org_key_uq` ON `org_addons` (`org_id`,`addon_key`);
--> statement-breakpoint
CREATE TABLE `org_credit_accounts` (
	`id` text PRIMARY KEY NOT NULL,
	`balance_cents` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);

--> statement-breakpoint
CREATE TABLE `org_credit_ledger` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`balance_after_cents` integer NOT NULL,
	`reason` text NOT NULL,
	`actor_id` text,
	`at` integer NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);

--> statement-breakpoint
CREATE INDEX `org_credit_ledger_org_at_idx` ON `org_credit_ledger` (`org_id`,`at`);
