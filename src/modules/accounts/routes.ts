/** Dashboard account routes. */
import { Elysia, t } from "elysia";
import type { AppContext } from "../../context";
import { sessionGuard } from "./guard";

export function accountRoutes({ sessions }: Pick<AppContext, "sessions">) {
  return new Elysia({ name: "accounts" }).use(sessionGuard(sessions)).get(
    "/api/auth/session",
    ({ actor }) => ({
      user: { id: actor.userId, email: actor.email },
      session: { expiresAt: actor.sessionExpiresAt.toISOString() },
    }),
    {
      session: true,
      response: t.Object({
        user: t.Object({ id: t.String(), email: t.String() }),
        session: t.Object({ expiresAt: t.String({ format: "date-time" }) }),
      }),
      detail: {
        tags: ["Auth"],
        summary: "The signed-in dashboard user",
        description: "Accepts the session cookie or `Authorization: Bearer <session token>`; 401 without a valid session.",
      },
    },
  );
}
