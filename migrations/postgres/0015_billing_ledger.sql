CREATE TABLE "billing_invoices" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"number" text,
	"period" text NOT NULL,
	"period_start" bigint NOT NULL,
	"period_end" bigint NOT NULL,
	"status" text NOT NULL,
	"currency" text NOT NULL,
	"lines" jsonb NOT NULL,
	"subtotal" bigint NOT NULL,
	"settled" bigint NOT NULL,
	"unsettled" bigint NOT NULL,
	"settlement" text NOT NULL,
	"issued_at" bigint,
	"self_hash" text,
	"record_hash" text,
	"sealed_at" bigint,
	"supersedes_id" text,
	"superseded_by_id" text,
	"seq" integer,
	"created_at" bigint NOT NULL
);

--> statement-breakpoint
CREATE TABLE "billing_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text,
	"amount_minor" bigint NOT NULL,
	"bonus_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"refunded_minor" bigint NOT NULL,
	"created_by" text,
	"created_at" bigint NOT NULL,
	"settled_at" bigint
);

--> statement-breakpoint
CREATE TABLE "billing_webhook_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"org_id" text,
	"received_at" bigint NOT NULL
);

--> statement-breakpoint
CREATE TABLE "billing_withdrawals" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"fee_minor" bigint NOT NULL,
	"payout_minor" bigint NOT NULL,
	"clawback_minor" bigint NOT NULL,
	"status" text NOT NULL,
	"refunds" jsonb NOT NULL,
	"failure" text,
	"created_by" text,
	"created_at" bigint NOT NULL
);

--> statement-breakpoint
CREATE TABLE "billing_subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"plan_paid_through" bigint,
	"scheduled_plan" text,
	"scheduled_at" bigint,
	"delinquent_since" bigint,
	"grace_ends_at" bigint,
	"failed_attempts" integer NOT NULL,
	"last_attempt_at" bigint,
	"updated_at" bigint NOT NULL
);

--> statement-breakpoint
CREATE TABLE "billing_dues" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"ref_id" text NOT NULL,
	"memo" text NOT NULL,
	"period" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"last_outcome" text NOT NULL,
	"attempts" integer NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);

--> statement-breakpoint
CREATE TABLE "billing_sms_sends" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"key_id" text,
	"phone" text NOT NULL,
	"country" text NOT NULL,
	"coverage_group" text NOT NULL,
	"kind" text NOT NULL,
	"price_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"created_at" bigint NOT NULL
);

--> statement-breakpoint
ALTER TABLE "org_credit_accounts" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;
--> statement-breakpoint
ALTER TABLE "org_credit_ledger" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;
--> statement-breakpoint
ALTER TABLE "org_credit_ledger" ADD COLUMN "ref_id" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "org_credit_ledger" ADD COLUMN "period" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "billing_invoices" ADD CONSTRAINT "billing_invoices_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "billing_payments" ADD CONSTRAINT "billing_payments_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "billing_withdrawals" ADD CONSTRAINT "billing_withdrawals_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "billing_subscriptions" ADD CONSTRAINT "billing_subscriptions_id_organizations_id_fk" FOREIGN KEY ("id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "billing_dues" ADD CONSTRAINT "billing_dues_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "billing_sms_sends" ADD CONSTRAINT "billing_sms_sends_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "billing_invoices_number_uq" ON "billing_invoices" USING btree ("number");
--> statement-breakpoint
CREATE INDEX "billing_invoices_org_period_idx" ON "billing_invoices" USING btree ("org_id","period");
--> statement-breakpoint
CREATE INDEX "billing_invoices_status_idx" ON "billing_invoices" USING btree ("status","period_end");
--> statement-breakpoint
CREATE UNIQUE INDEX "billing_payments_provider_ref_uq" ON "billing_payments" USING btree ("provider","provider_ref");
--> statement-breakpoint
CREATE INDEX "billing_payments_org_idx" ON "billing_payments" USING btree ("org_id","created_at");
--> statement-breakpoint
CREATE INDEX "billing_withdrawals_org_idx" ON "billing_withdrawals" USING btree ("org_id","created_at");
--> statement-breakpoint
CREATE UNIQUE INDEX "billing_dues_org_ref_uq" ON "billing_dues" USING btree ("org_id","ref_id");
--> statement-breakpoint
CREATE INDEX "billing_dues_status_idx" ON "billing_dues" USING btree ("status","org_id");
--> statement-breakpoint
CREATE INDEX "billing_sms_sends_phone_idx" ON "billing_sms_sends" USING btree ("phone","created_at");
--> statement-breakpoint
CREATE INDEX "billing_sms_sends_group_idx" ON "billing_sms_sends" USING btree ("coverage_group","created_at");
--> statement-breakpoint
CREATE INDEX "billing_sms_sends_org_idx" ON "billing_sms_sends" USING btree ("org_id","created_at");
--> statement-breakpoint
-- Hand-written (keep when regenerating): the rows the add-on door wrote get their refId and period, so the unique index below holds.
UPDATE "org_credit_ledger" SET "ref_id" = 'legacy-topup:' || "id" WHERE "reason" = 'top_up';
--> statement-breakpoint
UPDATE "org_credit_ledger" SET "ref_id" = 'proration:' || "reason" || ':legacy-' || "id" WHERE "reason" LIKE 'addon:%';
--> statement-breakpoint
UPDATE "org_credit_ledger" SET "ref_id" = 'legacy:' || "id" WHERE "ref_id" = '';
--> statement-breakpoint
UPDATE "org_credit_ledger" SET "period" = to_char(to_timestamp("at" / 1000.0) AT TIME ZONE 'UTC', 'YYYYMM') WHERE "period" = '';
--> statement-breakpoint
CREATE UNIQUE INDEX "org_credit_ledger_org_ref_uq" ON "org_credit_ledger" USING btree ("org_id","ref_id");
--> statement-breakpoint
CREATE INDEX "org_credit_ledger_org_period_idx" ON "org_credit_ledger" USING btree ("org_id","period");
