CREATE TABLE `custom_domains` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`app_group_id` text NOT NULL,
	`hostname` text NOT NULL,
	`token` text NOT NULL,
	`created_at` integer NOT NULL,
	`verified_at` integer,
	`checked_at` integer,
	`last_error` text,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`app_group_id`) REFERENCES `app_groups`(`id`) ON UPDATE no action ON DELETE cascade
);

--> statement-breakpoint
CREATE UNIQUE INDEX `custom_domains_hostname_uq` ON `custom_domains` (`hostname`);
--> statement-breakpoint
CREATE INDEX `custom_domains_org_idx` ON `custom_domains` (`org_id`);
