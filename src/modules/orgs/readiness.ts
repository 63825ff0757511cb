/**
 * `ready` (spec 2.1): an organization can sign only when it has its Org Master Seal
 * and its owner has registered a Personal Seal (a passkey). Consumers gate on this,
 * never on mere existence.
 */
import { eq } from "drizzle-orm";
import type { Queryable } from "../../platform/db/database";
import { passkeys } from "../identity/schema";
import { orgMasterSeals, type organizations } from "./schema";

export type ReadinessStep = "org_master_seal" | "owner_personal_seal";

export interface Readiness {
  ready: boolean;
  /** What is still missing, in the order the owner would do it. */
  missing: ReadinessStep[];
}

export async function readinessOf(reader: Queryable, org: Pick<typeof organizations.$inferSelect, "id" | "ownerUserId">): Promise<Readiness> {
  const missing: ReadinessStep[] = [];
  const ownerKeys = org.ownerUserId
    ? await reader.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.userId, org.ownerUserId)).limit(1)
    : [];
  if (ownerKeys.length === 0) missing.push("owner_personal_seal");
  const [seal] = await reader.select({ id: orgMasterSeals.id }).from(orgMasterSeals).where(eq(orgMasterSeals.orgId, org.id));
  if (!seal) missing.push("org_master_seal");
  return { ready: missing.length === 0, missing };
}

/** The public view of 2.1: {id, name, slug, ready}. */
export async function publicOrgView(
  reader: Queryable,
  org: Pick<typeof organizations.$inferSelect, "id" | "name" | "slug" | "ownerUserId">,
): Promise<{ id: string; name: string; slug: string; ready: boolean }> {
  const { ready } = await readinessOf(reader, org);
  return { id: org.id, name: org.name, slug: org.slug, ready };
}
