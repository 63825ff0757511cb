CREATE TABLE `org_webhook_secrets` (
	`org_id` text PRIMARY KEY NOT NULL,
	`secret_sealed` text NOT NULL,
	`created_at` integer NOT NULL,
	`created_by` text NOT NULL,
	`previous_secret_sealed` text,
	`previous_valid_until` integer,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);

--> statement-breakpoint
CREATE TABLE `org_plugin_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`name` text NOT NULL,
	`prefix` text NOT NULL,
	`token_hash` text NOT NULL,
	`scopes` text NOT NULL,
	`created_by` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`revoked_at` integer,
	`revoked_by` text,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);

--> statement-breakpoint
CREATE UNIQUE INDEX `org_plugin_tokens_hash_uq` ON `org_plugin_tokens` (`token_hash`);
--> statement-breakpoint
CREATE INDEX `org_plugin_tokens_org_idx` ON `org_plugin_tokens` (`org_id`,`created_at`);
