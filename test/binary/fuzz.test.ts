/**
 * The whole surface under hostile input, against the compiled binary (DESIGN §10): for
 * every operation in its own /swagger/json, requests generated from the operation's
 * schemas (fast-check), skewed toward values that break servers, with no credential,
 * another organization's, a lower role's, a narrow key's, an app-group key's or the
 * owner's. Pass: no 5xx, every error is JSON with `error` (pages answer HTML), no
 * `unhandled error` in the log, and the server's event loop is never held (under 100 ms of main-thread CPU in any /healthz
 * round trip; responsiveness.ts).
 *
 * SIGNET_FUZZ_SEED replays a run; SIGNET_FUZZ_RUNS sets the number of requests (10,000).
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import fc from "fast-check";
import { HOSTILE_STRINGS, hostileValue, skewedBody, skewedValue, type JsonSchema } from "../support/schema-arbitrary";
import { asBackgroundLoad, signInByMagicLink, startBinary, startHealthProbe, type RunningBinary } from "./support";
import { expectResponsive } from "./responsiveness";

const RUNS = Number(process.env.SIGNET_FUZZ_RUNS ?? 10_000);
const SEED = Number(process.env.SIGNET_FUZZ_SEED ?? Date.now() % 2_147_483_647);
const CONCURRENCY = 8;

interface Operation {
  method: string;
  path: string;
  parameters: Array<{ name: string; in: string; required?: boolean; schema?: JsonSchema }>;
  json?: JsonSchema;
  multipart?: boolean;
}

interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | "multipart";
  multipartName?: string;
  operation: string;
}

let server: RunningBinary;
let operations: Operation[] = [];
const credentials: Record<string, Record<string, string>> = { none: {} };
const ids: Record<string, string[]> = {};

async function json(path: string, init: RequestInit & { token?: string } = {}) {
  const headers = { ...(init.headers as Record<string, string>), ...(init.token ? { authorization: `Bearer ${init.token}` } : {}), ...(init.body ? { "content-type": "application/json" } : {}) };
  const r = await server.fetch(path, { ...init, headers });
  const body = await r.json().catch(() => null);
  if (r.status >= 300) throw new Error(`${init.method ?? "GET"} ${path}: ${r.status} ${JSON.stringify(body)}`);
  return body as any;
}

beforeAll(async () => {
  server = await startBinary({ dev: true });
  const boot = async (email: string, org: string) => {
    const r = await server.cli(["admin", "bootstrap", "--email", email, "--org", org]);
    if (r.code !== 0) throw new Error(r.stderr);
    return JSON.parse(r.stdout) as { slug: string; apiKey: string; sessionToken: string; orgId: string };
  };
  const a = await boot("owner@fuzz-a.example", "Fuzz A");
  const b = await boot("owner@fuzz-b.example", "Fuzz B");
  credentials.ownerA = { authorization: `Bearer ${a.sessionToken}` };
  credentials.ownerB = { authorization: `Bearer ${b.sessionToken}` };
  credentials.keyA = { "x-api-key": a.apiKey };
  const narrow = await json(`/api/org/${a.slug}/settings/keys/api-keys`, { method: "POST", token: a.sessionToken, body: JSON.stringify({ scopes: ["org.member.list"] }) });
  credentials.narrowKey = { "x-api-key": narrow.key };
  const group = await json(`/api/org/${a.slug}/app-groups`, { method: "POST", token: a.sessionToken, body: JSON.stringify({ orgId: a.orgId, name: "Fuzz web" }) });
  const groupKey = await json(`/api/org/${a.slug}/settings/keys/api-keys`, { method: "POST", token: a.sessionToken, body: JSON.stringify({ scopes: ["org.*"], appGroupId: group.groupKey }) });
  credentials.groupKey = { "x-api-key": groupKey.key };
  const m2m = await json("/api/m2m/token", { method: "POST", body: JSON.stringify({ orgSlug: a.slug, apiKey: groupKey.key }) });
  credentials.groupM2m = { authorization: `Bearer ${m2m.accessToken}` };
  const narrowM2m = await json("/api/m2m/token", { method: "POST", body: JSON.stringify({ orgSlug: a.slug, apiKey: narrow.key }) });
  credentials.narrowM2m = { authorization: `Bearer ${narrowM2m.accessToken}` };
  // A member (the lowest built-in role), invited and signed in as a person would be.
  const invitation = await json(`/api/org/${a.slug}/invitations`, { method: "POST", token: a.sessionToken, body: JSON.stringify({ email: "member@fuzz-a.example", role: "member" }) });
  const member = await signInByMagicLink(server, "member@fuzz-a.example");
  await json(`/api/public/invitations/${invitation.code}/accept`, { method: "POST", token: member.token });
  credentials.member = { cookie: member.cookie };
  credentials.bogus = { authorization: "Bearer not.a.token", "x-api-key": "ah_live_nope" };
  // The SCIM routes' own credential, so their bodies, filters and PATCH operations are fuzzed past the token check.
  credentials.scimA = { authorization: `Bearer ${(await json(`/api/org/${a.slug}/settings/scim/tokens`, { method: "POST", token: a.sessionToken })).token}` };

  const form = new FormData();
  form.append("file", new Blob(["fuzz me"]), "fuzz.txt");
  const file = await (await server.fetch("/api/public/v1/files", { method: "POST", body: form, headers: { "x-api-key": a.apiKey } })).json();
  Object.assign(ids, {
    slug: [a.slug, a.slug, a.slug, b.slug],
    orgSlug: [a.slug, a.slug, a.slug, b.slug],
    id: [file.id],
    groupId: [group.id],
    appGroupId: [group.id],
    groupKey: [group.groupKey],
    appId: [group.applications[0].id],
    applicationKey: [group.applications[0].clientKey],
  });

  const doc: any = await json("/swagger/json");
  for (const [path, methods] of Object.entries<any>(doc.paths)) {
    for (const [method, op] of Object.entries<any>(methods)) {
      const content = op.requestBody?.content ?? {};
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: op.parameters ?? [],
        json: content["application/json"]?.schema,
        multipart: !!content["multipart/form-data"],
      });
    }
  }
}, 120_000);

afterAll(() => server?.stop());

const uuid = "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b";

function pathValue(name: string): fc.Arbitrary<string> {
  const known = ids[name] ?? [uuid, "missing"];
  return fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...known) }, { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_STRINGS.filter((s) => s !== "")) });
}

function stringify(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value) ?? "";
}

/** encodeURIComponent, except that a lone surrogate goes out as its raw (WTF-8) bytes, as a hostile client would send it. */
function encodeSegment(value: string): string {
  return value.replace(/[\uD800-\uDFFF]/g, (c) => `\u0000${c.charCodeAt(0).toString(16)}\u0000`).split("\u0000").map((part, i) => {
    if (i % 2 === 0) return encodeURIComponent(part);
    const code = parseInt(part, 16);
    return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join("");
  }).join("");
}

