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

/**
 * The HTTP request count and latency of one route pattern, method and status. The kernel
 * counts every request, and prom-client's own counters hash their labels into a string on
 * every call (the hottest frame of a /healthz profile, docs/performance.md): these series
 * are found through nested maps instead and handed to prom-client only when scraped.
 */
interface HttpSeries {
  labels: { route: string; method: string; status: string };
  count: number;
  sumSeconds: number;
  /** Per bucket of LATENCY_BUCKETS, the observations that fell in it (not cumulative); above the last, only `count` has them. */
  buckets: Float64Array;
}

const httpSeries = new Map<string, Map<string, Map<number, HttpSeries>>>();

/** Counts one answered request and its latency (the kernel calls it for every request). */
export function countHttpRequest(route: string, method: string, status: number, seconds: number): void {
  let byMethod = httpSeries.get(route);
  if (!byMethod) httpSeries.set(route, (byMethod = new Map()));
  let byStatus = byMethod.get(method);
  if (!byStatus) byMethod.set(method, (byStatus = new Map()));
  let series = byStatus.get(status);
  if (!series) byStatus.set(status, (series = { labels: { route, method, status: String(status) }, count: 0, sumSeconds: 0, buckets: new Float64Array(LATENCY_BUCKETS.length) }));
  series.count += 1;
  series.sumSeconds += seconds;
  for (let i = 0; i < LATENCY_BUCKETS.length; i++) {
    if (seconds <= LATENCY_BUCKETS[i]!) {
      series.buckets[i]! += 1;
      break;
    }
  }
}

function* allHttpSeries(): Generator<HttpSeries> {
  for (const byMethod of httpSeries.values()) for (const byStatus of byMethod.values()) yield* byStatus.values();
}

type MetricValue = { value: number; labels: Record<string, string | number>; metricName?: string };

/** A metric the registry formats like its own (it reads name, help, type and get()). */
function scrapedMetric(name: string, help: string, type: "counter" | "histogram", values: () => MetricValue[]) {
  const metric = { name, help, type, aggregator: "sum" as const, get: async () => ({ name, help, type, aggregator: "sum" as const, values: values() }) };
  registry.registerMetric(metric as unknown as client.Metric);
  return metric;
}

scrapedMetric("signet_http_requests_total", "HTTP requests answered, by route pattern, method and status", "counter", () =>
  [...allHttpSeries()].map((series) => ({ value: series.count, labels: series.labels })),
);

scrapedMetric("signet_http_request_duration_seconds", "Time from a request's arrival to its answer, by route pattern, method and status", "histogram", () => {
  const values: MetricValue[] = [];
  const name = "signet_http_request_duration_seconds";
  for (const series of allHttpSeries()) {
    let cumulative = 0;
    LATENCY_BUCKETS.forEach((bound, i) => {
      cumulative += series.buckets[i]!;
      values.push({ value: cumulative, labels: { ...series.labels, le: bound }, metricName: `${name}_bucket` });
    });
    values.push({ value: series.count, labels: { ...series.labels, le: "+Inf" }, metricName: `${name}_bucket` });
    values.push({ value: series.sumSeconds, labels: series.labels, metricName: `${name}_sum` });
    values.push({ value: series.count, labels: series.labels, metricName: `${name}_count` });
  }
  return values;
});

export const metrics = {
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
