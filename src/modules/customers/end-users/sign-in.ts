/**
 * The end of every end-user sign-in, whatever the method: the proven identity becomes a
 * session on the application, an access token and a refresh token, and one row in
 * end_user_sign_ins (the source of sign-in analytics).
 *
 * It happens in two steps so that the write stays short: `openSignIn` runs inside the
 * caller's transaction (next to consuming the magic link, challenge or state that
 * proved the identity, so a replay finds it used), and `deliverSignIn` signs the access
 * token after the commit (RSA signing runs on the thread pool).
 */
import type { Language } from "../../../platform/languages";
import { eq } from "drizzle-orm";
import type { AppContext } from "../../../context";
import type { Tx } from "../../../platform/db/database";
import { newId } from "../../../platform/ids";
import type { AppGroupRow, ApplicationRow } from "../apps/schema";
import { applicationStillLive } from "./flow-tokens";
import { orgById } from "../../orgs/index";
import { endUserSignIns, endUsers, type EndUserRow, type EndUserSessionRow } from "./schema";
import { endUserView, type EndUserView } from "./service";
import { openSession, SESSION_ABSOLUTE_MS } from "./sessions";
import { signAccessToken } from "./tokens";
import { deliverMfaRequired, holdForMfa, type MfaRequired, type PendingMfa } from "./mfa/pending";
import { kernelErrors } from "../../../platform/http/error-catalog";

/** magic_link | passkey | social:<provider> | mfa_sms: the `method` of end_user_sign_ins. */
export type SignInMethod = "magic_link" | "passkey" | `social:${string}`;

/** Which application, from where: what every sign-in route knows about its request. */
export interface SignInClient {
  application: ApplicationRow;
  appGroup: AppGroupRow;
  ip: string | null;
  userAgent: string | null;
  /**
   * The portal this request is on when it came in on the app group's custom login domain
   * (`https://{domain}`); null: the configured portal (portalOf in portal.ts).
   */
  portal?: { portalBase: string } | null;
  /** The request's language (the hosted login's switcher cookie, else Accept-Language): its mails and texted codes are in it. */
  language?: Language;
}

export interface ProvenIdentity {
  endUser: EndUserRow;
  /** The end user was created by this sign-in (a sign-up, for analytics). */
  created: boolean;
  method: SignInMethod;
  /** RFC 8176 methods: otp (magic link), hwk + user (passkey), fed (social). */
  amr: string[];
  /** A post-sign-in redirect already checked against the application's Callback URLs, or null. */
  redirectUrl?: string | null;
}

/** A session opened: the sign-in is complete. */
export interface OpenedSession {
  kind: "session";
  session: EndUserSessionRow;
  refreshToken: string;
  endUser: EndUserRow;
  created: boolean;
  redirectUrl: string | null;
}

/** What openSignIn leaves: a session, or a sign-in held for its SMS second factor (end-user-mfa). */
export type OpenedSignIn = OpenedSession | PendingMfa;

export interface SignedIn {
  status: "signed_in";
  tokenType: "Bearer";
  accessToken: string;
  /** Seconds. */
  expiresIn: number;
  refreshToken: string;
  /** The session's absolute end: no refresh reaches past it. */
  sessionExpiresAt: string;
  sessionId: string;
  endUser: EndUserView;
  newUser: boolean;
  redirectUrl: string | null;
}

/**
 * Inside the caller's write: records the sign-in and opens the session, unless the app
 * group's smsMfa setting wants the second factor first; then the sign-in is held (an mfa
 * token, no session) and mfa/verify completes it.
 */
export async function openSignIn(tx: Tx, client: SignInClient, proven: ProvenIdentity, now: number): Promise<OpenedSignIn> {
  return (await holdForMfa(tx, client, proven, now)) ?? completeSignIn(tx, client, proven, now);
}

/** The client's application and group still exist, with the group's lock held (flow-tokens.ts). */
function clientStillLive(tx: Tx, client: SignInClient): Promise<boolean> {
  return applicationStillLive(tx, client.appGroup.id, client.application.id);
}

