/**
 * The HTTP kernel (DESIGN §7): error mapping, body limits, request ids, access logs and
 * the client IP behind trusted proxies. A small plugin of test routes sits behind the
 * real kernel; the real app answers the rest.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { closeSync, mkdtempSync, openSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Elysia, t as schema } from "elysia";
import { ApiError } from "../../src/platform/http/errors";
import { BODY_LIMIT_KEY, collectBodyLimits, httpKernel } from "../../src/platform/http/kernel";
import { clientIp, inCidrs, parseCidrList } from "../../src/platform/http/ip";
import { jsonContainsNul, jsonNestingExceeds, MAX_JSON_DEPTH } from "../../src/platform/http/json";
import { batchedLineWriter, createLogger, FLUSH_INTERVAL_MS } from "../../src/platform/log";
import { createTestApp, send, type TestApp } from "../support/harness";

function kernelApp(logs: any[], trusted = "", accessLogSample?: number) {
  const bodyLimits = new Map<string, number>();
  const app = new Elysia()
    .use(httpKernel({ logger: createLogger("debug", (l) => logs.push(JSON.parse(l))), trustedProxies: parseCidrList(trusted), bodyLimits, accessLogSample }))
    .post("/echo", ({ body }) => body, {
      body: schema.Object({ name: schema.String({ maxLength: 10 }), count: schema.Integer({ minimum: 0 }), tags: schema.Optional(schema.Array(schema.String())) }),
    })
    .post("/small", ({ body }) => ({ size: JSON.stringify(body).length }), {
      body: schema.Object({ data: schema.String() }),
      detail: { [BODY_LIMIT_KEY]: 100 },
    })
    .post("/any", ({ body }) => ({ got: typeof body }))
    .get("/teapot", () => {
      throw new ApiError(418, "short_and_stout", { spout: true });
    })
    .get("/slow-down", () => {
      throw new ApiError(429, "rate_limited", { retryAfterSeconds: 42 });
    })
    .get("/boom", () => {
      throw new Error("secret internal detail");
    });
  collectBodyLimits(app.routes, bodyLimits);
  return app;
}

describe("error mapping", () => {
  const logs: any[] = [];
  const app = kernelApp(logs);

  test("malformed JSON is 400 invalid_json, never 500", async () => {
    for (const raw of ["{", "{'a':1}", "[1,2", "nul", '{"name": "x",}']) {
      const r = await send(app, "POST", "/echo", { body: raw, headers: { "content-type": "application/json" } });
      expect(r.status).toBe(400);
      expect(r.body.error).toBe("invalid_json");
    }
  });

  test("wrong types are 400 invalid_request naming the field", async () => {
    let r = await send(app, "POST", "/echo", { json: { name: "ok", count: "three" } });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ error: "invalid_request", field: "count" });
    r = await send(app, "POST", "/echo", { json: { name: "far too long a name", count: 1 } });
    expect(r.body).toMatchObject({ error: "invalid_request", field: "name" });
    r = await send(app, "POST", "/echo", { json: { name: "ok", count: 1, tags: ["a", 2] } });
    expect(r.body).toMatchObject({ error: "invalid_request", field: "tags[1]" });
    r = await send(app, "POST", "/echo", { json: { count: 1 } });
    expect(r.body).toMatchObject({ error: "invalid_request", field: "name" });
    r = await send(app, "POST", "/echo", { json: [1, 2] });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe("invalid_request");
  });

  test("a valid body passes through", async () => {
    const r = await send(app, "POST", "/echo", { json: { name: "ok", count: 2 } });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ name: "ok", count: 2 });
  });

  test("an unknown route is 404 JSON", async () => {
    const r = await send(app, "GET", "/nope/nothing");
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ error: "not_found" });
    expect(r.headers.get("content-type")).toContain("application/json");
  });

  test("ApiError maps to its status and body", async () => {
    const r = await send(app, "GET", "/teapot");
    expect(r.status).toBe(418);
    expect(r.body).toEqual({ error: "short_and_stout", spout: true });
    expect(r.headers.get("retry-after")).toBeNull();
  });

  test("an ApiError that says when to retry carries Retry-After as well as the body field", async () => {
    const r = await send(app, "GET", "/slow-down");
    expect(r.status).toBe(429);
    expect(r.headers.get("retry-after")).toBe("42");
    expect(r.body).toEqual({ error: "rate_limited", retryAfterSeconds: 42 });
  });

  test("an unexpected error is 500 internal with the request id, logged with the stack, never leaked", async () => {
    const r = await send(app, "GET", "/boom");
    expect(r.status).toBe(500);
    expect(r.body).toEqual({ error: "internal", requestId: r.headers.get("x-request-id") });
    expect(r.text).not.toContain("secret internal detail");
    const logged = logs.find((l) => l.msg === "unhandled error" && l.requestId === r.body.requestId);
    expect(logged.error).toBe("secret internal detail");
    expect(logged.stack).toContain("http-kernel.test.ts");
  });
});

describe("body limits", () => {
  const app = kernelApp([]);

  test("a body over the default limit is 413", async () => {
    const big = JSON.stringify({ name: "x", count: 1, tags: ["y".repeat(1024 * 1024)] });
    const r = await send(app, "POST", "/echo", { body: big, headers: { "content-type": "application/json" } });
    expect(r.status).toBe(413);
    expect(r.body).toEqual({ error: "payload_too_large", limitBytes: 1024 * 1024 });
  });

  test("a route's own limit applies, by declared length and by streamed length", async () => {
    let r = await send(app, "POST", "/small", { json: { data: "z".repeat(200) } });
    expect(r.status).toBe(413);
    expect(r.body.limitBytes).toBe(100);
    // No Content-Length: the kernel counts the streamed bytes.
    const stream = new ReadableStream({
      start(c) {
        c.enqueue(new TextEncoder().encode('{"data":"'));
        c.enqueue(new TextEncoder().encode("q".repeat(300)));
        c.enqueue(new TextEncoder().encode('"}'));
        c.close();
      },
    });
    const res = await app.handle(new Request("http://localhost/small", { method: "POST", body: stream, headers: { "content-type": "application/json" } }));
    expect(res.status).toBe(413);
    r = await send(app, "POST", "/small", { json: { data: "fits" } });
    expect(r.status).toBe(200);
  });

  test("text and form bodies are parsed within the limit too", async () => {
    let r = await send(app, "POST", "/any", { body: "hello", headers: { "content-type": "text/plain" } });
    expect(r.body).toEqual({ got: "string" });
    r = await send(app, "POST", "/any", { body: "a=1&b=2", headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(r.body).toEqual({ got: "object" });
  });
});

describe("request ids and access logs", () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp()));
  afterAll(() => t.close());

  test("every response carries X-Request-Id, errors included", async () => {
    const ok = await t.request("GET", "/healthz");
    const missing = await t.request("GET", "/does-not-exist");
    expect(ok.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(missing.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(ok.headers.get("x-request-id")).not.toBe(missing.headers.get("x-request-id"));
  });

  test("a well-formed incoming X-Request-Id is kept; a malformed one is replaced", async () => {
    const kept = await t.request("GET", "/healthz", { headers: { "x-request-id": "trace-abc-12345" } });
    expect(kept.headers.get("x-request-id")).toBe("trace-abc-12345");
    const replaced = await t.request("GET", "/healthz", { headers: { "x-request-id": "<script>" } });
    expect(replaced.headers.get("x-request-id")).not.toBe("<script>");
  });

  test("each request writes one structured JSON access log line", async () => {
    const r = await t.request("GET", "/healthz?probe=1", { headers: { "x-request-id": "log-check-0001" } });
    expect(r.status).toBe(200);
    await Bun.sleep(0); // afterResponse runs after the response is handed back
    const line = t.logs.find((l) => l.msg === "request" && l.requestId === "log-check-0001");
    expect(line).toMatchObject({ level: "info", method: "GET", path: "/healthz", route: "/healthz", status: 200 });
    expect(typeof line!.durationMs).toBe("number");
    expect(typeof line!.time).toBe("string");
  });
});

describe("access log sampling and batching", () => {
  test("with a sample of 0.1, about one successful request in ten is written, and every 4xx and 5xx", async () => {
    const logs: any[] = [];
    const app = kernelApp(logs, "", 0.1).get("/fine", () => "ok");
    for (let i = 0; i < 2000; i++) await app.handle(new Request("http://localhost/fine"));
    for (let i = 0; i < 20; i++) await app.handle(new Request("http://localhost/teapot"));
    for (let i = 0; i < 20; i++) await app.handle(new Request("http://localhost/boom"));
    await Bun.sleep(5);
    const lines = logs.filter((l) => l.msg === "request");
    const fine = lines.filter((l) => l.path === "/fine").length;
    // Binomial(2000, 0.1): 200 ± 13; outside 120..280 is more than six deviations off.
    expect(fine).toBeGreaterThan(120);
    expect(fine).toBeLessThan(280);
    expect(lines.filter((l) => l.status === 418)).toHaveLength(20);
    expect(lines.filter((l) => l.status === 500)).toHaveLength(20);
    expect(logs.filter((l) => l.msg === "unhandled error")).toHaveLength(20);
  });

  test("without a sample every request is written", async () => {
    const logs: any[] = [];
    const app = kernelApp(logs).get("/fine", () => "ok");
    for (let i = 0; i < 200; i++) await app.handle(new Request("http://localhost/fine"));
    await Bun.sleep(5);
    expect(logs.filter((l) => l.msg === "request" && l.path === "/fine")).toHaveLength(200);
  });

  /** A batched writer on a fresh file; `written()` reads what has reached the file so far. */
  async function withLogFile(use: (write: (line: string) => void, written: () => string) => Promise<void>): Promise<void> {
    const file = join(mkdtempSync(join(tmpdir(), "signet-log-")), "out.log");
    const fd = openSync(file, "w");
    try {
      await use(batchedLineWriter(fd), () => readFileSync(file, "utf8"));
    } finally {
      closeSync(fd);
    }
  }

  test("lines are written together once the flush interval has passed, in order, and whole", () =>
    withLogFile(async (write, written) => {
      for (let i = 0; i < 100; i++) write(JSON.stringify({ n: i, text: "é\n\"" }));
      expect(written()).toBe("");
      await Bun.sleep(FLUSH_INTERVAL_MS * 3);
      const lines = written().trimEnd().split("\n").map((l) => JSON.parse(l));
      expect(lines.map((l) => l.n)).toEqual([...Array(100).keys()]);
      expect(lines[0].text).toBe("é\n\"");
    }));

  test("past 64 KiB waiting, lines go out at once", () =>
    withLogFile(async (write, written) => {
      for (let i = 0; i < 70; i++) write("x".repeat(1023));
      expect(written().length).toBe(64 * 1024);
    }));
});

