/**
 * Dashboard sessions through lucia 3. The client holds a random token; the database
 * stores only its SHA-256. Lucia judges expiry against the wall clock, so the adapter
 * translates stored times to and from the injected Clock: tests move time, and lucia's
 * sliding expiry follows.
 */
import type { Cookie } from "elysia";
import { Lucia, TimeSpan, type Adapter, type DatabaseSession, type DatabaseUser } from "lucia";
import { and, eq, lte } from "drizzle-orm";
import type { Clock } from "../../platform/clock";
import type { Database } from "../../platform/db/database";
import { randomSecret, sha256Hex } from "../../platform/crypto/hash";
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
function fromWall(date: Date, clock: Clock): number {
  return clock.now() + (date.getTime() - Date.now());
}

function adapter({ db, clock }: SessionDeps): Adapter {
  const load = (row: typeof sessions.$inferSelect, token: string): DatabaseSession => ({
    id: token,
    userId: row.userId,
    expiresAt: toWall(row.expiresAt, clock),
    attributes: {},
  });
  return {
    async getSessionAndUser(token) {
      const [row] = await db.read
        .select({ session: sessions, user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(eq(sessions.id, sha256Hex(token)));
      if (!row) return [null, null];
      const user: DatabaseUser = { id: row.user.id, attributes: { email: row.user.email } };
      return [load(row.session, token), user];
    },
    async getUserSessions(userId) {
      const rows = await db.read.select().from(sessions).where(eq(sessions.userId, userId));
      return rows.map((r) => load(r, r.id));
    },
    async setSession(session) {
      await db.write((tx) =>
        tx.insert(sessions).values({
          id: sha256Hex(session.id),
          userId: session.userId,
          expiresAt: fromWall(session.expiresAt, clock),
          createdAt: clock.now(),
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
  return new Lucia(adapter(deps), {
    sessionExpiresIn: new TimeSpan(SESSION_LIFETIME_DAYS, "d"),
    sessionCookie: { name: SESSION_COOKIE, expires: true, attributes: { secure: options.secureCookies, sameSite: "lax" } },
    getUserAttributes: (attributes: any) => ({ email: attributes.email as string }),
  });
}

export type SessionManager = ReturnType<typeof createSessionManager>;

/** Starts a session for a user; the returned token is shown to the client once. */
export async function startSession(manager: SessionManager, userId: string): Promise<{ token: string; expiresAt: Date }> {
  const token = randomSecret(32);
  const session = await manager.createSession(userId, {}, { sessionId: token });
  return { token, expiresAt: session.expiresAt };
}

/**
 * Signs a user in: starts a session, sets the cookie for a browser (HttpOnly,
 * SameSite=Lax, Secure on https) and returns the token for API clients.
 */
export async function signIn(
  manager: SessionManager,
  cookie: Record<string, Cookie<unknown>>,
  userId: string,
): Promise<{ token: string; expiresAt: Date }> {
  const started = await startSession(manager, userId);
  const sessionCookie = manager.createSessionCookie(started.token);
  cookie[SESSION_COOKIE]!.set({ value: sessionCookie.value, ...sessionCookie.attributes });
  return started;
}

/** Clears the session cookie in the browser. */
export function clearSessionCookie(manager: SessionManager, cookie: Record<string, Cookie<unknown>>): void {
  const blank = manager.createBlankSessionCookie();
  cookie[SESSION_COOKIE]!.set({ value: blank.value, ...blank.attributes });
}
