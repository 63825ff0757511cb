/**
 * Dashboard sessions through lucia 3. The client holds a random token; the database
 * stores only its SHA-256. Lucia judges expiry against the wall clock, so the adapter
 * translates stored times to and from the injected Clock: tests move time, and lucia's
 * sliding expiry follows.
 */
import type { Cookie } from "elysia";
import { requestInfo } from "../../platform/http/kernel";
import { Lucia, TimeSpan, type Adapter, type DatabaseSession, type DatabaseUser } from "lucia";
import { and, desc, eq, gt, lte, ne } from "drizzle-orm";
import type { AppContext } from "../../context";
import { toIso, type Clock } from "../../platform/clock";
import type { Database } from "../../platform/db/database";
import { joinParam, preparedQuery } from "../../platform/db/prepared";
import { randomSecret, sha256Hex } from "../../platform/crypto/hash";
import { accountErrors } from "./errors";
import { sessions, users } from "./schema";

export const SESSION_COOKIE = "signet_session";
/** Sessions last 30 days and slide forward when used in their second half. */
export const SESSION_LIFETIME_DAYS = 30;

interface SessionDeps {
  db: Database;
  clock: Clock;
}

function toWall(storedMs: number, clock: Clock): Date {
  return new Date(Date.now() + (storedMs - clock.now()));
}
/**
 * Lucia computes its Dates from the wall clock a few milliseconds apart; counting the
 * offset in whole seconds makes one instant convert to the same stored time each time.
 */
function fromWall(date: Date, clock: Clock): number {
  return clock.now() + Math.round((date.getTime() - Date.now()) / 1000) * 1000;
}

/** Who signed in from where, kept with the session so the person can recognise it in the list. */
export interface SessionClient {
  userAgent?: string | null;
  ip?: string | null;
}

/** What a new session records about the client that started it. */
export function sessionClientOf(request: Request): SessionClient {
  return { userAgent: request.headers.get("user-agent"), ip: requestInfo(request).ip };
}

const MAX_USER_AGENT_LENGTH = 512;

/** Every signed-in request resolves its session with this one. */
const sessionAndUserQuery = preparedQuery((db) =>
  db.select({ session: sessions, user: users }).from(sessions).innerJoin(users, eq(users.id, sessions.userId)).where(eq(sessions.id, joinParam("id"))).prepare(),
);

function adapter({ db, clock }: SessionDeps): Adapter {
  const load = (row: typeof sessions.$inferSelect, token: string): DatabaseSession => ({
    id: token,
    userId: row.userId,
    expiresAt: toWall(row.expiresAt, clock),
    attributes: {},
  });
  return {
    async getSessionAndUser(token) {
      const [row] = await sessionAndUserQuery(db.read).execute({ id: sha256Hex(token) });
      if (!row) return [null, null];
      const user: DatabaseUser = { id: row.user.id, attributes: { email: row.user.email } };
      return [load(row.session, token), user];
    },
    async getUserSessions(userId) {
      const rows = await db.read.select().from(sessions).where(eq(sessions.userId, userId));
      return rows.map((r) => load(r, r.id));
    },
    async setSession(session) {
      const client = session.attributes as SessionClient;
      await db.write((tx) =>
        tx.insert(sessions).values({
          id: sha256Hex(session.id),
          userId: session.userId,
          expiresAt: fromWall(session.expiresAt, clock),
          createdAt: clock.now(),
          userAgent: client.userAgent?.slice(0, MAX_USER_AGENT_LENGTH) || null,
          ip: client.ip ?? null,
        }),
      );
    },
    async updateSessionExpiration(token, expiresAt) {
      await db.write((tx) =>
        tx.update(sessions).set({ expiresAt: fromWall(expiresAt, clock) }).where(eq(sessions.id, sha256Hex(token))),
      );
    },
    async deleteSession(token) {
      await db.write((tx) => tx.delete(sessions).where(eq(sessions.id, sha256Hex(token))));
    },
    async deleteUserSessions(userId) {
      await db.write((tx) => tx.delete(sessions).where(eq(sessions.userId, userId)));
    },
    async deleteExpiredSessions() {
      await db.write((tx) => tx.delete(sessions).where(and(lte(sessions.expiresAt, clock.now()))));
    },
  };
}

export function createSessionManager(deps: SessionDeps, options: { secureCookies: boolean }) {
  const lucia = new Lucia(adapter(deps), {
    sessionExpiresIn: new TimeSpan(SESSION_LIFETIME_DAYS, "d"),
    sessionCookie: { name: SESSION_COOKIE, expires: true, attributes: { secure: options.secureCookies, sameSite: "lax" } },
    getUserAttributes: (attributes: any) => ({ email: attributes.email as string }),
  });
  return Object.assign(lucia, {
    /** A Date lucia handed out (wall clock) as the same instant on the application's clock. */
    toClockDate: (date: Date): Date => new Date(fromWall(date, deps.clock)),
  });
}

