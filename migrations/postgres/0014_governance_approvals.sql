CREATE TABLE "org_direct_grants" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"connected_id" text NOT NULL,
	"scope" text NOT NULL,
	"source" text NOT NULL,
	"granted_at" bigint NOT NULL
);

--> statement-breakpoint
CREATE TABLE "approval_work_items" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"name" text NOT NULL,
	"doc_type" text NOT NULL,
	"line_mode" text NOT NULL,
	"quorum_k" integer,
	"risk_level" integer NOT NULL,
	"language" text NOT NULL,
	"requested_scope" text,
	"uses" integer,
	"positions" jsonb NOT NULL,
	"archived_at" bigint,
	"created_by" text,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);

--> statement-breakpoint
CREATE TABLE "approval_instances" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"work_item_id" text NOT NULL,
	"document_number" text NOT NULL,
	"doc_type" text NOT NULL,
	"line_mode" text NOT NULL,
	"required_approvals" integer NOT NULL,
	"line_path" text NOT NULL,
	"risk_level" integer NOT NULL,
	"requested_scope" text,
	"uses" integer,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"attachments" jsonb NOT NULL,
	"requester_connected_id" text NOT NULL,
	"requester_kind" text NOT NULL,
	"requester_user_id" text,
	"requester_key_id" text,
	"seal_credential_id" text,
	"status" text NOT NULL,
	"routing" text NOT NULL,
	"submitted_at" bigint NOT NULL,
	"completed_at" bigint,
	"grant_id" text,
	"consumed_at" bigint,
	"self_hash" text NOT NULL,
	"record_hash" text NOT NULL,
	"sealed_at" bigint NOT NULL
);

--> statement-breakpoint
CREATE TABLE "approval_steps" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"instance_id" text NOT NULL,
	"ord" integer NOT NULL,
	"kind" text NOT NULL,
	"approver_connected_id" text NOT NULL,
	"approver_user_id" text NOT NULL,
	"label" jsonb NOT NULL,
	"basis" jsonb NOT NULL,
	"status" text NOT NULL,
	"decision" text,
	"comment" text,
	"stamped_at" bigint,
	"seal_credential_id" text,
	"chain_index" integer,
	"self_hash" text,
	"record_hash" text,
	"sealed_at" bigint
);

--> statement-breakpoint
CREATE TABLE "approval_number_counters" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"year" integer NOT NULL,
	"last" integer NOT NULL
);

--> statement-breakpoint
ALTER TABLE "org_direct_grants" ADD CONSTRAINT "org_direct_grants_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "org_direct_grants" ADD CONSTRAINT "org_direct_grants_connected_id_connected_ids_id_fk" FOREIGN KEY ("connected_id") REFERENCES "public"."connected_ids"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "approval_work_items" ADD CONSTRAINT "approval_work_items_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "approval_instances" ADD CONSTRAINT "approval_instances_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "approval_instances" ADD CONSTRAINT "approval_instances_work_item_id_approval_work_items_id_fk" FOREIGN KEY ("work_item_id") REFERENCES "public"."approval_work_items"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "approval_instances" ADD CONSTRAINT "approval_instances_requester_connected_id_connected_ids_id_fk" FOREIGN KEY ("requester_connected_id") REFERENCES "public"."connected_ids"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "approval_steps" ADD CONSTRAINT "approval_steps_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "approval_steps" ADD CONSTRAINT "approval_steps_instance_id_approval_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."approval_instances"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "approval_steps" ADD CONSTRAINT "approval_steps_approver_connected_id_connected_ids_id_fk" FOREIGN KEY ("approver_connected_id") REFERENCES "public"."connected_ids"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "approval_number_counters" ADD CONSTRAINT "approval_number_counters_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "org_direct_grants_badge_scope_uq" ON "org_direct_grants" USING btree ("connected_id","scope");
--> statement-breakpoint
CREATE INDEX "org_direct_grants_org_idx" ON "org_direct_grants" USING btree ("org_id");
--> statement-breakpoint
CREATE INDEX "approval_work_items_org_idx" ON "approval_work_items" USING btree ("org_id","created_at");
--> statement-breakpoint
CREATE UNIQUE INDEX "approval_instances_number_uq" ON "approval_instances" USING btree ("org_id","document_number");
--> statement-breakpoint
CREATE INDEX "approval_instances_requester_idx" ON "approval_instances" USING btree ("org_id","requester_connected_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "approval_steps_instance_approver_uq" ON "approval_steps" USING btree ("instance_id","approver_connected_id");
--> statement-breakpoint
CREATE INDEX "approval_steps_approver_idx" ON "approval_steps" USING btree ("org_id","approver_connected_id");