describe("client IP behind trusted proxies", () => {
  test("CIDR matching for IPv4, IPv6 and mapped addresses", () => {
    const cidrs = parseCidrList("10.0.0.0/8, 192.168.1.7, ::1, fd00::/8");
    expect(inCidrs("10.200.3.4", cidrs)).toBe(true);
    expect(inCidrs("11.0.0.1", cidrs)).toBe(false);
    expect(inCidrs("192.168.1.7", cidrs)).toBe(true);
    expect(inCidrs("192.168.1.8", cidrs)).toBe(false);
    expect(inCidrs("::ffff:10.1.1.1", cidrs)).toBe(true);
    expect(inCidrs("::1", cidrs)).toBe(true);
    expect(inCidrs("fd12:3456::1", cidrs)).toBe(true);
    expect(inCidrs("fe80::1", cidrs)).toBe(false);
    expect(() => parseCidrList("10.0.0.0/33")).toThrow("prefix");
    expect(() => parseCidrList("proxy.local")).toThrow("not an IP");
  });

  test("X-Forwarded-For is honoured only from a trusted peer, right-most untrusted hop wins", () => {
    const trusted = parseCidrList("10.0.0.0/8");
    expect(clientIp("203.0.113.9", "1.2.3.4", trusted)).toBe("203.0.113.9");
    expect(clientIp("10.0.0.2", "1.2.3.4", trusted)).toBe("1.2.3.4");
    expect(clientIp("10.0.0.2", "6.6.6.6, 1.2.3.4, 10.0.0.9", trusted)).toBe("1.2.3.4");
    expect(clientIp("10.0.0.2", "garbage", trusted)).toBe("10.0.0.2");
    expect(clientIp("10.0.0.2", "1.2.3.4", [])).toBe("10.0.0.2");
  });

  test("over a real socket, the access log records the resolved client IP", async () => {
    for (const [trusted, expected] of [["", "127.0.0.1"], ["127.0.0.1", "198.51.100.7"]] as const) {
      const logs: any[] = [];
      const app = kernelApp(logs, trusted).get("/ip", () => "ok");
      app.listen({ hostname: "127.0.0.1", port: 0 });
      try {
        await fetch(`http://127.0.0.1:${app.server!.port}/ip`, { headers: { "x-forwarded-for": "198.51.100.7", "x-request-id": `ip-test-${trusted || "none"}` } });
        await Bun.sleep(5);
        const line = logs.find((l) => l.msg === "request" && l.path === "/ip");
        expect(line!.ip).toBe(expected);
      } finally {
        await app.stop();
      }
    }
  });
});

