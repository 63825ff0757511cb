CREATE TABLE `permit_idempotency` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`connected_id` text NOT NULL,
	`idempotency_key` text NOT NULL,
	`request_hash` text NOT NULL,
	`permit_sealed` text NOT NULL,
	`permit_key_id` text NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);

--> statement-breakpoint
CREATE UNIQUE INDEX `permit_idempotency_key_uq` ON `permit_idempotency` (`org_id`,`connected_id`,`idempotency_key`);
--> statement-breakpoint
CREATE INDEX `permit_idempotency_expiry_idx` ON `permit_idempotency` (`expires_at`);
