CREATE TABLE `audit_checkpoints` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`seq` integer NOT NULL,
	`chain_hash` text NOT NULL,
	`kid` text NOT NULL,
	`jws` text NOT NULL,
	`created_at` integer NOT NULL
);

--> statement-breakpoint
CREATE UNIQUE INDEX `audit_checkpoints_org_seq_uq` ON `audit_checkpoints` (`org_id`,`seq`);
--> statement-breakpoint
CREATE TABLE `audit_baselines` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`entity_type` text NOT NULL,
	`entity_id` text NOT NULL,
	`state` text,
	`state_hash` text,
	`event_id` text NOT NULL,
	`event_seq` integer NOT NULL,
	`sealed_at` integer NOT NULL
);

--> statement-breakpoint
CREATE UNIQUE INDEX `audit_baselines_entity_uq` ON `audit_baselines` (`org_id`,`entity_type`,`entity_id`);
--> statement-breakpoint
CREATE TABLE `integrity_violations` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`entity_type` text NOT NULL,
	`entity_id` text NOT NULL,
	`reason` text NOT NULL,
	`fingerprint` text NOT NULL,
	`detail` text NOT NULL,
	`status` text NOT NULL,
	`detected_at` integer NOT NULL,
	`detected_by` text NOT NULL,
	`closed_at` integer,
	`closed_by` text
);

--> statement-breakpoint
CREATE UNIQUE INDEX `integrity_violations_fingerprint_uq` ON `integrity_violations` (`org_id`,`fingerprint`);
--> statement-breakpoint
CREATE INDEX `integrity_violations_entity_idx` ON `integrity_violations` (`org_id`,`entity_type`,`entity_id`,`status`);
--> statement-breakpoint
CREATE TABLE `audit_retention_states` (
	`id` text PRIMARY KEY NOT NULL,
	`contract_retention_days` integer,
	`legal_hold` integer DEFAULT false NOT NULL,
	`legal_hold_reason` text,
	`cycle_cutoff_at` integer,
	`first_notice_at` integer,
	`final_notice_at` integer,
	`purge_scheduled_at` integer,
	`last_purged_at` integer,
	`purged_through_seq` integer,
	`updated_at` integer NOT NULL
);

--> statement-breakpoint
CREATE TABLE `audit_active_time` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`user_id` text NOT NULL,
	`day` text NOT NULL,
	`active_seconds` integer NOT NULL,
	`beats` integer NOT NULL,
	`last_beat_at` integer NOT NULL
);

--> statement-breakpoint
CREATE UNIQUE INDEX `audit_active_time_uq` ON `audit_active_time` (`org_id`,`user_id`,`day`);
--> statement-breakpoint
CREATE TABLE `audit_exports` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`object_key` text NOT NULL,
	`from_seq` integer,
	`through_seq` integer,
	`event_count` integer NOT NULL,
	`sha256` text NOT NULL,
	`byte_size` integer NOT NULL,
	`range_from` integer NOT NULL,
	`range_to` integer NOT NULL,
	`created_by` text NOT NULL,
	`created_at` integer NOT NULL
);

--> statement-breakpoint
CREATE INDEX `audit_exports_org_idx` ON `audit_exports` (`org_id`,`created_at`);
--> statement-breakpoint
ALTER TABLE `audit_events` ADD `actor_connected_id` text;
--> statement-breakpoint
ALTER TABLE `audit_events` ADD `app_group_id` text;
--> statement-breakpoint
ALTER TABLE `audit_events` ADD `ip_hash` text;
--> statement-breakpoint
ALTER TABLE `audit_events` ADD `user_agent_hash` text;
--> statement-breakpoint
ALTER TABLE `audit_events` ADD `baselines` text;
--> statement-breakpoint
ALTER TABLE `audit_events` ADD `record_hash` text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE `audit_events` ADD `chain_hash` text DEFAULT '' NOT NULL;
--> statement-breakpoint
CREATE INDEX `audit_events_org_created_idx` ON `audit_events` (`org_id`,`created_at`);
--> statement-breakpoint
CREATE INDEX `audit_events_org_actor_idx` ON `audit_events` (`org_id`,`actor_id`);
