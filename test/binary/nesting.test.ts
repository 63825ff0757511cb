/**
 * Bodies nested past the limit, or past the size limit, against the compiled binary,
 * without credentials, on every operation that takes a JSON body (DESIGN §7): each is
 * 400 or 413 at once (none keeps the server's main thread busy for 100 ms), several at
 * once never hold the event loop (responsiveness.ts), and nothing reaches the
 * unhandled-error log.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { startBinary, startHealthProbe, type RunningBinary } from "./support";
import { EVENT_LOOP_HOLD_MS, expectResponsive } from "./responsiveness";
import { mainThreadCpuMs } from "./thread-cpu";

let server: RunningBinary;
let jsonOperations: Array<{ method: string; path: string; fields: string[]; limit: number }> = [];

beforeAll(async () => {
  server = await startBinary();
  const doc: any = await (await server.fetch("/swagger/json")).json();
  for (const [path, methods] of Object.entries<any>(doc.paths)) {
    for (const [method, op] of Object.entries<any>(methods)) {
      const schema = op.requestBody?.content?.["application/json"]?.schema;
      if (!schema) continue;
      jsonOperations.push({
        method: method.toUpperCase(),
        // Path parameters get a plain value: the body is refused before any route looks at them.
        path: path.replace(/\{[^}]+\}/g, "x"),
        fields: Object.keys(schema.properties ?? {}),
        limit: op["x-body-limit"] ?? 1024 * 1024,
      });
    }
  }
}, 120_000);

afterAll(() => server?.stop());

const deepArray = "[".repeat(30_000) + "]".repeat(30_000);
const deepField = (field: string) => `{${JSON.stringify(field)}:${"[".repeat(5_000)}${"]".repeat(5_000)}}`;

/** `cpuMs`: the server's main-thread CPU while the request was open (with three others in flight, an upper bound). */
async function post(op: { method: string; path: string }, body: string): Promise<{ status: number; error: unknown; ms: number; cpuMs: number }> {
  const cpuBefore = mainThreadCpuMs(server.process.pid);
  const started = performance.now();
  const r = await server.fetch(op.path, { method: op.method, headers: { "content-type": "application/json" }, body });
  const parsed = (await r.json().catch(() => null)) as { error?: unknown; scimType?: unknown } | null;
  // SCIM routes answer in SCIM's error body (DESIGN §7), where a body that is not JSON is invalidSyntax.
  const error = op.path.startsWith("/scim/") ? (parsed?.scimType === "invalidSyntax" ? "invalid_json" : `scimType ${String(parsed?.scimType)}`) : parsed?.error;
  return { status: r.status, error, ms: performance.now() - started, cpuMs: mainThreadCpuMs(server.process.pid) - cpuBefore };
}

test("every JSON operation refuses a body nested 30,000 deep, and one field nested 5,000 deep, with 400 at once", async () => {
  expect(jsonOperations.length).toBeGreaterThan(60);
  const probe = startHealthProbe(server);
  const slow: string[] = [];
  const wrong: string[] = [];
  // Four at a time: the corpus must not slow the rest of the server down.
  const work = jsonOperations.flatMap((op) => [
    { op, body: deepArray },
    ...(op.fields.length ? op.fields.map((f) => ({ op, body: deepField(f) })) : [{ op, body: deepField("email") }]),
  ]);
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < work.length) {
        const { op, body } = work[next++]!;
        const r = await post(op, body);
        if (r.status !== 400 || r.error !== "invalid_json") wrong.push(`${op.method} ${op.path}: ${r.status} ${String(r.error)}`);
        if (r.cpuMs >= EVENT_LOOP_HOLD_MS) slow.push(`${op.method} ${op.path}: ${r.cpuMs} ms of CPU (${r.ms.toFixed(0)} ms)`);
      }
    }),
  );
  const health = await probe.stop();
  console.log(`nesting corpus: ${work.length} bodies on ${jsonOperations.length} operations`);
  expect(wrong).toEqual([]);
  expect(slow).toEqual([]);
  expectResponsive("nesting corpus", health);
});

test("a body past the route's size limit is 413 payload_too_large before it is read", async () => {
  const refused: string[] = [];
  for (const op of jsonOperations.slice(0, 40)) {
    const r = await post(op, JSON.stringify({ pad: "x".repeat(op.limit + 1) }));
    if (r.status !== 413 || r.error !== "payload_too_large") refused.push(`${op.method} ${op.path}: ${r.status} ${String(r.error)}`);
  }
  expect(refused).toEqual([]);
});

test("nothing reached the unhandled-error log", () => {
  expect(server.logs().filter((l) => l.msg === "unhandled error")).toEqual([]);
});
