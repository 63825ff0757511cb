CREATE TABLE "permit_idempotency" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"connected_id" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"permit_sealed" text NOT NULL,
	"permit_key_id" text NOT NULL,
	"expires_at" bigint NOT NULL,
	"created_at" bigint NOT NULL
);

--> statement-breakpoint
ALTER TABLE "permit_idempotency" ADD CONSTRAINT "permit_idempotency_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "permit_idempotency_key_uq" ON "permit_idempotency" USING btree ("org_id","connected_id","idempotency_key");
--> statement-breakpoint
CREATE INDEX "permit_idempotency_expiry_idx" ON "permit_idempotency" USING btree ("expires_at");
