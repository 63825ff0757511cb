CREATE TABLE `teams` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`kind` text NOT NULL,
	`parent_team_id` text,
	`lead_connected_id` text,
	`created_by` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`id`) REFERENCES `connected_ids`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`parent_team_id`) REFERENCES `connected_ids`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`lead_connected_id`) REFERENCES `connected_ids`(`id`) ON UPDATE no action ON DELETE no action
);

--> statement-breakpoint
CREATE INDEX `teams_org_idx` ON `teams` (`org_id`);
--> statement-breakpoint
CREATE INDEX `teams_parent_idx` ON `teams` (`parent_team_id`);
--> statement-breakpoint
CREATE TABLE `team_members` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`team_id` text NOT NULL,
	`connected_id` text NOT NULL,
	`reports_to_lead` integer NOT NULL,
	`added_by` text,
	`added_at` integer NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`team_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`connected_id`) REFERENCES `connected_ids`(`id`) ON UPDATE no action ON DELETE no action
);

--> statement-breakpoint
CREATE UNIQUE INDEX `team_members_team_member_uq` ON `team_members` (`team_id`,`connected_id`);
--> statement-breakpoint
CREATE INDEX `team_members_org_member_idx` ON `team_members` (`org_id`,`connected_id`);
--> statement-breakpoint
CREATE TABLE `org_relationships` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`type` text NOT NULL,
	`source_id` text NOT NULL,
	`target_id` text NOT NULL,
	`team_id` text,
	`created_by` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`source_id`) REFERENCES `connected_ids`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`target_id`) REFERENCES `connected_ids`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`team_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE cascade
);

--> statement-breakpoint
CREATE INDEX `org_relationships_org_type_idx` ON `org_relationships` (`org_id`,`type`);
--> statement-breakpoint
CREATE INDEX `org_relationships_source_idx` ON `org_relationships` (`source_id`);
--> statement-breakpoint
CREATE INDEX `org_relationships_team_idx` ON `org_relationships` (`team_id`);
