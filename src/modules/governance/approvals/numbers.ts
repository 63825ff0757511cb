/**
 * Document numbers `{slug}-{yyyy}-{000001}` (spec 2.10): per organization and calendar
 * year (UTC), gapless. The counter row is read and raised under a lock inside the
 * submitting transaction, so concurrent submits take consecutive numbers, and a submit
 * that fails later rolls its number back with everything else: no gap, no duplicate.
 */
import { eq } from "drizzle-orm";
import type { Tx } from "../../../platform/db/database";
import { approvalNumberCounters } from "./schema";

export async function nextDocumentNumber(tx: Tx, org: { id: string; slug: string }, at: number): Promise<string> {
  const year = new Date(at).getUTCFullYear();
  const id = `${org.id}:${year}`;
  await tx.lock(`approvals.number:${id}`);
  const [row] = await tx.select({ last: approvalNumberCounters.last }).from(approvalNumberCounters).where(eq(approvalNumberCounters.id, id));
  const next = (row?.last ?? 0) + 1;
  if (row) await tx.update(approvalNumberCounters).set({ last: next }).where(eq(approvalNumberCounters.id, id));
  else await tx.insert(approvalNumberCounters).values({ id, orgId: org.id, year, last: next });
  return `${org.slug}-${year}-${String(next).padStart(6, "0")}`;
}
