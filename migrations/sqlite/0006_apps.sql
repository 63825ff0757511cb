CREATE TABLE `app_groups` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`key` text NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`icon_url` text,
	`brand_color` text,
	`branding` text NOT NULL,
	`login_methods` text NOT NULL,
	`passkey_rp_id` text,
	`social_providers` text NOT NULL,
	`billing_collection` integer DEFAULT false NOT NULL,
	`bot_protection` integer DEFAULT false NOT NULL,
	`created_by` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`deleted_at` integer,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);

--> statement-breakpoint
CREATE UNIQUE INDEX `app_groups_key_uq` ON `app_groups` (`key`);
--> statement-breakpoint
CREATE INDEX `app_groups_org_idx` ON `app_groups` (`org_id`);
--> statement-breakpoint
CREATE TABLE `applications` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`app_group_id` text NOT NULL,
	`client_key` text NOT NULL,
	`name` text NOT NULL,
	`platform` text NOT NULL,
	`environment` text NOT NULL,
	`status` text NOT NULL,
	`allowed_origins` text NOT NULL,
	`callback_urls` text NOT NULL,
	`oidc` text NOT NULL,
	`saml` text,
	`client_secret_hash` text,
	`secret_rotated_at` integer,
	`cloudflare_account_id` text,
	`cloudflare_token_sealed` text,
	`cloudflare_connected_at` integer,
	`created_by` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`app_group_id`) REFERENCES `app_groups`(`id`) ON UPDATE no action ON DELETE cascade
);

--> statement-breakpoint
CREATE UNIQUE INDEX `applications_client_key_uq` ON `applications` (`client_key`);
--> statement-breakpoint
CREATE UNIQUE INDEX `applications_group_platform_env_uq` ON `applications` (`app_group_id`,`platform`,`environment`);
--> statement-breakpoint
CREATE INDEX `applications_org_idx` ON `applications` (`org_id`);
