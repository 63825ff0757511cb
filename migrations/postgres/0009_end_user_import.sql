ALTER TABLE "end_users" ADD COLUMN "imported_password_algorithm" text;
--> statement-breakpoint
ALTER TABLE "end_users" ADD COLUMN "external_id" text;
