/**
 * The dashboard-session guard: `{ session: true }` on a route resolves the signed-in
 * user from the session cookie or `Authorization: Bearer <token>`, or answers 401.
 */
import { Elysia } from "elysia";
import { ApiError } from "../../platform/http/errors";
import { SESSION_COOKIE, type SessionManager } from "./sessions";

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

export function sessionGuard(sessions: SessionManager) {
  return new Elysia({ name: "accounts.session-guard" }).macro({
    session: {
      async resolve({ request, cookie }) {
        const token = bearerToken(request) ?? (cookie[SESSION_COOKIE]?.value as string | undefined) ?? null;
        if (!token) throw new ApiError(401, "unauthorized", { message: "sign in first" });
        const { session, user } = await sessions.validateSession(token);
        if (!session || !user) throw new ApiError(401, "unauthorized", { message: "the session is unknown or expired" });
        if (session.fresh && cookie[SESSION_COOKIE]?.value) {
          // Sliding expiry: a renewed session re-sends its cookie with the new lifetime.
          const fresh = sessions.createSessionCookie(token);
          cookie[SESSION_COOKIE]!.set({ value: fresh.value, ...fresh.attributes });
        }
        const actor: SessionActor = { kind: "user", userId: user.id, email: (user as any).email, sessionExpiresAt: session.expiresAt };
        return { actor };
      },
    },
  });
}
