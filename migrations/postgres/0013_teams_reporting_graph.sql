CREATE TABLE "teams" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"kind" text NOT NULL,
	"parent_team_id" text,
	"lead_connected_id" text,
	"created_by" text,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);

--> statement-breakpoint
CREATE TABLE "team_members" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"team_id" text NOT NULL,
	"connected_id" text NOT NULL,
	"reports_to_lead" boolean NOT NULL,
	"added_by" text,
	"added_at" bigint NOT NULL
);

--> statement-breakpoint
CREATE TABLE "org_relationships" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"type" text NOT NULL,
	"source_id" text NOT NULL,
	"target_id" text NOT NULL,
	"team_id" text,
	"created_by" text,
	"created_at" bigint NOT NULL
);

--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_id_connected_ids_id_fk" FOREIGN KEY ("id") REFERENCES "public"."connected_ids"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_parent_team_id_connected_ids_id_fk" FOREIGN KEY ("parent_team_id") REFERENCES "public"."connected_ids"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_lead_connected_id_connected_ids_id_fk" FOREIGN KEY ("lead_connected_id") REFERENCES "public"."connected_ids"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_connected_id_connected_ids_id_fk" FOREIGN KEY ("connected_id") REFERENCES "public"."connected_ids"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "org_relationships" ADD CONSTRAINT "org_relationships_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "org_relationships" ADD CONSTRAINT "org_relationships_source_id_connected_ids_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."connected_ids"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "org_relationships" ADD CONSTRAINT "org_relationships_target_id_connected_ids_id_fk" FOREIGN KEY ("target_id") REFERENCES "public"."connected_ids"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "org_relationships" ADD CONSTRAINT "org_relationships_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "teams_org_idx" ON "teams" USING btree ("org_id");
--> statement-breakpoint
CREATE INDEX "teams_parent_idx" ON "teams" USING btree ("parent_team_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "team_members_team_member_uq" ON "team_members" USING btree ("team_id","connected_id");
--> statement-breakpoint
CREATE INDEX "team_members_org_member_idx" ON "team_members" USING btree ("org_id","connected_id");
--> statement-breakpoint
CREATE INDEX "org_relationships_org_type_idx" ON "org_relationships" USING btree ("org_id","type");
--> statement-breakpoint
CREATE INDEX "org_relationships_source_idx" ON "org_relationships" USING btree ("source_id");
--> statement-breakpoint
CREATE INDEX "org_relationships_team_idx" ON "org_relationships" USING btree ("team_id");
