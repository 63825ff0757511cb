CREATE TABLE `data_sources` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`app_group_id` text NOT NULL,
	`name` text NOT NULL,
	`region` text NOT NULL,
	`purpose` text NOT NULL,
	`tier` text,
	`is_managed` integer NOT NULL,
	`status` text NOT NULL,
	`is_primary` integer NOT NULL,
	`host` text NOT NULL,
	`port` integer NOT NULL,
	`database` text NOT NULL,
	`username` text NOT NULL,
	`password_sealed` text,
	`ssl_mode` text NOT NULL,
	`last_test_error` text,
	`last_tested_at` integer,
	`password_rotated_at` integer,
	`provider_deleted` integer NOT NULL,
	`suspended_at` integer,
	`warnings_sent` integer NOT NULL,
	`anchored_seq` integer NOT NULL,
	`anchored_head` text,
	`anchored_at` integer,
	`created_by` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`disconnected_at` integer,
	`deleted_at` integer,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`app_group_id`) REFERENCES `app_groups`(`id`) ON UPDATE no action ON DELETE cascade
);

--> statement-breakpoint
CREATE INDEX `data_sources_group_idx` ON `data_sources` (`org_id`,`app_group_id`,`created_at`);
--> statement-breakpoint
CREATE INDEX `data_sources_status_idx` ON `data_sources` (`status`,`is_managed`);
