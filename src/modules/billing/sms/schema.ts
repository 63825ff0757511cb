/** Texts sent through POST /api/public/sms/send, each charged to the organization's credit. */
import { col, table } from "../../../platform/db/kit";
import { organizations } from "../../orgs/schema";

export const billingSmsSends = table(
  "billing_sms_sends",
  {
    id: col.id(),
    orgId: col.text().notNull().references(() => organizations.id, { onDelete: "cascade" }),
    keyId: col.text(),
    /** E.164 */
    phone: col.text().notNull(),
    country: col.text().notNull(),
    /** standard | limited | restricted (spec §8) */
    coverageGroup: col.text().notNull(),
    /** code | message */
    kind: col.text().notNull(),
    priceMinor: col.bigint().notNull(),
    currency: col.text().notNull(),
    /** sending | sent | failed */
    status: col.text().notNull(),
    createdAt: col.time().notNull(),
  },
  [
    { name: "billing_sms_sends_phone_idx", on: ["phone", "createdAt"] },
    { name: "billing_sms_sends_group_idx", on: ["coverageGroup", "createdAt"] },
    { name: "billing_sms_sends_org_idx", on: ["orgId", "createdAt"] },
  ],
);