const l = (line: Record<string, unknown>) => `${line.method} ${line.path}: ${line.error} ${String(line.stack ?? "").split("\n").slice(1, 4).join(" | ")}`;

const deepText = (depth: number) => "[".repeat(depth) + "]".repeat(depth);

function requestFor(op: Operation): fc.Arbitrary<FuzzRequest> {
  const pathParams = op.parameters.filter((p) => p.in === "path");
  const queryParams = op.parameters.filter((p) => p.in === "query");
  return fc
    .record({
      credential: fc.constantFrom(...Object.keys(credentials)),
      path: fc.tuple(...pathParams.map((p) => pathValue(p.name))),
      query: fc.tuple(...queryParams.map((p) => fc.option(skewedValue(p.schema, 2), { nil: undefined, freq: 2 }))),
      body: op.json
        ? fc.oneof(
            { weight: 6, arbitrary: skewedBody(op.json).map(stringify) },
            { weight: 1, arbitrary: fc.constantFrom("{", "{'a':1}", '{"a":', "nul", "", deepText(30_000), `{"email":${deepText(5_000)}}`) },
          )
        : fc.option(hostileValue().map(stringify), { nil: undefined, freq: 4 }),
      contentType: fc.constantFrom("application/json", "application/json", "application/json", "text/plain", "application/x-www-form-urlencoded", "application/xml"),
      multipart: fc.boolean(),
    })
    .map(({ credential, path, query, body, contentType, multipart }) => {
      let url = op.path;
      pathParams.forEach((p, i) => (url = url.replace(`{${p.name}}`, encodeSegment(path[i]!))));
      const search = new URLSearchParams();
      queryParams.forEach((p, i) => {
        if (query[i] !== undefined) search.set(p.name, stringify(query[i]));
      });
      const qs = search.toString();
      const request: FuzzRequest = { method: op.method, path: qs ? `${url}?${qs}` : url, headers: { ...credentials[credential]! }, operation: `${op.method} ${op.path}` };
      if (op.multipart && multipart) {
        request.body = "multipart";
        request.multipartName = typeof body === "string" ? body.slice(0, 80) : "f.txt";
      } else if (body !== undefined && op.method !== "GET" && op.method !== "HEAD") {
        request.body = body;
        request.headers["content-type"] = contentType;
      }
      return request;
    });
}

