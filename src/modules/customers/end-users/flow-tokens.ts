/**
 * The single-use secrets of the end-user sign-in flows (magic links, exchange codes,
 * MFA tokens, social state, passkey challenges). The secret is random, handed out once
 * and stored only as its SHA-256; consuming it marks it used in the same transaction as
 * whatever it unlocks, so a replay finds it used.
 */
import { and, eq, isNull, lt } from "drizzle-orm";
import { randomSecret, sha256Hex } from "../../../platform/crypto/hash";
import type { Tx } from "../../../platform/db/database";
import { endUserErrors } from "./errors";
import { endUserFlowTokens, type EndUserFlowTokenRow } from "./schema";
import { appGroups, applications } from "../apps/schema";
import { kernelErrors } from "../../../platform/http/error-catalog";

export type FlowTokenKind = "magic_link" | "exchange_code" | "mfa" | "social_state" | "passkey_registration" | "passkey_login";

export interface FlowTokenInput {
  kind: FlowTokenKind;
  orgId: string;
  appGroupId: string;
  applicationId: string;
  endUserId?: string | null;
  email?: string | null;
  data?: Record<string, unknown>;
  ttlMs: number;
}

/**
 * Whether the application and its app group still exist, with the group's lock held
 * (deleting a group takes it too): a sign-in flow that races the group's deletion must
 * not write rows that point at deleted ones (PostgreSQL refuses them; nothing may dangle).
 */
export async function applicationStillLive(tx: Tx, appGroupId: string, applicationId: string): Promise<boolean> {
  await tx.lock(`app_group:${appGroupId}`);
  const [row] = await tx
    .select({ id: applications.id })
    .from(applications)
    .innerJoin(appGroups, eq(appGroups.id, applications.appGroupId))
    .where(and(eq(applications.id, applicationId), eq(appGroups.id, appGroupId), isNull(appGroups.deletedAt)));
  return row !== undefined;
}

/** Stores a new token and returns its secret (the only time it exists in clear); 404 when the application is gone. */
export async function createFlowToken(tx: Tx, input: FlowTokenInput, now: number, secret = randomSecret(32)): Promise<string> {
  if (!(await applicationStillLive(tx, input.appGroupId, input.applicationId))) throw kernelErrors.error("notFound", { message: "no such application" });
  await tx.insert(endUserFlowTokens).values({
    id: sha256Hex(secret),
    kind: input.kind,
    orgId: input.orgId,
    appGroupId: input.appGroupId,
    applicationId: input.applicationId,
    endUserId: input.endUserId ?? null,
    email: input.email ?? null,
    data: input.data ?? {},
    expiresAt: now + input.ttlMs,
    createdAt: now,
  });
  return secret;
}

/**
 * The live token of `kind` for `secret`, locked for this transaction, without using it.
 * Throws 400 invalid_token (unknown, other kind, or another app group), token_used,
 * token_expired, or token_application_mismatch when `applicationId` is given and differs.
 */
export async function readFlowToken(
  tx: Tx,
  kind: FlowTokenKind,
  secret: string,
  scope: { appGroupId: string; applicationId?: string },
  now: number,
): Promise<EndUserFlowTokenRow> {
  const id = sha256Hex(secret);
  await tx.lock(`end-user-flow:${id}`);
  const [row] = await tx.select().from(endUserFlowTokens).where(eq(endUserFlowTokens.id, id));
  if (!row || row.kind !== kind || row.appGroupId !== scope.appGroupId) {
    throw endUserErrors.error("invalidToken", { message: "this link or code is not valid" });
  }
  if (row.usedAt !== null) throw endUserErrors.error("tokenUsed", { message: "this link or code was already used" });
  if (row.expiresAt <= now) throw endUserErrors.error("tokenExpired", { message: "this link or code has expired" });
  if (scope.applicationId && row.applicationId !== scope.applicationId) {
    throw endUserErrors.error("tokenApplicationMismatch", { message: "this link or code was issued for another application" });
  }
  return row;
}

/** readFlowToken, then marks the token used: it unlocks exactly once. */
export async function consumeFlowToken(
  tx: Tx,
  kind: FlowTokenKind,
  secret: string,
  scope: { appGroupId: string; applicationId?: string },
  now: number,
): Promise<EndUserFlowTokenRow> {
  const row = await readFlowToken(tx, kind, secret, scope, now);
  await tx.update(endUserFlowTokens).set({ usedAt: now }).where(eq(endUserFlowTokens.id, row.id));
  return { ...row, usedAt: now };
}

/** Counts a wrong guess against a token (an MFA code, for instance); returns the new count. */
export async function countFlowTokenAttempt(tx: Tx, row: Pick<EndUserFlowTokenRow, "id" | "attempts">): Promise<number> {
  const attempts = row.attempts + 1;
  await tx.update(endUserFlowTokens).set({ attempts }).where(eq(endUserFlowTokens.id, row.id));
  return attempts;
}

/** Deletes tokens that ended before `before` (the end-users.prune job). */
export async function pruneFlowTokens(tx: Tx, before: number): Promise<number> {
  const removed = await tx.delete(endUserFlowTokens).where(and(lt(endUserFlowTokens.expiresAt, before))).returning({ id: endUserFlowTokens.id });
  return removed.length;
}
