/**
 * The session routes of spec 4.1 (5.8 leaves their design to us; docs/end-users.md
 * "Tokens and sessions" is the contract):
 *
 * - handshake: the hosted portal asks whether this browser already holds a live portal
 *   session of the app group (its cookie); if so it gets a fresh exchange code for THIS
 *   application, so one sign-in serves every application of the brand.
 * - exchange: an exchange code becomes a session of the application (with its own
 *   refresh token), or a refresh token is rotated.
 * - sign-out: revokes the session named by a refresh token or an access token, and the
 *   portal session of the cookie; always 200.
 * - current: the session behind an access token, only while it is live (how an app sees
 *   a sign-out at once).
 */
import { eq } from "drizzle-orm";
import type { Cookie } from "elysia";
import type { AppContext } from "../../../context";
import { bearerToken } from "../../identity/index";
import { ApiError } from "../../../platform/http/errors";
import { orgById } from "../../orgs/index";
import { endUserErrors } from "./errors";
import { consumeFlowToken } from "./flow-tokens";
import { clearPortalCookie, issueExchangeCode, portalLoginUrl, portalOf, portalRefreshToken, type ExchangeCodeData } from "./portal";
import { authenticateEndUser } from "./authenticate";
import { assertCanSignIn, endUserView, findEndUserById, type EndUserView } from "./service";
import { liveSession, openSession, refreshTokenReused, revokeSession, rotateRefreshToken, sessionByRefreshToken, SESSION_IDLE_MS } from "./sessions";
import { endUserSessions, type EndUserSessionRow } from "./schema";
import { deliverSignIn, type SignedIn, type SignInClient } from "./sign-in";
import { requireTokenSigner, verifyAccessToken, type EndUserClaims } from "./tokens";
import { kernelErrors } from "../../../platform/http/error-catalog";

type Cookies = Record<string, Cookie<unknown>>;
type Deps = Pick<AppContext, "db" | "clock" | "config" | "secrets" | "keyring" | "sms">;

export type HandshakeResult = { signedIn: true; code: string; endUser: EndUserView } | { signedIn: false; loginUrl: string };

export interface SessionView {
  id: string;
  amr: string[];
  createdAt: string;
  lastRefreshedAt: string;
  idleExpiresAt: string;
  expiresAt: string;
}

function sessionView(row: EndUserSessionRow): SessionView {
  const iso = (ms: number) => new Date(ms).toISOString();
  return { id: row.id, amr: row.amr, createdAt: iso(row.createdAt), lastRefreshedAt: iso(row.lastRefreshedAt), idleExpiresAt: iso(row.idleExpiresAt), expiresAt: iso(row.expiresAt) };
}

/**
 * A fresh exchange code for this application when the browser's portal cookie names a
 * live session of the app group whose end user may still sign in; the portal session's
 * idle expiry slides forward (never past its absolute end). Otherwise the login URL, and
 * a cookie that no longer works is cleared.
 */
export async function handshake(deps: Deps, cookie: Cookies, client: SignInClient): Promise<HandshakeResult> {
  const signedOut = { signedIn: false as const, loginUrl: portalLoginUrl(portalOf(deps.config, client), client.application.clientKey) };
  const presented = portalRefreshToken(cookie, client.appGroup);
  if (!presented) return signedOut;
  const now = deps.clock.now();
  const result = await deps.db.write(async (tx) => {
    const known = await sessionByRefreshToken(tx, presented);
    const session = known && known.appGroupId === client.appGroup.id ? await liveSession(tx, known.id, now) : null;
    if (!session) return null;
    const endUser = await findEndUserById(tx, client.appGroup.id, session.endUserId);
    if (!endUser || endUser.status === "disabled") return null;
    await tx
      .update(endUserSessions)
      .set({ lastRefreshedAt: now, idleExpiresAt: Math.min(now + SESSION_IDLE_MS, session.expiresAt) })
      .where(eq(endUserSessions.id, session.id));
    const code = await issueExchangeCode(tx, client, endUser.id, { amr: session.amr, portalSessionId: session.id }, now);
    return { code, endUser: endUserView(endUser) };
  });
  if (!result) {
    clearPortalCookie(portalOf(deps.config, client), cookie, client.appGroup);
    return signedOut;
  }
  return { signedIn: true, ...result };
}

export type ExchangeInput = { grantType?: "code" | "refresh_token"; code?: string; refreshToken?: string };

function missing(field: string): ApiError {
  return kernelErrors.error("invalidRequest", { field, message: `${field} is required for this grantType` });
}

/**
 * `code` (the default grant): a one-time exchange code becomes a new session of the
 * application, answered with its refresh token. `refresh_token`: rotates the token
 * (401 invalid_refresh_token, or refresh_token_reused which also ends the session).
 */
