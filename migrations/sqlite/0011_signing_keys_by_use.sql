ALTER TABLE `org_signing_keys` ADD `use` text DEFAULT 'token' NOT NULL;
--> statement-breakpoint
INSERT INTO `org_signing_keys` (`id`, `org_id`, `use`, `alg`, `public_jwk`, `private_jwk_sealed`, `created_at`, `rotated_at`, `retire_at`) SELECT `id`, `org_id`, 'permit', `alg`, `public_jwk`, `private_jwk_sealed`, `created_at`, `rotated_at`, NULL FROM `org_permit_keys`;
--> statement-breakpoint
DROP TABLE `org_permit_keys`;
--> statement-breakpoint
DROP INDEX `org_signing_keys_org_idx`;
--> statement-breakpoint
CREATE INDEX `org_signing_keys_org_use_idx` ON `org_signing_keys` (`org_id`,`use`,`created_at`);
