import { col, table } from "../../platform/db/kit";
import { users } from "../accounts/schema";

export const organizations = table(
  "organizations",
  {
    id: col.id(),
    name: col.text().notNull(),
    slug: col.text().notNull(),
    plan: col.text().notNull(),
    ownerUserId: col.text().references(() => users.id),
    createdAt: col.time().notNull(),
  },
  [{ name: "organizations_slug_uq", on: ["slug"], unique: true }],
);

export const memberships = table(
  "memberships",
  {
    id: col.id(),
    orgId: col.text().notNull().references(() => organizations.id, { onDelete: "cascade" }),
    userId: col.text().notNull().references(() => users.id, { onDelete: "cascade" }),
    role: col.text().notNull(),
    createdAt: col.time().notNull(),
  },
  [{ name: "memberships_org_user_uq", on: ["orgId", "userId"], unique: true }],
);
