/**
 * What other domains may read of the end-user sign-in ledger (end_user_sign_ins, one row
 * per attempt): analytics' reports and rollups (DESIGN §2: only customers queries it).
 */
import { and, eq, gte, inArray, lt } from "drizzle-orm";
import type { Queryable } from "../../../platform/db/database";
import { endUserSignIns } from "./schema";

export type SignInAttempt = Pick<typeof endUserSignIns.$inferSelect, "id" | "appGroupId" | "endUserId" | "method" | "outcome" | "failureReason" | "signup" | "ip" | "at">;

// A function, not a constant: the kit's columns resolve to the active dialect's when a query is built.
const attempt = () => ({
  id: endUserSignIns.id,
  appGroupId: endUserSignIns.appGroupId,
  endUserId: endUserSignIns.endUserId,
  method: endUserSignIns.method,
  outcome: endUserSignIns.outcome,
  failureReason: endUserSignIns.failureReason,
  signup: endUserSignIns.signup,
  ip: endUserSignIns.ip,
  at: endUserSignIns.at,
});

/** One app group's attempts in [from, to). */
export function signInAttemptsOfGroup(reader: Queryable, appGroupId: string, from: number, to: number): Promise<SignInAttempt[]> {
  return reader
    .select(attempt())
    .from(endUserSignIns)
    .where(and(eq(endUserSignIns.appGroupId, appGroupId), gte(endUserSignIns.at, from), lt(endUserSignIns.at, to)));
}

/** The organization's attempts in these app groups since `since`. */
export function signInAttemptsOfOrg(reader: Queryable, orgId: string, appGroupIds: readonly string[], since: number): Promise<SignInAttempt[]> {
  if (appGroupIds.length === 0) return Promise.resolve([]);
  return reader
    .select(attempt())
    .from(endUserSignIns)
    .where(and(eq(endUserSignIns.orgId, orgId), inArray(endUserSignIns.appGroupId, [...appGroupIds]), gte(endUserSignIns.at, since)));
}

/** Whether the app group has any attempt in [from, to): one index seek. */
export async function hasSignInAttempts(reader: Queryable, appGroupId: string, from: number, to: number): Promise<boolean> {
  const [any] = await reader
    .select({ id: endUserSignIns.id })
    .from(endUserSignIns)
    .where(and(eq(endUserSignIns.appGroupId, appGroupId), gte(endUserSignIns.at, from), lt(endUserSignIns.at, to)))
    .limit(1);
  return any !== undefined;
}
