/**
 * Add-ons an organization has switched on. The credit they are charged against is the
 * ledger's (ledger/schema.ts).
 */
import { col, table } from "../../../platform/db/kit";
import { organizations } from "../../orgs/schema";

export const orgAddons = table(
  "org_addons",
  {
    id: col.id(),
    orgId: col.text().notNull().references(() => organizations.id, { onDelete: "cascade" }),
    /** A key of ADDONS (src/modules/orgs/plans.ts). */
    addonKey: col.text().notNull(),
    /** active | disabled */
    status: col.text().notNull(),
    enabledAt: col.time().notNull(),
    enabledBy: col.text(),
    disabledAt: col.time(),
    /** End of the last month paid for (exclusive): re-enabling before it charges nothing; the renewal job extends it. */
    paidThrough: col.time().notNull(),
    updatedAt: col.time().notNull(),
  },
  [{ name: "org_addons_org_key_uq", on: ["orgId", "addonKey"], unique: true }],
);

export type OrgAddonRow = typeof orgAddons.$inferSelect;
