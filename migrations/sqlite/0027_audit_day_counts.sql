CREATE TABLE `audit_day_counts` (
	`org_id` text NOT NULL,
	`day` integer NOT NULL,
	`type` text NOT NULL,
	`actor_kind` text NOT NULL,
	`actor_id` text DEFAULT '' NOT NULL,
	`actor_connected_id` text DEFAULT '' NOT NULL,
	`app_group_id` text DEFAULT '' NOT NULL,
	`n` integer NOT NULL
);

--> statement-breakpoint
CREATE UNIQUE INDEX `audit_day_counts_key_uq` ON `audit_day_counts` (`org_id`,`day`,`type`,`actor_kind`,`actor_id`,`actor_connected_id`,`app_group_id`);
--> statement-breakpoint
-- Hand-written (trust/audit/stats.ts): the counts of the events already in the chain.
INSERT INTO `audit_day_counts` (`org_id`, `day`, `type`, `actor_kind`, `actor_id`, `actor_connected_id`, `app_group_id`, `n`)
SELECT `org_id`, `created_at` / 86400000, `type`, `actor_kind`, coalesce(`actor_id`, ''), coalesce(`actor_connected_id`, ''), coalesce(`app_group_id`, ''), count(*)
FROM `audit_events`
GROUP BY `org_id`, `created_at` / 86400000, `type`, `actor_kind`, coalesce(`actor_id`, ''), coalesce(`actor_connected_id`, ''), coalesce(`app_group_id`, '');
--> statement-breakpoint
-- Hand-written: forensic stats find a person's end-user events by the payload's e-mail (trust/audit/stats.ts payloadEmailOf).
CREATE INDEX `audit_events_payload_email_org_idx` ON `audit_events` (lower(json_extract(`payload`, '$.email')), `org_id`);
