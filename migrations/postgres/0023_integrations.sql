CREATE TABLE "integration_connections" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"module_key" text NOT NULL,
	"status" text NOT NULL,
	"settings" jsonb NOT NULL,
	"notarized_event_types" jsonb NOT NULL,
	"enabled_at" bigint NOT NULL,
	"enabled_by" text,
	"disconnected_at" bigint,
	"last_inbound_at" bigint,
	"updated_at" bigint NOT NULL
);

--> statement-breakpoint
CREATE TABLE "integration_inbound_events" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"module_key" text NOT NULL,
	"message_id" text NOT NULL,
	"event_type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"sent_at" bigint NOT NULL,
	"received_at" bigint NOT NULL,
	"audit_event_id" text
);

--> statement-breakpoint
CREATE TABLE "integration_directory_entries" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"module_key" text NOT NULL,
	"external_id" text NOT NULL,
	"display_name" text NOT NULL,
	"email" text,
	"unit_path" jsonb NOT NULL,
	"manager_external_id" text,
	"updated_at" bigint NOT NULL
);

--> statement-breakpoint
CREATE TABLE "integration_access_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"module_key" text NOT NULL,
	"requester_connected_id" text NOT NULL,
	"requester_user_id" text,
	"scopes" jsonb NOT NULL,
	"reason" text,
	"status" text NOT NULL,
	"decided_by_connected_id" text,
	"decision_note" text,
	"created_at" bigint NOT NULL,
	"decided_at" bigint
);

--> statement-breakpoint
CREATE TABLE "webhook_subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"url" text NOT NULL,
	"description" text,
	"event_types" jsonb NOT NULL,
	"status" text NOT NULL,
	"includes_payment" boolean NOT NULL,
	"cursor_seq" integer NOT NULL,
	"created_by" text,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);

--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"subscription_id" text NOT NULL,
	"audit_event_id" text NOT NULL,
	"event_seq" integer NOT NULL,
	"event_type" text NOT NULL,
	"status" text NOT NULL,
	"attempts" integer NOT NULL,
	"next_attempt_at" bigint NOT NULL,
	"leased_until" bigint,
	"last_response_status" integer,
	"last_error" text,
	"created_at" bigint NOT NULL,
	"delivered_at" bigint,
	"dead_at" bigint
);

--> statement-breakpoint
CREATE TABLE "webhook_attempts" (
	"id" text PRIMARY KEY NOT NULL,
	"delivery_id" text NOT NULL,
	"org_id" text NOT NULL,
	"attempt" integer NOT NULL,
	"at" bigint NOT NULL,
	"response_status" integer,
	"error" text,
	"duration_ms" integer NOT NULL,
	"trigger" text NOT NULL
);

--> statement-breakpoint
ALTER TABLE "integration_connections" ADD CONSTRAINT "integration_connections_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "integration_inbound_events" ADD CONSTRAINT "integration_inbound_events_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "integration_directory_entries" ADD CONSTRAINT "integration_directory_entries_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "integration_access_requests" ADD CONSTRAINT "integration_access_requests_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "webhook_subscriptions" ADD CONSTRAINT "webhook_subscriptions_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_subscription_id_webhook_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."webhook_subscriptions"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_delivery_id_webhook_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."webhook_deliveries"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "integration_connections_org_module_uq" ON "integration_connections" USING btree ("org_id","module_key");
--> statement-breakpoint
CREATE UNIQUE INDEX "integration_inbound_org_message_uq" ON "integration_inbound_events" USING btree ("org_id","message_id");
--> statement-breakpoint
CREATE INDEX "integration_inbound_org_module_idx" ON "integration_inbound_events" USING btree ("org_id","module_key","received_at");
--> statement-breakpoint
CREATE UNIQUE INDEX "integration_directory_org_module_ext_uq" ON "integration_directory_entries" USING btree ("org_id","module_key","external_id");
--> statement-breakpoint
CREATE INDEX "integration_access_requests_org_status_idx" ON "integration_access_requests" USING btree ("org_id","status","created_at");
--> statement-breakpoint
CREATE INDEX "webhook_subscriptions_org_idx" ON "webhook_subscriptions" USING btree ("org_id","created_at");
--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_sub_event_uq" ON "webhook_deliveries" USING btree ("subscription_id","audit_event_id");
--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("status","next_attempt_at");
--> statement-breakpoint
CREATE INDEX "webhook_deliveries_org_idx" ON "webhook_deliveries" USING btree ("org_id","subscription_id","created_at");
--> statement-breakpoint
CREATE INDEX "webhook_attempts_delivery_idx" ON "webhook_attempts" USING btree ("delivery_id","at");
