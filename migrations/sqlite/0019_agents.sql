CREATE TABLE `agent_credentials` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`agent_id` text NOT NULL,
	`prefix` text NOT NULL,
	`secret_hash` text NOT NULL,
	`issued_by_connected_id` text NOT NULL,
	`issued_by_user_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`revoked_at` integer,
	`revoked_reason` text,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);

--> statement-breakpoint
CREATE UNIQUE INDEX `agent_credentials_secret_uq` ON `agent_credentials` (`secret_hash`);
--> statement-breakpoint
CREATE INDEX `agent_credentials_agent_idx` ON `agent_credentials` (`agent_id`,`created_at`);
--> statement-breakpoint
CREATE TABLE `agents` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`app_group_id` text NOT NULL,
	`kind` text NOT NULL,
	`description` text,
	`system_prompt` text,
	`model` text,
	`role_id` text NOT NULL,
	`requested_scopes` text,
	`snapshot` text NOT NULL,
	`snapshot_at` integer NOT NULL,
	`status` text NOT NULL,
	`suspended_reason` text,
	`expires_at` integer NOT NULL,
	`hired_by_connected_id` text NOT NULL,
	`hired_by` text,
	`operator_connected_id` text,
	`operator_assigned_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`suspended_at` integer,
	`revoked_at` integer,
	FOREIGN KEY (`id`) REFERENCES `connected_ids`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`app_group_id`) REFERENCES `app_groups`(`id`) ON UPDATE no action ON DELETE cascade
);

--> statement-breakpoint
CREATE INDEX `agents_org_group_idx` ON `agents` (`org_id`,`app_group_id`,`created_at`);
--> statement-breakpoint
CREATE INDEX `agents_org_kind_idx` ON `agents` (`org_id`,`kind`);
--> statement-breakpoint
CREATE INDEX `agents_expiry_idx` ON `agents` (`status`,`expires_at`);
