CREATE TABLE "custom_domains" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"app_group_id" text NOT NULL,
	"hostname" text NOT NULL,
	"token" text NOT NULL,
	"created_at" bigint NOT NULL,
	"verified_at" bigint,
	"checked_at" bigint,
	"last_error" text
);

--> statement-breakpoint
ALTER TABLE "custom_domains" ADD CONSTRAINT "custom_domains_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "custom_domains" ADD CONSTRAINT "custom_domains_app_group_id_app_groups_id_fk" FOREIGN KEY ("app_group_id") REFERENCES "public"."app_groups"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "custom_domains_hostname_uq" ON "custom_domains" USING btree ("hostname");
--> statement-breakpoint
CREATE INDEX "custom_domains_org_idx" ON "custom_domains" USING btree ("org_id");
