/**
 * Owner-status (spec 2.1): does this person have a dashboard account, and which
 * organizations do they own. Consumers gate on each org's `ready`, never on existence.
 * The public v1 route that answers it (API key plus the end-user JWT the org signed)
 * comes with the machine-access issue; this is the rule it calls.
 */
import { asc, eq } from "drizzle-orm";
import type { Queryable } from "../../platform/db/database";
import { emailOf, userByEmail } from "../identity/index";
import { publicOrgView } from "./readiness";
import { organizations } from "./schema";

export interface OwnerStatus {
  state: "no_owner_account" | "owner_account_exists";
  orgs: Array<{ id: string; name: string; slug: string; ready: boolean }>;
}

export async function ownerStatus(reader: Queryable, email: string): Promise<OwnerStatus> {
  const user = await userByEmail(reader, email);
  if (!user) return { state: "no_owner_account", orgs: [] };
  const owned = await reader.select().from(organizations).where(eq(organizations.ownerUserId, user.id)).orderBy(asc(organizations.createdAt));
  return { state: "owner_account_exists", orgs: await Promise.all(owned.map((org) => publicOrgView(reader, org))) };
}

/** The address of the organization's owner (notices go there), or null when it has none. */
export async function ownerEmailOf(reader: Queryable, org: Pick<typeof organizations.$inferSelect, "ownerUserId">): Promise<string | null> {
  return org.ownerUserId ? emailOf(reader, org.ownerUserId) : null;
}
