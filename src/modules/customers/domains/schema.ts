/**
 * Custom login domains (spec 5.8), one row per hostname an organization lists in its
 * `domains` settings section: the section is what the owner asked for, this table what
 * became of it (the ownership token, whether DNS was proven, the last check). A hostname
 * has one row in the whole service (the unique index), so two organizations can never
 * hold it at once; removing it from the section deletes the row and releases it.
 */
import { col, table } from "../../../platform/db/kit";
import { organizations } from "../../orgs/schema";
import { appGroups } from "../apps/schema";

export const customDomains = table(
  "custom_domains",
  {
    id: col.id(),
    orgId: col.text().notNull().references(() => organizations.id, { onDelete: "cascade" }),
    appGroupId: col.text().notNull().references(() => appGroups.id, { onDelete: "cascade" }),
    /** Lower case, no trailing dot, ASCII (punycode for international names). */
    hostname: col.text().notNull(),
    /** What the TXT record at _service-challenge.{hostname} must carry; shown in the dashboard. */
    token: col.text().notNull(),
    createdAt: col.time().notNull(),
    /** Set when a check found the TXT record and the routing; null until then, and again after a failed re-check. */
    verifiedAt: col.time(),
    checkedAt: col.time(),
    /** The failure code of the last check, null when it passed or none ran. */
    lastError: col.text(),
  },
  [
    { name: "custom_domains_hostname_uq", on: ["hostname"], unique: true },
    { name: "custom_domains_org_idx", on: ["orgId"] },
  ],
);

export type CustomDomainRow = typeof customDomains.$inferSelect;
