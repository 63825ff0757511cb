CREATE TABLE `billing_invoices` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`number` text,
	`period` text NOT NULL,
	`period_start` integer NOT NULL,
	`period_end` integer NOT NULL,
	`status` text NOT NULL,
	`currency` text NOT NULL,
	`lines` text NOT NULL,
	`subtotal` integer NOT NULL,
	`settled` integer NOT NULL,
	`unsettled` integer NOT NULL,
	`settlement` text NOT NULL,
	`issued_at` integer,
	`self_hash` text,
	`record_hash` text,
	`sealed_at` integer,
	`supersedes_id` text,
	`superseded_by_id` text,
	`seq` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);

--> statement-breakpoint
CREATE UNIQUE INDEX `billing_invoices_number_uq` ON `billing_invoices` (`number`);
--> statement-breakpoint
CREATE INDEX `billing_invoices_org_period_idx` ON `billing_invoices` (`org_id`,`period`);
--> statement-breakpoint
CREATE INDEX `billing_invoices_status_idx` ON `billing_invoices` (`status`,`period_end`);
--> statement-breakpoint
CREATE TABLE `billing_payments` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`provider` text NOT NULL,
	`provider_ref` text,
	`amount_minor` integer NOT NULL,
	`bonus_minor` integer NOT NULL,
	`currency` text NOT NULL,
	`status` text NOT NULL,
	`refunded_minor` integer NOT NULL,
	`created_by` text,
	`created_at` integer NOT NULL,
	`settled_at` integer,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);

--> statement-breakpoint
CREATE UNIQUE INDEX `billing_payments_provider_ref_uq` ON `billing_payments` (`provider`,`provider_ref`);
--> statement-breakpoint
CREATE INDEX `billing_payments_org_idx` ON `billing_payments` (`org_id`,`created_at`);
--> statement-breakpoint
CREATE TABLE `billing_webhook_events` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`org_id` text,
	`received_at` integer NOT NULL
);

--> statement-breakpoint
CREATE TABLE `billing_withdrawals` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`currency` text NOT NULL,
	`amount_minor` integer NOT NULL,
	`fee_minor` integer NOT NULL,
	`payout_minor` integer NOT NULL,
	`clawback_minor` integer NOT NULL,
	`status` text NOT NULL,
	`refunds` text NOT NULL,
	`failure` text,
	`created_by` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);

--> statement-breakpoint
CREATE INDEX `billing_withdrawals_org_idx` ON `billing_withdrawals` (`org_id`,`created_at`);
--> statement-breakpoint
CREATE TABLE `billing_subscriptions` (
	`id` text PRIMARY KEY NOT NULL,
	`plan_paid_through` integer,
	`scheduled_plan` text,
	`scheduled_at` integer,
	`delinquent_since` integer,
	`grace_ends_at` integer,
	`failed_attempts` integer NOT NULL,
	`last_attempt_at` integer,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);

--> statement-breakpoint
CREATE TABLE `billing_dues` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`ref_id` text NOT NULL,
	`memo` text NOT NULL,
	`period` text NOT NULL,
	`amount_minor` integer NOT NULL,
	`currency` text NOT NULL,
	`status` text NOT NULL,
	`last_outcome` text NOT NULL,
	`attempts` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);

--> statement-breakpoint
CREATE UNIQUE INDEX `billing_dues_org_ref_uq` ON `billing_dues` (`org_id`,`ref_id`);
--> statement-breakpoint
CREATE INDEX `billing_dues_status_idx` ON `billing_dues` (`status`,`org_id`);
--> statement-breakpoint
CREATE TABLE `billing_sms_sends` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`key_id` text,
	`phone` text NOT NULL,
	`country` text NOT NULL,
	`coverage_group` text NOT NULL,
	`kind` text NOT NULL,
	`price_minor` integer NOT NULL,
	`currency` text NOT NULL,
	`status` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);

--> statement-breakpoint
CREATE INDEX `billing_sms_sends_phone_idx` ON `billing_sms_sends` (`phone`,`created_at`);
--> statement-breakpoint
CREATE INDEX `billing_sms_sends_group_idx` ON `billing_sms_sends` (`coverage_group`,`created_at`);
--> statement-breakpoint
CREATE INDEX `billing_sms_sends_org_idx` ON `billing_sms_sends` (`org_id`,`created_at`);
--> statement-breakpoint
ALTER TABLE `org_credit_accounts` ADD `currency` text DEFAULT 'USD' NOT NULL;
--> statement-breakpoint
ALTER TABLE `org_credit_ledger` ADD `currency` text DEFAULT 'USD' NOT NULL;
--> statement-breakpoint
ALTER TABLE `org_credit_ledger` ADD `ref_id` text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE `org_credit_ledger` ADD `period` text DEFAULT '' NOT NULL;
--> statement-breakpoint
-- Hand-written (keep when regenerating): the rows the add-on door wrote get their refId and period, so the unique index below holds.
UPDATE `org_credit_ledger` SET `ref_id` = 'legacy-topup:' || `id` WHERE `reason` = 'top_up';
--> statement-breakpoint
UPDATE `org_credit_ledger` SET `ref_id` = 'proration:' || `reason` || ':legacy-' || `id` WHERE `reason` LIKE 'addon:%';
--> statement-breakpoint
UPDATE `org_credit_ledger` SET `ref_id` = 'legacy:' || `id` WHERE `ref_id` = '';
--> statement-breakpoint
UPDATE `org_credit_ledger` SET `period` = strftime('%Y%m', `at` / 1000, 'unixepoch') WHERE `period` = '';
--> statement-breakpoint
CREATE UNIQUE INDEX `org_credit_ledger_org_ref_uq` ON `org_credit_ledger` (`org_id`,`ref_id`);
--> statement-breakpoint
CREATE INDEX `org_credit_ledger_org_period_idx` ON `org_credit_ledger` (`org_id`,`period`);