/** Records the sign-in and opens the session, with no MFA step (mfa/verify ends here). */
export async function completeSignIn(tx: Tx, client: SignInClient, proven: ProvenIdentity, now: number): Promise<OpenedSession> {
  if (!(await clientStillLive(tx, client))) throw kernelErrors.error("notFound", { message: "no such application" });
  const [endUser] = await tx.update(endUsers).set({ lastSignInAt: now, updatedAt: now }).where(eq(endUsers.id, proven.endUser.id)).returning();
  const { session, refreshToken } = await openSession(
    tx,
    {
      endUserId: proven.endUser.id,
      orgId: client.appGroup.orgId,
      appGroupId: client.appGroup.id,
      applicationId: client.application.id,
      amr: proven.amr,
      ip: client.ip,
      userAgent: client.userAgent,
    },
    now,
  );
  await tx.insert(endUserSignIns).values({
    id: newId(),
    orgId: client.appGroup.orgId,
    appGroupId: client.appGroup.id,
    applicationId: client.application.id,
    endUserId: proven.endUser.id,
    method: proven.method,
    outcome: "success",
    signup: proven.created,
    ip: client.ip,
    at: now,
  });
  return { kind: "session", session, refreshToken, endUser: endUser!, created: proven.created, redirectUrl: proven.redirectUrl ?? null };
}

export type DeliverDeps = Pick<AppContext, "db" | "secrets" | "keyring" | "config" | "clock" | "sms" | "alimtalkCodes">;

/**
 * After the commit: signs the access token and shapes the answer; a sign-in held for MFA
 * answers mfaRequired instead (and a challenge texts its code now).
 */
export async function deliverSignIn(deps: DeliverDeps, client: SignInClient, opened: OpenedSession, now: number): Promise<SignedIn>;
export async function deliverSignIn(deps: DeliverDeps, client: SignInClient, opened: PendingMfa, now: number): Promise<MfaRequired>;
export async function deliverSignIn(deps: DeliverDeps, client: SignInClient, opened: OpenedSignIn, now: number): Promise<SignedIn | MfaRequired>;
export async function deliverSignIn(deps: DeliverDeps, client: SignInClient, opened: OpenedSignIn, now: number): Promise<SignedIn | MfaRequired> {
  if (opened.kind === "mfa") return deliverMfaRequired(deps, client, opened);
  const org = await orgById(deps.db.read, client.appGroup.orgId);
  if (!org) throw kernelErrors.error("notFound", { message: "no such application" });
  const { accessToken, expiresIn } = await signAccessToken(
    deps,
    {
      org: { id: org.id, slug: org.slug },
      appGroupKey: client.appGroup.key,
      applicationKey: client.application.clientKey,
      endUser: opened.endUser,
      sessionId: opened.session.id,
      amr: opened.session.amr,
    },
    now,
  );
  return {
    status: "signed_in",
    tokenType: "Bearer",
    accessToken,
    expiresIn,
    refreshToken: opened.refreshToken,
    sessionExpiresAt: new Date(opened.session.createdAt + SESSION_ABSOLUTE_MS).toISOString(),
    sessionId: opened.session.id,
    endUser: endUserView(opened.endUser),
    newUser: opened.created,
    redirectUrl: opened.redirectUrl,
  };
}

/**
 * Records a refused sign-in (a replayed link, a failed passkey, a refused social
 * callback) for the analytics' failure reasons. Its own short write, after the refusal.
 */
export async function recordFailedSignIn(
  deps: Pick<AppContext, "db" | "clock">,
  client: SignInClient,
  attempt: { method: SignInMethod | "mfa_sms"; reason: string; endUserId?: string | null },
): Promise<void> {
  await deps.db.write(async (tx) => {
    // A group deleted meanwhile has no analytics left to count this in.
    if (!(await clientStillLive(tx, client))) return;
    await tx.insert(endUserSignIns).values({
      id: newId(),
      orgId: client.appGroup.orgId,
      appGroupId: client.appGroup.id,
      applicationId: client.application.id,
      endUserId: attempt.endUserId ?? null,
      method: attempt.method,
      outcome: "failure",
      failureReason: attempt.reason,
      ip: client.ip,
      at: deps.clock.now(),
    });
  });
}
