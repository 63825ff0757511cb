/** Liveness and readiness probes for load balancers and orchestrators. */
import { Elysia, t } from "elysia";
import type { AppContext } from "../../context";
import { metricsResponse, metricsTokenMatches } from "../../platform/metrics";

/** How long /readyz waits for the database before answering 503. */
const READY_TIMEOUT_MS = 1000;

export function systemRoutes(ctx: Pick<AppContext, "db" | "version" | "config">) {
  const routes = new Elysia({ name: "system" })
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
  // /metrics on this listener only when a token protects it and no address of its own is set (cli/serve.ts serves that one).
  const metricsToken = ctx.config.metrics?.token;
  if (!metricsToken || ctx.config.metrics?.listen) return routes;
  return routes.get(
    "/metrics",
    ({ request }) =>
      metricsTokenMatches(request.headers.get("authorization"), metricsToken)
        ? metricsResponse()
        : new Response(JSON.stringify({ error: "unauthorized", message: "send the metrics token as Authorization: Bearer <SIGNET_METRICS_TOKEN>" }), {
            status: 401,
            headers: { "content-type": "application/json", "www-authenticate": "Bearer" },
          }),
    { detail: { tags: ["System"], summary: "Prometheus metrics (SIGNET_METRICS_TOKEN)", description: "Prometheus text format; Authorization: Bearer <SIGNET_METRICS_TOKEN>, else 401. Off unless the token is set." } },
  );
}
