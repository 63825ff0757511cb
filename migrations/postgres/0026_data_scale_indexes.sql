DROP INDEX "audit_events_org_actor_idx";
--> statement-breakpoint
CREATE INDEX "audit_events_actor_org_seq_idx" ON "audit_events" USING btree ("actor_id","org_id","seq");
--> statement-breakpoint
CREATE INDEX "audit_events_connected_org_seq_idx" ON "audit_events" USING btree ("actor_connected_id","org_id","seq");
--> statement-breakpoint
CREATE INDEX "memberships_org_created_user_idx" ON "memberships" USING btree ("org_id","created_at","user_id");
