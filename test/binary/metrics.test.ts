/**
 * /metrics in Prometheus text format (docs/operations.md "Metrics"): off by default,
 * behind a token on the main listener, or on an address of its own; and the access log
 * naming the organization and principal of each request.
 */
import { afterAll, expect, test } from "bun:test";
import { freePort, logArrives, requestOverSocket, startBinary, type RunningBinary } from "./support";

const TOKEN = "metrics-token-0123456789abcdef";
const started: RunningBinary[] = [];
afterAll(() => Promise.all(started.map((s) => s.stop())));

async function start(env: Record<string, string> = {}): Promise<RunningBinary> {
  const server = await startBinary({ database: "sqlite", env });
  started.push(server);
  return server;
}

/** The value of one sample line (`name{labels} value`) whose text contains every part, or null. */
function sample(text: string, name: string, ...parts: string[]): number | null {
  const line = text.split("\n").find((l) => l.startsWith(name) && parts.every((p) => l.includes(p)));
  return line ? Number(line.slice(line.lastIndexOf(" ") + 1)) : null;
}

test("off by default: /metrics is not served", async () => {
  const server = await start();
  expect((await server.fetch("/metrics")).status).toBe(404);
});

test("with SIGNET_METRICS_TOKEN: 401 without it; with it, requests, latency, write waits and audit batches; logs name org and principal", async () => {
  const server = await start({ SIGNET_METRICS_TOKEN: TOKEN });
  const boot = await server.cli(["admin", "bootstrap", "--email", "owner@metrics.example", "--org", "Metrics Co"]);
  expect(boot.code).toBe(0);
  const { slug, sessionToken, orgId } = JSON.parse(boot.stdout);
  const request = requestOverSocket(server);
  for (let i = 0; i < 3; i++) expect((await request("POST", `/api/org/${slug}/settings/keys/api-keys`, { token: sessionToken, json: { scopes: ["org.member.list"] } })).status).toBe(201);
  expect((await request("GET", `/api/org/${slug}/members`, { token: sessionToken })).status).toBe(200);
  // Two M2M exchanges, one after the other: their audit events go through the group commit, one batch each.
  for (let i = 0; i < 2; i++) expect((await request("POST", "/api/m2m/token", { json: { orgSlug: slug, apiKey: JSON.parse(boot.stdout).apiKey } })).status).toBe(200);
  expect((await server.fetch("/metrics")).status).toBe(401);
  expect((await server.fetch("/metrics", { headers: { authorization: `Bearer ${TOKEN}x` } })).status).toBe(401);
  const r = await server.fetch("/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(r.status).toBe(200);
  expect(r.headers.get("content-type")).toContain("text/plain");
  const text = await r.text();
  expect(sample(text, "signet_http_requests_total", 'route="/api/org/:slug/settings/keys/api-keys"', 'method="POST"', 'status="201"')).toBe(3);
  expect(sample(text, "signet_http_request_duration_seconds_count", 'route="/api/org/:slug/members"', 'status="200"')).toBe(1);
  // No slug or id becomes a label.
  expect(text).not.toContain(slug);
  expect(sample(text, "signet_db_write_wait_seconds_count", 'dialect="sqlite"')).toBeGreaterThan(0);
  expect(sample(text, "signet_group_commit_batch_size_count", 'kind="audit"')).toBe(2);
  for (const name of ["signet_job_runs_total", "signet_outbound_failures_total", "signet_db_writes_in_flight", "signet_process_cpu_seconds_total"]) expect(text).toContain(`# TYPE ${name}`);

  const membersLine = (l: Record<string, unknown>) => l.msg === "request" && l.route === "/api/org/:slug/members";
  expect(await logArrives(server, membersLine)).toBe(true);
  const line = server.logs().find(membersLine);
  expect(line).toMatchObject({ org: orgId, principal: expect.stringMatching(/^user:/) });
});

test("with SIGNET_METRICS_LISTEN: served on that address only", async () => {
  const port = freePort();
  const server = await start({ SIGNET_METRICS_LISTEN: `127.0.0.1:${port}` });
  expect((await server.fetch("/metrics")).status).toBe(404);
  const r = await fetch(`http://127.0.0.1:${port}/metrics`);
  expect(r.status).toBe(200);
  expect(await r.text()).toContain("signet_http_requests_total");
});

test("a metrics setting that cannot work stops the start with one line", async () => {
  const server = started[0]!;
  const run = Bun.spawn([server.binary, "serve"], { env: { ...server.env, SIGNET_METRICS_TOKEN: "short" }, stdout: "pipe", stderr: "pipe" });
  const [stderr, code] = await Promise.all([new Response(run.stderr).text(), run.exited]);
  expect(code).not.toBe(0);
  expect(stderr).toContain("SIGNET_METRICS_TOKEN");
});

test("SIGNET_ACCESS_LOG_SAMPLE: a sample of the successful requests is logged, every 4xx, and the metrics still count all", async () => {
  const server = await start({ SIGNET_ACCESS_LOG_SAMPLE: "0.05", SIGNET_METRICS_TOKEN: TOKEN });
  const healthzCount = async () => sample(await (await server.fetch("/metrics", { headers: { authorization: `Bearer ${TOKEN}` } })).text(), "signet_http_requests_total", 'route="/healthz"', 'status="200"');
  // The start polled /healthz until it answered.
  const before = (await healthzCount())!;
  const logged = () => server.logs().filter((l) => l.msg === "request" && l.path === "/healthz").length;
  // Every 4xx is logged and lines keep their order: once a marker's line is read, so is
  // every line before it (they leave in batches at most 20 ms apart).
  const markerRead = async (name: string) => {
    expect((await server.fetch(`/api/${name}`)).status).toBe(404);
    expect(await logArrives(server, (l) => l.msg === "request" && l.path === `/api/${name}`)).toBe(true);
  };
  await markerRead("marker-before");
  const loggedBefore = logged();
  for (let i = 0; i < 400; i++) expect((await server.fetch("/healthz")).status).toBe(200);
  for (let i = 0; i < 10; i++) expect((await server.fetch("/api/no-such-route")).status).toBe(404);
  expect(await healthzCount()).toBe(before + 400);
  await markerRead("marker-after");
  const lines = server.logs().filter((l) => l.msg === "request" && l.path !== "/api/marker-before" && l.path !== "/api/marker-after");
  const healthz = logged() - loggedBefore;
  // Binomial(400, 0.05): 20 ± 4.4; more than 60 or none at all is not a 5% sample.
  expect(healthz).toBeGreaterThan(0);
  expect(healthz).toBeLessThan(60);
  expect(lines.filter((l) => l.status === 404)).toHaveLength(10);

  const run = Bun.spawn([server.binary, "serve"], { env: { ...server.env, SIGNET_ACCESS_LOG_SAMPLE: "10%" }, stdout: "pipe", stderr: "pipe" });
  const [stderr, code] = await Promise.all([new Response(run.stderr).text(), run.exited]);
  expect(code).not.toBe(0);
  expect(stderr).toContain("SIGNET_ACCESS_LOG_SAMPLE");
});
