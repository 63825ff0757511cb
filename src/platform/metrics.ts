/**
 * Prometheus metrics (docs/operations.md "Metrics"), kept by prom-client in one registry
 * per process. Counting is always on and costs an increment; serving them is off unless
 * the operator turns it on (SIGNET_METRICS_TOKEN or SIGNET_METRICS_LISTEN), so nothing is
 * exposed by default.
 *
 * Labels are bounded: routes are the route patterns (`/api/org/:slug/files`), never
 * paths, so an organization's slug or an id never becomes a series.
 */
import { timingSafeEqual } from "node:crypto";
import client from "prom-client";

export const registry = new client.Registry();
let processMetrics = false;

const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const metrics = {
  requests: new client.Counter({ name: "signet_http_requests_total", help: "HTTP requests answered, by route pattern, method and status", labelNames: ["route", "method", "status"], registers: [registry] }),
  latency: new client.Histogram({
    name: "signet_http_request_duration_seconds",
    help: "Time from a request's arrival to its answer, by route pattern, method and status",
    labelNames: ["route", "method", "status"],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  }),
  writeWait: new client.Histogram({
    name: "signet_db_write_wait_seconds",
    help: "Time a db.write waited before its transaction began: the SQLite writer lock, or a PostgreSQL pool connection",
    labelNames: ["dialect"],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  }),
  writesInFlight: new client.Gauge({ name: "signet_db_writes_in_flight", help: "db.write calls waiting or running", labelNames: ["dialect"], registers: [registry] }),
  jobRuns: new client.Counter({ name: "signet_job_runs_total", help: "Scheduled and manual job runs, by job and outcome (ok, error)", labelNames: ["job", "outcome"], registers: [registry] }),
  groupCommitBatch: new client.Histogram({
    name: "signet_group_commit_batch_size",
    help: "Requests whose writes went together in one group-commit transaction, by kind (audit: M2M exchanges and other hot audit events; beacon: analytics events)",
    labelNames: ["kind"],
    buckets: [1, 2, 4, 8, 16, 32, 64, 128],
    registers: [registry],
  }),
  outboundFailures: new client.Counter({ name: "signet_outbound_failures_total", help: "Outbound sends that failed, by channel (mail, sms, http)", labelNames: ["channel"], registers: [registry] }),
};

/** Starts timing one db.write; the returned function is called once its transaction has begun. */
export function timeWriteWait(dialect: string): { began(): void; ended(): void } {
  const start = performance.now();
  metrics.writesInFlight.inc({ dialect });
  let waited = false;
  return {
    began() {
      if (waited) return;
      waited = true;
      metrics.writeWait.observe({ dialect }, (performance.now() - start) / 1000);
    },
    ended() {
      metrics.writesInFlight.dec({ dialect });
    },
  };
}

/** The text exposition for GET /metrics. */
export async function metricsResponse(): Promise<Response> {
  // The process's own metrics (CPU, memory, event-loop lag) from the first scrape on: a
  // CLI command or a node nobody scrapes does not pay for their hooks.
  if (!processMetrics) {
    processMetrics = true;
    client.collectDefaultMetrics({ register: registry, prefix: "signet_" });
  }
  return new Response(await registry.metrics(), { headers: { "content-type": registry.contentType, "cache-control": "no-store" } });
}

/** Whether `authorization` carries the metrics token (compared in constant time). */
export function metricsTokenMatches(authorization: string | null, token: string): boolean {
  const given = Buffer.from(authorization?.startsWith("Bearer ") ? authorization.slice(7) : "");
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