export type SessionManager = ReturnType<typeof createSessionManager>;

/**
 * Starts a session for a user; the returned token is shown to the client once.
 * `expiresAt` is on the application's clock.
 */
export async function startSession(
  manager: SessionManager,
  userId: string,
  client: SessionClient = {},
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomSecret(32);
  const attributes: SessionClient = { userAgent: client.userAgent ?? null, ip: client.ip ?? null };
  const session = await manager.createSession(userId, attributes, { sessionId: token });
  return { token, expiresAt: manager.toClockDate(session.expiresAt) };
}

/**
 * Signs a user in: starts a session, sets the cookie for a browser (HttpOnly,
 * SameSite=Lax, Secure on https) and returns the token for API clients.
 */
export async function signIn(
  manager: SessionManager,
  cookie: Record<string, Cookie<unknown>>,
  userId: string,
  client: SessionClient = {},
): Promise<{ token: string; expiresAt: Date }> {
  const started = await startSession(manager, userId, client);
  const sessionCookie = manager.createSessionCookie(started.token);
  cookie[SESSION_COOKIE]!.set({ value: sessionCookie.value, ...sessionCookie.attributes });
  return started;
}

/** Clears the session cookie in the browser. */
export function clearSessionCookie(manager: SessionManager, cookie: Record<string, Cookie<unknown>>): void {
  const blank = manager.createBlankSessionCookie();
  cookie[SESSION_COOKIE]!.set({ value: blank.value, ...blank.attributes });
}

/** Ends the session behind `token` and clears the cookie. */
export async function signOut(manager: SessionManager, cookie: Record<string, Cookie<unknown>>, token: string): Promise<void> {
  await manager.invalidateSession(token);
  clearSessionCookie(manager, cookie);
}

/**
 * The id a session is shown and revoked by: the first 16 hex characters of the stored
 * SHA-256. It names the session without revealing the token or its full hash.
 */
export function publicSessionId(storedId: string): string {
  return storedId.slice(0, 16);
}

/** The signed-in user and the token of the session they are using. */
export interface CurrentSession {
  userId: string;
  token: string;
}

export interface SessionView {
  id: string;
  createdAt: string;
  expiresAt: string;
  current: boolean;
  userAgent?: string;
  ip?: string;
}

type SessionDepsOf = Pick<AppContext, "db" | "clock">;

async function liveSessionsOf(deps: SessionDepsOf, userId: string) {
  return deps.db.read
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, deps.clock.now())))
    .orderBy(desc(sessions.createdAt));
}

/** The caller's live sessions, newest first, the one in use marked `current`. */
export async function listSessions(deps: SessionDepsOf, actor: CurrentSession): Promise<SessionView[]> {
  const currentId = sha256Hex(actor.token);
  return (await liveSessionsOf(deps, actor.userId)).map((row) => ({
    id: publicSessionId(row.id),
    createdAt: toIso(row.createdAt),
    expiresAt: toIso(row.expiresAt),
    current: row.id === currentId,
    ...(row.userAgent ? { userAgent: row.userAgent } : {}),
    ...(row.ip ? { ip: row.ip } : {}),
  }));
}

/**
 * Revokes one of the caller's live sessions by its public id; another user's id, like
 * an unknown one, is 404. Says whether it was the session in use.
 */
export async function revokeSession(deps: SessionDepsOf, actor: CurrentSession, publicId: string): Promise<{ current: boolean }> {
  const match = (await liveSessionsOf(deps, actor.userId)).find((row) => publicSessionId(row.id) === publicId);
  if (!match) throw accountErrors.error("sessionNotFound");
  await deps.db.write((tx) => tx.delete(sessions).where(and(eq(sessions.id, match.id), eq(sessions.userId, actor.userId))));
  return { current: match.id === sha256Hex(actor.token) };
}

/** Revokes every live session of the caller except the one in use; returns how many ended. */
export async function revokeOtherSessions(deps: SessionDepsOf, actor: CurrentSession): Promise<number> {
  const ended = await deps.db.write((tx) =>
    tx
      .delete(sessions)
      .where(and(eq(sessions.userId, actor.userId), ne(sessions.id, sha256Hex(actor.token)), gt(sessions.expiresAt, deps.clock.now())))
      .returning({ id: sessions.id }),
  );
  return ended.length;
}
