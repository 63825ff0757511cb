/** Liveness and readiness probes for load balancers and orchestrators. */
import { Elysia, t } from "elysia";
import type { AppContext } from "../../context";

/** How long /readyz waits for the database before answering 503. */
const READY_TIMEOUT_MS = 1000;

export function systemRoutes(ctx: Pick<AppContext, "db" | "version">) {
  return new Elysia({ name: "system" })
    .get("/healthz", () => ({ status: "ok" as const, version: ctx.version }), {
      response: t.Object({ status: t.Literal("ok"), version: t.String() }),
      detail: { tags: ["System"], summary: "The process is up" },
    })
    .get(
      "/readyz",
      async ({ set }) => {
        try {
          // Bounded: with the database gone a query may wait for a connection, and a load
          // balancer's check must get its 503 well within its own timeout.
          let timer: ReturnType<typeof setTimeout> | undefined;
          await Promise.race([
            ctx.db.ping(),
            new Promise((_, reject) => (timer = setTimeout(() => reject(new Error("database ping timed out")), READY_TIMEOUT_MS))),
          ]).finally(() => clearTimeout(timer));
          return { status: "ready" as const, database: ctx.db.dialect };
        } catch (e) {
          set.status = 503;
          return { status: "unavailable" as const, database: ctx.db.dialect, error: "database_unreachable" };
        }
      },
      {
        response: {
          200: t.Object({ status: t.Literal("ready"), database: t.String() }),
          503: t.Object({ status: t.Literal("unavailable"), database: t.String(), error: t.String() }),
        },
        detail: { tags: ["System"], summary: "The database answers" },
      },
    );
}