export async function exchange(deps: Deps, client: SignInClient, input: ExchangeInput): Promise<SignedIn> {
  const grant = input.grantType ?? "code";
  if (grant === "code" && !input.code) throw missing("code");
  if (grant === "refresh_token" && !input.refreshToken) throw missing("refreshToken");
  await requireTokenSigner(deps, client.appGroup.orgId);
  const now = deps.clock.now();
  const outcome = await deps.db.write(async (tx) => {
    if (grant === "refresh_token") {
      const rotated = await rotateRefreshToken(tx, client.application.id, input.refreshToken!, now);
      if ("reused" in rotated) return rotated;
      const endUser = await findEndUserById(tx, client.appGroup.id, rotated.session.endUserId);
      if (!endUser) throw endUserErrors.error("invalidRefreshToken", { message: "the refresh token is unknown, expired or revoked; sign in again" });
      assertCanSignIn(endUser);
      return { opened: { kind: "session" as const, ...rotated, endUser, created: false, redirectUrl: null } };
    }
    const token = await consumeFlowToken(tx, "exchange_code", input.code!, { appGroupId: client.appGroup.id, applicationId: client.application.id }, now);
    const data = token.data as unknown as ExchangeCodeData;
    // A sign-out of the portal session within the code's minute also voids the code.
    const portal = await liveSession(tx, data.portalSessionId, now);
    const endUser = token.endUserId ? await findEndUserById(tx, client.appGroup.id, token.endUserId) : null;
    if (!portal || !endUser) throw endUserErrors.error("invalidToken", { field: "code", message: "this code is no longer valid; sign in again" });
    assertCanSignIn(endUser);
    const { session, refreshToken } = await openSession(
      tx,
      { endUserId: endUser.id, orgId: client.appGroup.orgId, appGroupId: client.appGroup.id, applicationId: client.application.id, amr: data.amr, ip: client.ip, userAgent: client.userAgent },
      now,
    );
    return { opened: { kind: "session" as const, session, refreshToken, endUser, created: false, redirectUrl: null } };
  });
  if ("reused" in outcome) throw refreshTokenReused();
  return deliverSignIn(deps, client, outcome.opened, now);
}

/** Verifies a Bearer end-user token of this application (401 invalid_access_token); null when none was sent. */
async function bearerClaims(deps: Deps, request: Request, client: SignInClient): Promise<EndUserClaims | null> {
  const token = bearerToken(request);
  if (!token) return null;
  const org = await orgById(deps.db.read, client.appGroup.orgId);
  if (!org) throw endUserErrors.error("invalidAccessToken", { message: "the end-user token is missing, invalid or expired" });
  return verifyAccessToken(deps, org.slug, token, { audience: client.application.clientKey });
}

/**
 * Revokes what the request names: the session of `refreshToken` (this application's),
 * the session of the Bearer access token, and the portal session of the cookie (whose
 * cookie is cleared). Unknown or already-ended sessions are no error.
 */
export async function signOut(deps: Deps, http: { request: Request; cookie: Cookies }, client: SignInClient, input: { refreshToken?: string }): Promise<{ signedOut: true; revokedSessions: number }> {
  const claims = await bearerClaims(deps, http.request, client);
  const portalToken = portalRefreshToken(http.cookie, client.appGroup);
  const now = deps.clock.now();
  const revoked = await deps.db.write(async (tx) => {
    const ids = new Set<string>();
    if (claims) ids.add(claims.sid);
    if (input.refreshToken) {
      const session = await sessionByRefreshToken(tx, input.refreshToken);
      if (session?.applicationId === client.application.id) ids.add(session.id);
    }
    if (portalToken) {
      const session = await sessionByRefreshToken(tx, portalToken);
      if (session?.appGroupId === client.appGroup.id) ids.add(session.id);
    }
    let count = 0;
    for (const id of ids) if (await revokeSession(tx, id, "sign_out", now)) count++;
    return count;
  });
  if (portalToken) clearPortalCookie(portalOf(deps.config, client), http.cookie, client.appGroup);
  return { signedOut: true, revokedSessions: revoked };
}

/** The end user and session behind a Bearer access token while the session is live; else 401 invalid_access_token. */
export async function currentSession(deps: Deps, request: Request, client: SignInClient): Promise<{ endUser: EndUserView; session: SessionView }> {
  const { endUser, session } = await authenticateEndUser(deps, client, bearerToken(request));
  // Asked who is signed in, a disabled end user is nobody.
  if (endUser.status === "disabled") throw endUserErrors.error("invalidAccessToken", { message: "the end-user token is missing, or its session has ended" });
  return { endUser: endUserView(endUser), session: sessionView(session) };
}
