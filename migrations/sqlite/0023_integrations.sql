CREATE TABLE `integration_connections` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`module_key` text NOT NULL,
	`status` text NOT NULL,
	`settings` text NOT NULL,
	`notarized_event_types` text NOT NULL,
	`enabled_at` integer NOT NULL,
	`enabled_by` text,
	`disconnected_at` integer,
	`last_inbound_at` integer,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);

--> statement-breakpoint
CREATE UNIQUE INDEX `integration_connections_org_module_uq` ON `integration_connections` (`org_id`,`module_key`);
--> statement-breakpoint
CREATE TABLE `integration_inbound_events` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`module_key` text NOT NULL,
	`message_id` text NOT NULL,
	`event_type` text NOT NULL,
	`payload` text NOT NULL,
	`sent_at` integer NOT NULL,
	`received_at` integer NOT NULL,
	`audit_event_id` text,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);

--> statement-breakpoint
CREATE UNIQUE INDEX `integration_inbound_org_message_uq` ON `integration_inbound_events` (`org_id`,`message_id`);
--> statement-breakpoint
CREATE INDEX `integration_inbound_org_module_idx` ON `integration_inbound_events` (`org_id`,`module_key`,`received_at`);
--> statement-breakpoint
CREATE TABLE `integration_directory_entries` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`module_key` text NOT NULL,
	`external_id` text NOT NULL,
	`display_name` text NOT NULL,
	`email` text,
	`unit_path` text NOT NULL,
	`manager_external_id` text,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);

--> statement-breakpoint
CREATE UNIQUE INDEX `integration_directory_org_module_ext_uq` ON `integration_directory_entries` (`org_id`,`module_key`,`external_id`);
--> statement-breakpoint
CREATE TABLE `integration_access_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`module_key` text NOT NULL,
	`requester_connected_id` text NOT NULL,
	`requester_user_id` text,
	`scopes` text NOT NULL,
	`reason` text,
	`status` text NOT NULL,
	`decided_by_connected_id` text,
	`decision_note` text,
	`created_at` integer NOT NULL,
	`decided_at` integer,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);

--> statement-breakpoint
CREATE INDEX `integration_access_requests_org_status_idx` ON `integration_access_requests` (`org_id`,`status`,`created_at`);
--> statement-breakpoint
CREATE TABLE `webhook_subscriptions` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`url` text NOT NULL,
	`description` text,
	`event_types` text NOT NULL,
	`status` text NOT NULL,
	`includes_payment` integer NOT NULL,
	`cursor_seq` integer NOT NULL,
	`created_by` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);

--> statement-breakpoint
CREATE INDEX `webhook_subscriptions_org_idx` ON `webhook_subscriptions` (`org_id`,`created_at`);
--> statement-breakpoint
CREATE TABLE `webhook_deliveries` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`subscription_id` text NOT NULL,
	`audit_event_id` text NOT NULL,
	`event_seq` integer NOT NULL,
	`event_type` text NOT NULL,
	`status` text NOT NULL,
	`attempts` integer NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`leased_until` integer,
	`last_response_status` integer,
	`last_error` text,
	`created_at` integer NOT NULL,
	`delivered_at` integer,
	`dead_at` integer,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`subscription_id`) REFERENCES `webhook_subscriptions`(`id`) ON UPDATE no action ON DELETE cascade
);

--> statement-breakpoint
CREATE UNIQUE INDEX `webhook_deliveries_sub_event_uq` ON `webhook_deliveries` (`subscription_id`,`audit_event_id`);
--> statement-breakpoint
CREATE INDEX `webhook_deliveries_due_idx` ON `webhook_deliveries` (`status`,`next_attempt_at`);
--> statement-breakpoint
CREATE INDEX `webhook_deliveries_org_idx` ON `webhook_deliveries` (`org_id`,`subscription_id`,`created_at`);
--> statement-breakpoint
CREATE TABLE `webhook_attempts` (
	`id` text PRIMARY KEY NOT NULL,
	`delivery_id` text NOT NULL,
	`org_id` text NOT NULL,
	`attempt` integer NOT NULL,
	`at` integer NOT NULL,
	`response_status` integer,
	`error` text,
	`duration_ms` integer NOT NULL,
	`trigger` text NOT NULL,
	FOREIGN KEY (`delivery_id`) REFERENCES `webhook_deliveries`(`id`) ON UPDATE no action ON DELETE cascade
);

--> statement-breakpoint
CREATE INDEX `webhook_attempts_delivery_idx` ON `webhook_attempts` (`delivery_id`,`at`);
