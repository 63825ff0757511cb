DROP INDEX `audit_events_org_actor_idx`;
--> statement-breakpoint
CREATE INDEX `audit_events_org_actor_seq_idx` ON `audit_events` (`org_id`,`actor_id`,`seq`);
--> statement-breakpoint
CREATE INDEX `audit_events_org_connected_seq_idx` ON `audit_events` (`org_id`,`actor_connected_id`,`seq`);
--> statement-breakpoint
CREATE INDEX `memberships_org_created_user_idx` ON `memberships` (`org_id`,`created_at`,`user_id`);
