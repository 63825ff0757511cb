CREATE TABLE `org_direct_grants` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`connected_id` text NOT NULL,
	`scope` text NOT NULL,
	`source` text NOT NULL,
	`granted_at` integer NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`connected_id`) REFERENCES `connected_ids`(`id`) ON UPDATE no action ON DELETE cascade
);

--> statement-breakpoint
CREATE UNIQUE INDEX `org_direct_grants_badge_scope_uq` ON `org_direct_grants` (`connected_id`,`scope`);
--> statement-breakpoint
CREATE INDEX `org_direct_grants_org_idx` ON `org_direct_grants` (`org_id`);
--> statement-breakpoint
CREATE TABLE `approval_work_items` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`name` text NOT NULL,
	`doc_type` text NOT NULL,
	`line_mode` text NOT NULL,
	`quorum_k` integer,
	`risk_level` integer NOT NULL,
	`language` text NOT NULL,
	`requested_scope` text,
	`uses` integer,
	`positions` text NOT NULL,
	`archived_at` integer,
	`created_by` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);

--> statement-breakpoint
CREATE INDEX `approval_work_items_org_idx` ON `approval_work_items` (`org_id`,`created_at`);
--> statement-breakpoint
CREATE TABLE `approval_instances` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`work_item_id` text NOT NULL,
	`document_number` text NOT NULL,
	`doc_type` text NOT NULL,
	`line_mode` text NOT NULL,
	`required_approvals` integer NOT NULL,
	`line_path` text NOT NULL,
	`risk_level` integer NOT NULL,
	`requested_scope` text,
	`uses` integer,
	`title` text NOT NULL,
	`body` text NOT NULL,
	`attachments` text NOT NULL,
	`requester_connected_id` text NOT NULL,
	`requester_kind` text NOT NULL,
	`requester_user_id` text,
	`requester_key_id` text,
	`seal_credential_id` text,
	`status` text NOT NULL,
	`routing` text NOT NULL,
	`submitted_at` integer NOT NULL,
	`completed_at` integer,
	`grant_id` text,
	`consumed_at` integer,
	`self_hash` text NOT NULL,
	`record_hash` text NOT NULL,
	`sealed_at` integer NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`work_item_id`) REFERENCES `approval_work_items`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`requester_connected_id`) REFERENCES `connected_ids`(`id`) ON UPDATE no action ON DELETE no action
);

--> statement-breakpoint
CREATE UNIQUE INDEX `approval_instances_number_uq` ON `approval_instances` (`org_id`,`document_number`);
--> statement-breakpoint
CREATE INDEX `approval_instances_requester_idx` ON `approval_instances` (`org_id`,`requester_connected_id`);
--> statement-breakpoint
CREATE TABLE `approval_steps` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`instance_id` text NOT NULL,
	`ord` integer NOT NULL,
	`kind` text NOT NULL,
	`approver_connected_id` text NOT NULL,
	`approver_user_id` text NOT NULL,
	`label` text NOT NULL,
	`basis` text NOT NULL,
	`status` text NOT NULL,
	`decision` text,
	`comment` text,
	`stamped_at` integer,
	`seal_credential_id` text,
	`chain_index` integer,
	`self_hash` text,
	`record_hash` text,
	`sealed_at` integer,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`instance_id`) REFERENCES `approval_instances`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`approver_connected_id`) REFERENCES `connected_ids`(`id`) ON UPDATE no action ON DELETE no action
);

--> statement-breakpoint
CREATE UNIQUE INDEX `approval_steps_instance_approver_uq` ON `approval_steps` (`instance_id`,`approver_connected_id`);
--> statement-breakpoint
CREATE INDEX `approval_steps_approver_idx` ON `approval_steps` (`org_id`,`approver_connected_id`);
--> statement-breakpoint
CREATE TABLE `approval_number_counters` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`year` integer NOT NULL,
	`last` integer NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);