interface Outcome {
  request: FuzzRequest;
  status: number;
  problem: string | null;
}

async function send(request: FuzzRequest): Promise<Outcome> {
  let body: BodyInit | undefined;
  if (request.body === "multipart") {
    const form = new FormData();
    form.append("file", new Blob([request.multipartName ?? "x"]), request.multipartName || "f.txt");
    body = form;
  } else body = request.body;
  const r = await server.fetch(request.path, { method: request.method, headers: request.headers, body, redirect: "manual" });
  const type = r.headers.get("content-type") ?? "";
  const text = await r.text();
  let problem: string | null = null;
  if (r.status >= 500) problem = `status ${r.status}: ${text.slice(0, 300)}`;
  // 431: Bun's HTTP layer refuses a request line or headers past its limit (an address of
  // about 16 KB) before the app sees it, with an empty body: the cheapest refusal there is.
  else if (r.status === 431) problem = text === "" ? null : `431 with a body: ${text.slice(0, 100)}`;
  else if (r.status >= 400) {
    if (type.startsWith("application/scim+json") && request.path.startsWith("/scim/v2/")) {
      // DESIGN §7: the SCIM routes answer in SCIM's error body (RFC 7644 §3.12).
      const parsed = (() => {
        try {
          return JSON.parse(text);
        } catch {
          return null;
        }
      })();
      if (parsed?.schemas?.[0] !== "urn:ietf:params:scim:api:messages:2.0:Error" || parsed.status !== String(r.status)) problem = `SCIM error body expected: ${text.slice(0, 300)}`;
    } else if (type.startsWith("application/json")) {
      const parsed = (() => {
        try {
          return JSON.parse(text);
        } catch {
          return null;
        }
      })();
      if (typeof parsed?.error !== "string") problem = `error body without "error": ${text.slice(0, 300)}`;
    } else if (!type.startsWith("text/html")) problem = `error with content type "${type}": ${text.slice(0, 200)}`;
  }
  return { request, status: r.status, problem };
}

test(
  `${RUNS} generated requests: no 5xx, errors are JSON with error, no unhandled error, the event loop never held`,
  async () => {
    console.log(`fuzz seed ${SEED} (replay: SIGNET_FUZZ_SEED=${SEED}), ${operations.length} operations, ${RUNS} requests`);
    expect(operations.length).toBeGreaterThan(150);
    const arbitrary = fc.constantFrom(...operations).chain(requestFor);
    const requests = fc.sample(arbitrary, { seed: SEED, numRuns: RUNS });

    const probe = startHealthProbe(server);

    const outcomes: Outcome[] = [];
    let next = 0;
    const started = performance.now();
    await asBackgroundLoad(() =>
      Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (next < requests.length) {
            const request = requests[next++]!;
            outcomes.push(await send(request));
          }
        }),
      ),
    );
    const health = await probe.stop();
    const seconds = (performance.now() - started) / 1000;

    const histogram: Record<string, number> = {};
    for (const o of outcomes) histogram[o.status] = (histogram[o.status] ?? 0) + 1;
    console.log(`fuzz: ${outcomes.length} requests in ${seconds.toFixed(1)} s; statuses ${JSON.stringify(histogram)}`);
    const slowRequests = server
      .logs()
      .filter((l) => l.msg === "request" && typeof l.durationMs === "number")
      .sort((x, y) => (y.durationMs as number) - (x.durationMs as number))
      .slice(0, 5)
      .map((l) => `${l.method} ${l.route} ${l.status} ${l.durationMs} ms`);
    console.log(`fuzz: slowest requests: ${slowRequests.join("; ")}`);
    for (const line of server.logs().filter((l) => l.msg === "unhandled error").slice(0, 3)) console.log(`fuzz: unhandled: ${l(line)}`);
    const problems = outcomes.filter((o) => o.problem).map((o) => `${o.request.method} ${o.request.path} [${o.request.operation}]: ${o.problem}`);
    expect(problems.slice(0, 20)).toEqual([]);
    const unhandled = server.logs().filter((l) => l.msg === "unhandled error");
    expect(unhandled.slice(0, 5)).toEqual([]);
    expectResponsive("fuzz", health);
  },
  600_000,
);
