/**
 * The record of an organization's Org Master Seal: one row per organization, kept with
 * the organization (its readiness depends on it). The ceremony and the keys it creates
 * are the trust domain's (trust/keys/master-seal.ts); this is only the row.
 */
import { eq } from "drizzle-orm";
import { recordHash } from "../../platform/crypto/canonical-json";
import type { Queryable, Tx } from "../../platform/db/database";
import { orgMasterSeals } from "./schema";

export type MasterSealRecord = typeof orgMasterSeals.$inferSelect;

export async function masterSealOf(reader: Queryable, orgId: string): Promise<MasterSealRecord | null> {
  const [seal] = await reader.select().from(orgMasterSeals).where(eq(orgMasterSeals.orgId, orgId));
  return seal ?? null;
}

/** Writes the record with the hash of its fields, in the ceremony's transaction. */
export async function recordMasterSeal(tx: Tx, sealed: Omit<MasterSealRecord, "recordHash">): Promise<void> {
  await tx.insert(orgMasterSeals).values({ ...sealed, recordHash: recordHash(sealed) });
}
