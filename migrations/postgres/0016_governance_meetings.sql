CREATE TABLE "boards" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"chairman_connected_id" text,
	"created_by" text,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);

--> statement-breakpoint
CREATE TABLE "board_seats" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"board_id" text NOT NULL,
	"connected_id" text NOT NULL,
	"share_basis_points" integer,
	"appointed_by" text,
	"appointed_at" bigint NOT NULL,
	"removed_by" text,
	"removed_at" bigint
);

--> statement-breakpoint
CREATE TABLE "meetings" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"title" text NOT NULL,
	"type" integer NOT NULL,
	"mode" integer NOT NULL,
	"scheduled_at" bigint NOT NULL,
	"duration_minutes" integer NOT NULL,
	"location" text,
	"agenda" text NOT NULL,
	"status" text NOT NULL,
	"organizer_connected_id" text NOT NULL,
	"minutes" text,
	"compiled_minutes" text,
	"compiled_at" bigint,
	"minutes_file_id" text,
	"carried_from_meeting_id" text,
	"follow_up_meeting_id" text,
	"cancel_reason" text,
	"cancelled_at" bigint,
	"completed_at" bigint,
	"deleted_at" bigint,
	"created_by" text,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);

--> statement-breakpoint
CREATE TABLE "meeting_agenda_items" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"meeting_id" text NOT NULL,
	"item_index" integer NOT NULL,
	"title" text NOT NULL,
	"memo" text,
	"notes" text,
	"status" text NOT NULL,
	"outcome" text,
	"recording_file_id" text,
	"carried_from_meeting_id" text,
	"carried_from_index" integer,
	"opened_at" bigint,
	"closed_at" bigint,
	"dropped_at" bigint,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);

--> statement-breakpoint
CREATE TABLE "meeting_participants" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"meeting_id" text NOT NULL,
	"connected_id" text,
	"email" text,
	"name" text,
	"role" text NOT NULL,
	"position" integer NOT NULL,
	"rsvp_status" text NOT NULL,
	"rsvp_at" bigint,
	"checked_in_at" bigint,
	"checked_in_by" text,
	"invited_at" bigint,
	"created_at" bigint NOT NULL
);

--> statement-breakpoint
CREATE TABLE "meeting_votes" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"meeting_id" text NOT NULL,
	"agenda_index" integer NOT NULL,
	"voter_connected_id" text NOT NULL,
	"decision" text NOT NULL,
	"reason" text,
	"seal_credential_id" text NOT NULL,
	"sealed_at" bigint NOT NULL,
	"record_hash" text NOT NULL,
	"changes" integer NOT NULL,
	"created_at" bigint NOT NULL
);

--> statement-breakpoint
ALTER TABLE "boards" ADD CONSTRAINT "boards_id_connected_ids_id_fk" FOREIGN KEY ("id") REFERENCES "public"."connected_ids"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "boards" ADD CONSTRAINT "boards_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "boards" ADD CONSTRAINT "boards_chairman_connected_id_connected_ids_id_fk" FOREIGN KEY ("chairman_connected_id") REFERENCES "public"."connected_ids"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "board_seats" ADD CONSTRAINT "board_seats_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "board_seats" ADD CONSTRAINT "board_seats_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "board_seats" ADD CONSTRAINT "board_seats_connected_id_connected_ids_id_fk" FOREIGN KEY ("connected_id") REFERENCES "public"."connected_ids"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_organizer_connected_id_connected_ids_id_fk" FOREIGN KEY ("organizer_connected_id") REFERENCES "public"."connected_ids"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "meeting_agenda_items" ADD CONSTRAINT "meeting_agenda_items_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "meeting_agenda_items" ADD CONSTRAINT "meeting_agenda_items_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "meeting_participants" ADD CONSTRAINT "meeting_participants_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "meeting_participants" ADD CONSTRAINT "meeting_participants_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "meeting_participants" ADD CONSTRAINT "meeting_participants_connected_id_connected_ids_id_fk" FOREIGN KEY ("connected_id") REFERENCES "public"."connected_ids"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "meeting_votes" ADD CONSTRAINT "meeting_votes_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "meeting_votes" ADD CONSTRAINT "meeting_votes_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "meeting_votes" ADD CONSTRAINT "meeting_votes_voter_connected_id_connected_ids_id_fk" FOREIGN KEY ("voter_connected_id") REFERENCES "public"."connected_ids"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "boards_org_idx" ON "boards" USING btree ("org_id");
--> statement-breakpoint
CREATE INDEX "board_seats_board_idx" ON "board_seats" USING btree ("board_id","removed_at");
--> statement-breakpoint
CREATE INDEX "board_seats_org_member_idx" ON "board_seats" USING btree ("org_id","connected_id");
--> statement-breakpoint
CREATE INDEX "meetings_org_scheduled_idx" ON "meetings" USING btree ("org_id","scheduled_at");
--> statement-breakpoint
CREATE INDEX "meetings_org_type_idx" ON "meetings" USING btree ("org_id","type");
--> statement-breakpoint
CREATE UNIQUE INDEX "meeting_agenda_items_meeting_index_uq" ON "meeting_agenda_items" USING btree ("meeting_id","item_index");
--> statement-breakpoint
CREATE UNIQUE INDEX "meeting_participants_meeting_member_uq" ON "meeting_participants" USING btree ("meeting_id","connected_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "meeting_participants_meeting_email_uq" ON "meeting_participants" USING btree ("meeting_id","email");
--> statement-breakpoint
CREATE INDEX "meeting_participants_member_idx" ON "meeting_participants" USING btree ("org_id","connected_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "meeting_votes_meeting_item_voter_uq" ON "meeting_votes" USING btree ("meeting_id","agenda_index","voter_connected_id");
