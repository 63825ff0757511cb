CREATE TABLE "commerce_gateway_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"app_group_id" text NOT NULL,
	"provider" text NOT NULL,
	"account_ref" text NOT NULL,
	"charges_enabled" boolean DEFAULT false NOT NULL,
	"payouts_enabled" boolean DEFAULT false NOT NULL,
	"requirements_due" jsonb NOT NULL,
	"created_by" text,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);

--> statement-breakpoint
CREATE TABLE "commerce_brands" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"slug" text NOT NULL,
	"app_group_id" text NOT NULL,
	"created_at" bigint NOT NULL,
	"bound_at" bigint NOT NULL
);

--> statement-breakpoint
CREATE TABLE "commerce_products" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"app_group_id" text NOT NULL,
	"product_key" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"price_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"gateway_product_ref" text,
	"gateway_price_ref" text,
	"price_version" integer DEFAULT 1 NOT NULL,
	"synced_at" bigint,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);

--> statement-breakpoint
CREATE TABLE "commerce_charges" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"app_group_id" text NOT NULL,
	"brand_slug" text,
	"product_id" text,
	"provider" text NOT NULL,
	"charge_ref" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"take_rate_bps" integer NOT NULL,
	"take_rate_minor" bigint NOT NULL,
	"net_minor" bigint NOT NULL,
	"period" text NOT NULL,
	"at" bigint NOT NULL
);

--> statement-breakpoint
CREATE TABLE "commerce_gateway_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"org_id" text,
	"received_at" bigint NOT NULL
);

--> statement-breakpoint
CREATE TABLE "commerce_lookup_counts" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"kind" text NOT NULL,
	"day" text NOT NULL,
	"used" integer NOT NULL
);

--> statement-breakpoint
CREATE TABLE "commerce_korean_package" (
	"id" text PRIMARY KEY NOT NULL,
	"billing_key_sealed" text,
	"billing_key_provider" text,
	"card_company" text,
	"card_number_masked" text,
	"billing_key_issued_at" bigint,
	"popbill_corp_num" text,
	"popbill_user_id" text,
	"popbill_linked_at" bigint,
	"updated_at" bigint NOT NULL
);

--> statement-breakpoint
CREATE TABLE "commerce_kakao_channels" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"channel_id" text NOT NULL,
	"template_code" text NOT NULL,
	"sender_number" text NOT NULL,
	"member_id" text,
	"linked_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);

--> statement-breakpoint
ALTER TABLE "commerce_gateway_accounts" ADD CONSTRAINT "commerce_gateway_accounts_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "commerce_gateway_accounts" ADD CONSTRAINT "commerce_gateway_accounts_app_group_id_app_groups_id_fk" FOREIGN KEY ("app_group_id") REFERENCES "public"."app_groups"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "commerce_brands" ADD CONSTRAINT "commerce_brands_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "commerce_brands" ADD CONSTRAINT "commerce_brands_app_group_id_app_groups_id_fk" FOREIGN KEY ("app_group_id") REFERENCES "public"."app_groups"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "commerce_products" ADD CONSTRAINT "commerce_products_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "commerce_products" ADD CONSTRAINT "commerce_products_app_group_id_app_groups_id_fk" FOREIGN KEY ("app_group_id") REFERENCES "public"."app_groups"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "commerce_charges" ADD CONSTRAINT "commerce_charges_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "commerce_charges" ADD CONSTRAINT "commerce_charges_app_group_id_app_groups_id_fk" FOREIGN KEY ("app_group_id") REFERENCES "public"."app_groups"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "commerce_lookup_counts" ADD CONSTRAINT "commerce_lookup_counts_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "commerce_korean_package" ADD CONSTRAINT "commerce_korean_package_id_organizations_id_fk" FOREIGN KEY ("id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "commerce_kakao_channels" ADD CONSTRAINT "commerce_kakao_channels_id_app_groups_id_fk" FOREIGN KEY ("id") REFERENCES "public"."app_groups"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "commerce_kakao_channels" ADD CONSTRAINT "commerce_kakao_channels_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "commerce_gateway_accounts_group_uq" ON "commerce_gateway_accounts" USING btree ("app_group_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "commerce_gateway_accounts_ref_uq" ON "commerce_gateway_accounts" USING btree ("provider","account_ref");
--> statement-breakpoint
CREATE UNIQUE INDEX "commerce_brands_slug_uq" ON "commerce_brands" USING btree ("slug");
--> statement-breakpoint
CREATE UNIQUE INDEX "commerce_brands_group_uq" ON "commerce_brands" USING btree ("app_group_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "commerce_products_group_key_uq" ON "commerce_products" USING btree ("app_group_id","product_key");
--> statement-breakpoint
CREATE INDEX "commerce_products_group_name_idx" ON "commerce_products" USING btree ("app_group_id","name");
--> statement-breakpoint
CREATE UNIQUE INDEX "commerce_charges_ref_uq" ON "commerce_charges" USING btree ("provider","charge_ref");
--> statement-breakpoint
CREATE INDEX "commerce_charges_org_period_idx" ON "commerce_charges" USING btree ("org_id","period");
--> statement-breakpoint
CREATE INDEX "commerce_kakao_channels_org_idx" ON "commerce_kakao_channels" USING btree ("org_id");
