CREATE TABLE `api_keys` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`name` text,
	`prefix` text NOT NULL,
	`secret_hash` text NOT NULL,
	`scopes` text NOT NULL,
	`app_group_id` text,
	`service_account_id` text,
	`max_token_lifetime_seconds` integer NOT NULL,
	`created_by` text,
	`created_at` integer NOT NULL,
	`revoked_at` integer,
	`revoked_by` text,
	`revocation_marker_until` integer,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);

--> statement-breakpoint
CREATE UNIQUE INDEX `api_keys_secret_uq` ON `api_keys` (`secret_hash`);
--> statement-breakpoint
CREATE INDEX `api_keys_org_idx` ON `api_keys` (`org_id`,`created_at`);
--> statement-breakpoint
CREATE INDEX `api_keys_marker_idx` ON `api_keys` (`revocation_marker_until`);
--> statement-breakpoint
CREATE TABLE `org_permit_keys` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`alg` text NOT NULL,
	`public_jwk` text NOT NULL,
	`private_jwk_sealed` text NOT NULL,
	`created_at` integer NOT NULL,
	`rotated_at` integer,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);

--> statement-breakpoint
CREATE INDEX `org_permit_keys_org_idx` ON `org_permit_keys` (`org_id`,`created_at`);
--> statement-breakpoint
CREATE TABLE `m2m_token_secrets` (
	`id` text PRIMARY KEY NOT NULL,
	`secret_sealed` text NOT NULL,
	`created_at` integer NOT NULL
);

