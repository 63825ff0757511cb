/**
 * The dashboard-session guard: `{ session: true }` on a route resolves the signed-in
 * user from the session cookie or `Authorization: Bearer <token>`, or answers 401.
 */
import { Elysia, type Cookie } from "elysia";
import { SESSION_COOKIE, type SessionManager } from "./sessions";
import { accountErrors } from "./errors";
import { notePrincipal } from "../../platform/http/kernel";

export interface SessionActor {
  kind: "user";
  userId: string;
  email: string;
  sessionExpiresAt: Date;
}

export function bearerToken(request: Request): string | null {
  const header = request.headers.get("authorization");
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match ? match[1]! : null;
}

/**
 * The signed-in user behind a request, or 401. A session renewed by the sliding expiry
 * re-sends its cookie with the new lifetime.
 */
export async function resolveSessionActor(
  sessions: SessionManager,
  request: Request,
  cookie: Record<string, Cookie<unknown>>,
): Promise<SessionActor & { token: string }> {
  const token = bearerToken(request) ?? (cookie[SESSION_COOKIE]?.value as string | undefined) ?? null;
  if (!token) throw accountErrors.error("unauthorized");
  const { session, user } = await sessions.validateSession(token);
  if (!session || !user) throw accountErrors.error("unauthorized", { message: "the session is unknown or expired" });
  if (session.fresh && cookie[SESSION_COOKIE]?.value) {
    const fresh = sessions.createSessionCookie(token);
    cookie[SESSION_COOKIE]!.set({ value: fresh.value, ...fresh.attributes });
  }
  return { kind: "user", userId: user.id, email: (user as any).email, sessionExpiresAt: sessions.toClockDate(session.expiresAt), token };
}

export function sessionGuard(sessions: SessionManager) {
  return new Elysia({ name: "accounts.session-guard" }).macro({
    session: {
      async resolve({ request, cookie }) {
        const actor = await resolveSessionActor(sessions, request, cookie);
        notePrincipal(request, { principal: `user:${actor.userId}` });
        return { actor };
      },
    },
  });
}
