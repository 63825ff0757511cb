/**
 * End-user sessions (spec 5.8 leaves the lifetime to us; docs/end-users.md states it):
 *
 * - A sign-in opens a session on one application and hands out a 15-minute access token
 *   and an opaque refresh token (`eurt_…`, stored as its SHA-256).
 * - Each refresh rotates the refresh token and pushes the idle expiry 14 days forward,
 *   never past the session's absolute end, 30 days after sign-in.
 * - Presenting an already-rotated refresh token ends the session (the token may have
 *   been stolen): 401 refresh_token_reused, and neither token refreshes again.
 * - Sign-out revokes the session: its refresh token stops at once, and its access
 *   tokens are refused by every check that reads the session (liveSession); elsewhere
 *   they run out within 15 minutes.
 */
import { and, eq, isNull, or } from "drizzle-orm";
import type { Queryable, Tx } from "../../../platform/db/database";
import { randomSecret, sha256Hex } from "../../../platform/crypto/hash";
import { ApiError } from "../../../platform/http/errors";
import { newId } from "../../../platform/ids";
import { endUserErrors } from "./errors";
import { endUserSessions, type EndUserSessionRow } from "./schema";

const DAY_MS = 86_400_000;
export const SESSION_IDLE_MS = 14 * DAY_MS;
export const SESSION_ABSOLUTE_MS = 30 * DAY_MS;
export const REFRESH_TOKEN_PREFIX = "eurt_";

export type SessionRevokeReason = "sign_out" | "refresh_reuse" | "user_disabled" | "admin";

export interface NewSessionInput {
  endUserId: string;
  orgId: string;
  appGroupId: string;
  applicationId: string;
  amr: string[];
  ip: string | null;
  userAgent: string | null;
}

function newRefreshToken(): { token: string; hash: string } {
  const token = `${REFRESH_TOKEN_PREFIX}${randomSecret(32)}`;
  return { token, hash: sha256Hex(token) };
}

/** Opens a session; returns it with its first refresh token (the only time it is in clear). */
export async function openSession(tx: Tx, input: NewSessionInput, now: number): Promise<{ session: EndUserSessionRow; refreshToken: string }> {
  const refresh = newRefreshToken();
  const [session] = await tx
    .insert(endUserSessions)
    .values({
      id: newId(),
      ...input,
      userAgent: input.userAgent?.slice(0, 500) ?? null,
      refreshTokenHash: refresh.hash,
      createdAt: now,
      lastRefreshedAt: now,
      idleExpiresAt: Math.min(now + SESSION_IDLE_MS, now + SESSION_ABSOLUTE_MS),
      expiresAt: now + SESSION_ABSOLUTE_MS,
    })
    .returning();
  return { session: session!, refreshToken: refresh.token };
}

function isLive(session: Pick<EndUserSessionRow, "revokedAt" | "idleExpiresAt" | "expiresAt">, now: number): boolean {
  return session.revokedAt === null && session.idleExpiresAt > now && session.expiresAt > now;
}

/**
 * Rotates the refresh token of a live session of `applicationId`. Throws 401
 * invalid_refresh_token (unknown, expired, revoked, another application's) or
 * refresh_token_reused (a rotated token: the session is revoked in the same write).
 */
export async function rotateRefreshToken(
  tx: Tx,
  applicationId: string,
  presented: string,
  now: number,
): Promise<{ session: EndUserSessionRow; refreshToken: string } | { reused: true }> {
  const hash = sha256Hex(presented);
  await tx.lock(`end-user-refresh:${hash}`);
  const [session] = await tx
    .select()
    .from(endUserSessions)
    .where(and(or(eq(endUserSessions.refreshTokenHash, hash), eq(endUserSessions.previousRefreshTokenHash, hash)), eq(endUserSessions.applicationId, applicationId)));
  if (!session || !isLive(session, now)) throw invalidRefreshToken();
  if (session.refreshTokenHash !== hash) {
    await tx.update(endUserSessions).set({ revokedAt: now, revokedReason: "refresh_reuse" }).where(eq(endUserSessions.id, session.id));
    // The revocation must commit, so the caller answers 401 refresh_token_reused after the write.
    return { reused: true };
  }
  const refresh = newRefreshToken();
  const [updated] = await tx
    .update(endUserSessions)
    .set({
      refreshTokenHash: refresh.hash,
      previousRefreshTokenHash: hash,
      lastRefreshedAt: now,
      idleExpiresAt: Math.min(now + SESSION_IDLE_MS, session.expiresAt),
    })
    .where(eq(endUserSessions.id, session.id))
    .returning();
  return { session: updated!, refreshToken: refresh.token };
}

export function invalidRefreshToken(): ApiError {
  return endUserErrors.error("invalidRefreshToken", { message: "the refresh token is unknown, expired or revoked; sign in again" });
}

export function refreshTokenReused(): ApiError {
  return endUserErrors.error("refreshTokenReused", { message: "this refresh token was already used; the session is ended, sign in again" });
}

/** The session behind a refresh token (current one only), live or not; null when unknown. */
export async function sessionByRefreshToken(reader: Queryable, presented: string): Promise<EndUserSessionRow | null> {
  const [row] = await reader.select().from(endUserSessions).where(eq(endUserSessions.refreshTokenHash, sha256Hex(presented)));
  return row ?? null;
}

/** The session `sessionId` when it is still live, else null: checks that must see a sign-out at once. */
export async function liveSession(reader: Queryable, sessionId: string, now: number): Promise<EndUserSessionRow | null> {
  const [row] = await reader.select().from(endUserSessions).where(eq(endUserSessions.id, sessionId));
  return row && isLive(row, now) ? row : null;
}

/** Revokes one session (idempotent); returns whether it was live. */
export async function revokeSession(tx: Tx, sessionId: string, reason: SessionRevokeReason, now: number): Promise<boolean> {
  const revoked = await tx
    .update(endUserSessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(endUserSessions.id, sessionId), isNull(endUserSessions.revokedAt)))
    .returning({ id: endUserSessions.id });
  return revoked.length > 0;
}

/** Revokes every live session of an end user (disabled by the organization, for instance). */
export async function revokeAllSessions(tx: Tx, endUserId: string, reason: SessionRevokeReason, now: number): Promise<number> {
  const revoked = await tx
    .update(endUserSessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(endUserSessions.endUserId, endUserId), isNull(endUserSessions.revokedAt)))
    .returning({ id: endUserSessions.id });
  return revoked.length;
}
