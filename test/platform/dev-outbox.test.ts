/**
 * Reading the outbox: GET /api/dev/outbox (SIGNET_DEV=1 only) and
 * `signet admin outbox`, run as a separate process while the app holds the database.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { outboxCommand } from "../../src/cli/outbox";
import { UsageError } from "../../src/cli/errors";
import { createTestApp, type TestApp } from "../support/harness";
import { MINUTE } from "../support/clock";

const ROOT = join(import.meta.dir, "..", "..");
const BUN = join(ROOT, "node_modules", ".bin", "bun");

let t: TestApp;
const sent: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ env: { SIGNET_DEV: "1" } });
  // Three mails to Ann under different spellings, one to Bob, one SMS; a minute apart.
  sent.ann1 = (await t.ctx.mail.send({ to: "ann@example.com", subject: "Welcome", text: "Hi https://signet.test/welcome" })).id;
  t.clock.advance(MINUTE);
  sent.bob = (await t.ctx.mail.send({ to: "bob@example.com", subject: "For Bob", text: "Bob's link https://signet.test/bob" })).id;
  t.clock.advance(MINUTE);
  sent.ann2 = (
    await t.ctx.mail.send({
      to: "ANN@Example.com",
      subject: "Verify",
      text: "Verify: https://signet.test/verify?token=t1.",
      html: '<a href="https://signet.test/verify?token=t1">Verify</a> <a href="https://signet.test/privacy">Privacy</a>',
    })
  ).id;
  t.clock.advance(MINUTE);
  sent.sms = (await t.ctx.sms.send({ to: "+15551239999", text: "Code 424242" })).id;
  // Same millisecond as the SMS: the id still orders it as the newer one.
  sent.ann3 = (await t.ctx.mail.send({ to: "Ann@EXAMPLE.COM", subject: "Reset", text: "Reset: https://signet.test/reset" })).id;
});
afterAll(() => t.close());

describe("GET /api/dev/outbox", () => {
  test("messages to one address, newest first, matched case-insensitively", async () => {
    const r = await t.request("GET", "/api/dev/outbox?to=aNN%40example.COM");
    expect(r.status).toBe(200);
    expect(r.body.messages.map((m: any) => m.id)).toEqual([sent.ann3, sent.ann2, sent.ann1]);
    const verify = r.body.messages[1];
    expect(verify).toEqual({
      id: sent.ann2,
      channel: "mail",
      to: "ann@example.com",
      subject: "Verify",
      text: "Verify: https://signet.test/verify?token=t1.",
      links: ["https://signet.test/verify?token=t1", "https://signet.test/privacy"],
      status: "outbox",
      error: null,
      createdAt: new Date(t.clock.now() - MINUTE).toISOString(),
    });
    expect(r.body.messages[0].createdAt).toBe("2026-01-15T12:03:00.000Z");
  });

  test("without `to`, every message; with `limit`, the newest ones", async () => {
    const all = await t.request("GET", "/api/dev/outbox");
    expect(all.status).toBe(200);
    expect(all.body.messages.map((m: any) => m.id)).toEqual([sent.ann3, sent.sms, sent.ann2, sent.bob, sent.ann1]);

    const two = await t.request("GET", "/api/dev/outbox?limit=2");
    expect(two.body.messages.map((m: any) => m.id)).toEqual([sent.ann3, sent.sms]);

    const one = await t.request("GET", "/api/dev/outbox?to=ann@example.com&limit=1");
    expect(one.body.messages.map((m: any) => m.subject)).toEqual(["Reset"]);
  });

  test("SMS by number (a + in a query string is encoded as %2B)", async () => {
    const r = await t.request("GET", "/api/dev/outbox?to=%2B15551239999");
    expect(r.status).toBe(200);
    expect(r.body.messages).toEqual([
      expect.objectContaining({ id: sent.sms, channel: "sms", to: "+15551239999", subject: null, text: "Code 424242", links: [] }),
    ]);
  });

  test("an address with no messages gives an empty list", async () => {
    const r = await t.request("GET", "/api/dev/outbox?to=nobody@example.com");
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ messages: [] });
  });

  test("an invalid limit or an empty `to` is 400", async () => {
    for (const query of ["limit=0", "limit=201", "limit=abc", "limit=1.5", "limit=-3", "to="]) {
      const r = await t.request("GET", `/api/dev/outbox?${query}`);
      expect(r.status, query).toBe(400);
      expect(r.body.error, query).toBe("invalid_request");
    }
    expect((await t.request("GET", "/api/dev/outbox?limit=abc")).body.field).toBe("limit");
    expect((await t.request("GET", "/api/dev/outbox?limit=500")).body.message).toContain("200");
    expect((await t.request("GET", "/api/dev/outbox?limit=200")).status).toBe(200);
  });

  test("documented in the API reference under Dev", async () => {
    const r = await t.request("GET", "/swagger/json");
    expect(r.status).toBe(200);
    const op = r.body.paths["/api/dev/outbox"].get;
    expect(op.tags).toEqual(["Dev"]);
    expect(op.summary).toBeTruthy();
  });

  test("without SIGNET_DEV the route does not exist: 404 JSON", async () => {
    const prod = await createTestApp();
    try {
      await prod.ctx.mail.send({ to: "ann@example.com", subject: "Secret link", text: "https://signet.test/secret" });
      const r = await prod.request("GET", "/api/dev/outbox?to=ann@example.com");
      expect(r.status).toBe(404);
      expect(r.headers.get("content-type")).toContain("application/json");
      expect(r.body).toEqual({ error: "not_found" });
      expect(r.text).not.toContain("secret");
    } finally {
      await prod.close();
    }
  });
});

describe("signet admin outbox", () => {
  /** Runs outboxCommand in its own process, on the test app's database, while the app keeps it open. */
  async function runOutbox(args: string[]) {
    const script = [
      `import { loadConfig } from ${JSON.stringify(join(ROOT, "src", "config.ts"))};`,
      `import { outboxCommand } from ${JSON.stringify(join(ROOT, "src", "cli", "outbox.ts"))};`,
      `process.exitCode = await outboxCommand(loadConfig(process.env), JSON.parse(process.env.OUTBOX_ARGS));`,
    ].join("\n");
    const proc = Bun.spawn([BUN, "-e", script], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? "",
        HOME: process.env.HOME ?? "",
        SIGNET_DATA_DIR: t.config.dataDir,
        SIGNET_DATABASE_URL: t.database.url,
        OUTBOX_ARGS: JSON.stringify(args),
      },
      stdout: "pipe",
      stderr: "pipe",
      stdin: "ignore",
    });
    const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
    return { code, stdout, stderr, lines: stdout.split("\n").filter(Boolean).map((l) => JSON.parse(l)) };
  }

  test("prints one JSON object per line, newest first, filtered case-insensitively", async () => {
    const r = await runOutbox(["--to", "ANN@example.com"]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.lines.map((m) => m.id)).toEqual([sent.ann3, sent.ann2, sent.ann1]);
    const route = await t.request("GET", "/api/dev/outbox?to=ann@example.com");
    expect(r.lines).toEqual(route.body.messages);
  });

  test("every message, and --limit", async () => {
    const all = await runOutbox([]);
    expect(all.code).toBe(0);
    expect(all.lines.map((m) => m.id)).toEqual([sent.ann3, sent.sms, sent.ann2, sent.bob, sent.ann1]);
    const two = await runOutbox(["--limit=2"]);
    expect(two.lines.map((m) => m.id)).toEqual([sent.ann3, sent.sms]);
  });

  test("the app keeps writing while the command reads", async () => {
    t.clock.advance(MINUTE);
    const late = await t.ctx.mail.send({ to: "bob@example.com", subject: "Later", text: "later" });
    const r = await runOutbox(["--to", "bob@example.com"]);
    expect(r.lines.map((m) => m.id)).toEqual([late.id, sent.bob]);
  });

  test("bad options are usage errors", async () => {
    for (const args of [["--limit", "0"], ["--limit", "ten"], ["--to", " "], ["--from", "x"], ["ann@example.com"]]) {
      await expect(outboxCommand(t.config, args), args.join(" ")).rejects.toBeInstanceOf(UsageError);
    }
  });
});
