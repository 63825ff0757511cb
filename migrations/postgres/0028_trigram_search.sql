CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "connected_ids_name_trgm_idx" ON "connected_ids" USING gin (lower("display_name") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "files_name_trgm_idx" ON "files" USING gin (lower("name") gin_trgm_ops);
--> statement-breakpoint
ANALYZE "users";
--> statement-breakpoint
ANALYZE "connected_ids";
--> statement-breakpoint
ANALYZE "files";
