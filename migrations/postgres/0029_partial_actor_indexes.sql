DROP INDEX "audit_events_actor_org_seq_idx";
--> statement-breakpoint
DROP INDEX "audit_events_connected_org_seq_idx";
--> statement-breakpoint
CREATE INDEX "audit_events_actor_org_seq_idx" ON "audit_events" USING btree ("actor_id","org_id","seq") WHERE "audit_events"."actor_id" is not null;
--> statement-breakpoint
CREATE INDEX "audit_events_connected_org_seq_idx" ON "audit_events" USING btree ("actor_connected_id","org_id","seq") WHERE "audit_events"."actor_connected_id" is not null;
--> statement-breakpoint
-- Hand-written (trust/audit/stats.ts payloadEmailOf): the payload e-mail index made partial too.
DROP INDEX "audit_events_payload_email_org_idx";
--> statement-breakpoint
CREATE INDEX "audit_events_payload_email_org_idx" ON "audit_events" (lower("payload" ->> 'email'), "org_id") WHERE lower("payload" ->> 'email') IS NOT NULL;
