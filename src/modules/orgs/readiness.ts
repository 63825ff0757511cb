/**
 * `ready` (spec 2.1): an organization can sign only when it has its Org Master Seal
 * and its owner has registered a Personal Seal (a passkey). Consumers gate on this,
 * never on mere existence.
 */
import type { Queryable } from "../../platform/db/database";
import { hasPersonalSeal } from "../identity/index";
import { masterSealOf } from "./master-seal-record";
import type { organizations } from "./schema";

export type ReadinessStep = "org_master_seal" | "owner_personal_seal";

export interface Readiness {
  ready: boolean;
  /** What is still missing, in the order the owner would do it. */
  missing: ReadinessStep[];
}

export async function readinessOf(reader: Queryable, org: Pick<typeof organizations.$inferSelect, "id" | "ownerUserId">): Promise<Readiness> {
  const missing: ReadinessStep[] = [];
  if (!org.ownerUserId || !(await hasPersonalSeal(reader, org.ownerUserId))) missing.push("owner_personal_seal");
  if (!(await masterSealOf(reader, org.id))) missing.push("org_master_seal");
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
