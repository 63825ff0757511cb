CREATE TABLE `commerce_gateway_accounts` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`app_group_id` text NOT NULL,
	`provider` text NOT NULL,
	`account_ref` text NOT NULL,
	`charges_enabled` integer DEFAULT false NOT NULL,
	`payouts_enabled` integer DEFAULT false NOT NULL,
	`requirements_due` text NOT NULL,
	`created_by` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`app_group_id`) REFERENCES `app_groups`(`id`) ON UPDATE no action ON DELETE cascade
);

--> statement-breakpoint
CREATE UNIQUE INDEX `commerce_gateway_accounts_group_uq` ON `commerce_gateway_accounts` (`app_group_id`);
--> statement-breakpoint
CREATE UNIQUE INDEX `commerce_gateway_accounts_ref_uq` ON `commerce_gateway_accounts` (`provider`,`account_ref`);
--> statement-breakpoint
CREATE TABLE `commerce_brands` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`slug` text NOT NULL,
	`app_group_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`bound_at` integer NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`app_group_id`) REFERENCES `app_groups`(`id`) ON UPDATE no action ON DELETE cascade
);

--> statement-breakpoint
CREATE UNIQUE INDEX `commerce_brands_slug_uq` ON `commerce_brands` (`slug`);
--> statement-breakpoint
CREATE UNIQUE INDEX `commerce_brands_group_uq` ON `commerce_brands` (`app_group_id`);
--> statement-breakpoint
CREATE TABLE `commerce_products` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`app_group_id` text NOT NULL,
	`product_key` text NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`price_minor` integer NOT NULL,
	`currency` text NOT NULL,
	`gateway_product_ref` text,
	`gateway_price_ref` text,
	`price_version` integer DEFAULT 1 NOT NULL,
	`synced_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`app_group_id`) REFERENCES `app_groups`(`id`) ON UPDATE no action ON DELETE cascade
);

--> statement-breakpoint
CREATE UNIQUE INDEX `commerce_products_group_key_uq` ON `commerce_products` (`app_group_id`,`product_key`);
--> statement-breakpoint
CREATE INDEX `commerce_products_group_name_idx` ON `commerce_products` (`app_group_id`,`name`);
--> statement-breakpoint
CREATE TABLE `commerce_charges` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`app_group_id` text NOT NULL,
	`brand_slug` text,
	`product_id` text,
	`provider` text NOT NULL,
	`charge_ref` text NOT NULL,
	`amount_minor` integer NOT NULL,
	`currency` text NOT NULL,
	`take_rate_bps` integer NOT NULL,
	`take_rate_minor` integer NOT NULL,
	`net_minor` integer NOT NULL,
	`period` text NOT NULL,
	`at` integer NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`app_group_id`) REFERENCES `app_groups`(`id`) ON UPDATE no action ON DELETE cascade
);

--> statement-breakpoint
CREATE UNIQUE INDEX `commerce_charges_ref_uq` ON `commerce_charges` (`provider`,`charge_ref`);
--> statement-breakpoint
CREATE INDEX `commerce_charges_org_period_idx` ON `commerce_charges` (`org_id`,`period`);
--> statement-breakpoint
CREATE TABLE `commerce_gateway_events` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`org_id` text,
	`received_at` integer NOT NULL
);

--> statement-breakpoint
CREATE TABLE `commerce_lookup_counts` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`kind` text NOT NULL,
	`day` text NOT NULL,
	`used` integer NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);

--> statement-breakpoint
CREATE TABLE `commerce_korean_package` (
	`id` text PRIMARY KEY NOT NULL,
	`billing_key_sealed` text,
	`billing_key_provider` text,
	`card_company` text,
	`card_number_masked` text,
	`billing_key_issued_at` integer,
	`popbill_corp_num` text,
	`popbill_user_id` text,
	`popbill_linked_at` integer,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);

--> statement-breakpoint
CREATE TABLE `commerce_kakao_channels` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`channel_id` text NOT NULL,
	`template_code` text NOT NULL,
	`sender_number` text NOT NULL,
	`member_id` text,
	`linked_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`id`) REFERENCES `app_groups`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);

--> statement-breakpoint
CREATE INDEX `commerce_kakao_channels_org_idx` ON `commerce_kakao_channels` (`org_id`);
