DROP INDEX `audit_events_actor_org_seq_idx`;
--> statement-breakpoint
DROP INDEX `audit_events_connected_org_seq_idx`;
--> statement-breakpoint
CREATE INDEX `audit_events_actor_org_seq_idx` ON `audit_events` (`actor_id`,`org_id`,`seq`) WHERE "audit_events"."actor_id" is not null;
--> statement-breakpoint
CREATE INDEX `audit_events_connected_org_seq_idx` ON `audit_events` (`actor_connected_id`,`org_id`,`seq`) WHERE "audit_events"."actor_connected_id" is not null;
