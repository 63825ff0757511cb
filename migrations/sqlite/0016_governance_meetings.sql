CREATE TABLE `boards` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`chairman_connected_id` text,
	`created_by` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`id`) REFERENCES `connected_ids`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`chairman_connected_id`) REFERENCES `connected_ids`(`id`) ON UPDATE no action ON DELETE no action
);

--> statement-breakpoint
CREATE INDEX `boards_org_idx` ON `boards` (`org_id`);
--> statement-breakpoint
CREATE TABLE `board_seats` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`board_id` text NOT NULL,
	`connected_id` text NOT NULL,
	`share_basis_points` integer,
	`appointed_by` text,
	`appointed_at` integer NOT NULL,
	`removed_by` text,
	`removed_at` integer,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`board_id`) REFERENCES `boards`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`connected_id`) REFERENCES `connected_ids`(`id`) ON UPDATE no action ON DELETE no action
);

--> statement-breakpoint
CREATE INDEX `board_seats_board_idx` ON `board_seats` (`board_id`,`removed_at`);
--> statement-breakpoint
CREATE INDEX `board_seats_org_member_idx` ON `board_seats` (`org_id`,`connected_id`);
--> statement-breakpoint
CREATE TABLE `meetings` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`title` text NOT NULL,
	`type` integer NOT NULL,
	`mode` integer NOT NULL,
	`scheduled_at` integer NOT NULL,
	`duration_minutes` integer NOT NULL,
	`location` text,
	`agenda` text NOT NULL,
	`status` text NOT NULL,
	`organizer_connected_id` text NOT NULL,
	`minutes` text,
	`compiled_minutes` text,
	`compiled_at` integer,
	`minutes_file_id` text,
	`carried_from_meeting_id` text,
	`follow_up_meeting_id` text,
	`cancel_reason` text,
	`cancelled_at` integer,
	`completed_at` integer,
	`deleted_at` integer,
	`created_by` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`organizer_connected_id`) REFERENCES `connected_ids`(`id`) ON UPDATE no action ON DELETE no action
);

--> statement-breakpoint
CREATE INDEX `meetings_org_scheduled_idx` ON `meetings` (`org_id`,`scheduled_at`);
--> statement-breakpoint
CREATE INDEX `meetings_org_type_idx` ON `meetings` (`org_id`,`type`);
--> statement-breakpoint
CREATE TABLE `meeting_agenda_items` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`meeting_id` text NOT NULL,
	`item_index` integer NOT NULL,
	`title` text NOT NULL,
	`memo` text,
	`notes` text,
	`status` text NOT NULL,
	`outcome` text,
	`recording_file_id` text,
	`carried_from_meeting_id` text,
	`carried_from_index` integer,
	`opened_at` integer,
	`closed_at` integer,
	`dropped_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`meeting_id`) REFERENCES `meetings`(`id`) ON UPDATE no action ON DELETE cascade
);

--> statement-breakpoint
CREATE UNIQUE INDEX `meeting_agenda_items_meeting_index_uq` ON `meeting_agenda_items` (`meeting_id`,`item_index`);
--> statement-breakpoint
CREATE TABLE `meeting_participants` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`meeting_id` text NOT NULL,
	`connected_id` text,
	`email` text,
	`name` text,
	`role` text NOT NULL,
	`position` integer NOT NULL,
	`rsvp_status` text NOT NULL,
	`rsvp_at` integer,
	`checked_in_at` integer,
	`checked_in_by` text,
	`invited_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`meeting_id`) REFERENCES `meetings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`connected_id`) REFERENCES `connected_ids`(`id`) ON UPDATE no action ON DELETE no action
);

--> statement-breakpoint
CREATE UNIQUE INDEX `meeting_participants_meeting_member_uq` ON `meeting_participants` (`meeting_id`,`connected_id`);
--> statement-breakpoint
CREATE UNIQUE INDEX `meeting_participants_meeting_email_uq` ON `meeting_participants` (`meeting_id`,`email`);
--> statement-breakpoint
CREATE INDEX `meeting_participants_member_idx` ON `meeting_participants` (`org_id`,`connected_id`);
--> statement-breakpoint
CREATE TABLE `meeting_votes` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`meeting_id` text NOT NULL,
	`agenda_index` integer NOT NULL,
	`voter_connected_id` text NOT NULL,
	`decision` text NOT NULL,
	`reason` text,
	`seal_credential_id` text NOT NULL,
	`sealed_at` integer NOT NULL,
	`record_hash` text NOT NULL,
	`changes` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`meeting_id`) REFERENCES `meetings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`voter_connected_id`) REFERENCES `connected_ids`(`id`) ON UPDATE no action ON DELETE no action
);

--> statement-breakpoint
CREATE UNIQUE INDEX `meeting_votes_meeting_item_voter_uq` ON `meeting_votes` (`meeting_id`,`agenda_index`,`voter_connected_id`);