describe("query validation", () => {
  const app = new Elysia()
    .use(httpKernel({ logger: createLogger("silent"), trustedProxies: [], bodyLimits: new Map() }))
    .get("/list", ({ query }) => query, { query: schema.Object({ limit: schema.Optional(schema.Numeric({ minimum: 1, maximum: 200 })), q: schema.Optional(schema.String()) }) });

  test("an out-of-range or non-numeric query value names its parameter", async () => {
    for (const value of ["500", "0", "abc"]) {
      const r = await send(app, "GET", `/list?q=x&limit=${value}`);
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ error: "invalid_request", in: "query", field: "limit" });
    }
    expect((await send(app, "GET", "/list?limit=20")).body).toEqual({ limit: 20 });
  });
});

describe("nesting and size limits apply before validation (DESIGN §7)", () => {
  const logs: any[] = [];
  const app = kernelApp(logs);
  const deepArray = "[".repeat(30_000) + "]".repeat(30_000);

  test("jsonNestingExceeds counts brackets outside strings only", () => {
    expect(jsonNestingExceeds("[".repeat(64) + "]".repeat(64))).toBe(false);
    expect(jsonNestingExceeds("[".repeat(65) + "]".repeat(65))).toBe(true);
    // Brackets inside strings, escaped quotes and escaped backslashes do not nest.
    expect(jsonNestingExceeds(JSON.stringify({ a: "[".repeat(100) }))).toBe(false);
    expect(jsonNestingExceeds(JSON.stringify({ a: '\\"' + "{".repeat(100) }))).toBe(false);
    expect(jsonNestingExceeds(JSON.stringify({ a: "x\\", b: "[".repeat(100) }))).toBe(false);
    expect(jsonNestingExceeds(`{"a":"\\\\"}` + "[".repeat(70))).toBe(true);
    // An unterminated string is left to the parser.
    expect(jsonNestingExceeds('{"a":"[[[[')).toBe(false);
  });

  test("a body nested 30,000 deep is 400 invalid_json at once, on any JSON route", async () => {
    for (const path of ["/echo", "/any"]) {
      const started = performance.now();
      const r = await send(app, "POST", path, { body: deepArray, headers: { "content-type": "application/json" } });
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ error: "invalid_json", message: `the request body nests deeper than ${MAX_JSON_DEPTH} levels`, maxDepth: MAX_JSON_DEPTH });
      expect(performance.now() - started).toBeLessThan(200);
    }
  });

  test("a deep value inside a field is refused the same way", async () => {
    const r = await send(app, "POST", "/echo", { body: `{"name":${"[".repeat(5000)}${"]".repeat(5000)},"count":1}`, headers: { "content-type": "application/json" } });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe("invalid_json");
  });

  test("a validation error names the field and never echoes the value", async () => {
    const huge = Array.from({ length: 50_000 }, (_, i) => i);
    const r = await send(app, "POST", "/echo", { json: { name: huge, count: 1 } });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ error: "invalid_request", field: "name" });
    expect(r.text.length).toBeLessThan(300);
    expect(r.text).not.toContain("49999");
  });

  test("nothing reaches the unhandled-error log", () => {
    expect(logs.filter((l) => l.msg === "unhandled error")).toEqual([]);
  });
});

describe("NUL characters are refused everywhere (PostgreSQL's text cannot hold them)", () => {
  const app = kernelApp([]);

  test("in the address, a JSON string or a form field: 400 invalid_request", async () => {
    const inQuery = await send(app, "GET", "/teapot?name=a%00b");
    expect([inQuery.status, inQuery.body.error]).toEqual([400, "invalid_request"]);
    const inJson = await send(app, "POST", "/echo", { body: '{"name":"a\\u0000b","count":1}', headers: { "content-type": "application/json" } });
    expect([inJson.status, inJson.body.error, inJson.body.in]).toEqual([400, "invalid_request", "body"]);
    const inForm = await send(app, "POST", "/any", { body: "name=a%00b", headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect([inForm.status, inForm.body.error]).toEqual([400, "invalid_request"]);
  });

  test("an escaped backslash followed by u0000 is text, not a NUL", async () => {
    expect(jsonContainsNul('{"a":"\\\\u0000"}')).toBe(false);
    expect(jsonContainsNul('{"a":"\\\\\\u0000"}')).toBe(true);
    const r = await send(app, "POST", "/echo", { json: { name: "\\u0000", count: 1 } });
    expect(r.status).toBe(200);
  });
});
