DROP INDEX "end_user_sign_ins_org_at_idx";
--> statement-breakpoint
CREATE INDEX "end_user_sign_ins_org_report_idx" ON "end_user_sign_ins" USING btree ("org_id","at","app_group_id","outcome","end_user_id","signup","method","ip");
