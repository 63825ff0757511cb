/**
 * The outbound kernel against real local peers: an SMTP server (smtp-server, by the
 * nodemailer authors) and an HTTP SMS gateway (Bun.serve). Every outcome is checked in
 * the outbox table, where operators read it.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { SMTPServer } from "smtp-server";
import { desc, eq } from "drizzle-orm";
import { extractLinks } from "../../src/platform/outbound/outbox";
import { outboxPruneJob } from "../../src/platform/outbound/jobs";
import { createGatewaySmsSender } from "../../src/platform/outbound/sms";
import { SendFailedError } from "../../src/platform/outbound/errors";
import { outboxMessages } from "../../src/platform/outbound/schema";
import { createTestApp, type TestApp } from "../support/harness";
import { DAY, MINUTE } from "../support/clock";

async function outboxRows(t: TestApp, to?: string) {
  return t.ctx.db.read
    .select()
    .from(outboxMessages)
    .where(to ? eq(outboxMessages.to, to) : undefined)
    .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id));
}

/** A port nothing listens on: bound once, then released. */
function closedPort(): number {
  const s = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response("") });
  const port = s.port!;
  s.stop(true);
  return port;
}

describe("links", () => {
  test("every http(s) URL of the text, then the HTML, in order, once each", () => {
    expect(
      extractLinks(
        "Verify at https://signet.test/verify?token=abc&next=%2Fhome. Or (see http://docs.signet.test/a_(b)) later, https://signet.test/x!",
        '<a href="https://signet.test/verify?token=abc&amp;next=%2Fhome">verify</a> <a href=\'https://signet.test/html-only\'>x</a>',
      ),
    ).toEqual([
      "https://signet.test/verify?token=abc&next=%2Fhome",
      "http://docs.signet.test/a_(b)",
      "https://signet.test/x",
      "https://signet.test/html-only",
    ]);
    expect(extractLinks("no links, ftp://x.test and mailto:a@b.test do not count")).toEqual([]);
    expect(extractLinks("HTTPS://SIGNET.TEST/Upper <https://signet.test/angle>")).toEqual([
      "HTTPS://SIGNET.TEST/Upper",
      "https://signet.test/angle",
    ]);
  });
});

describe("dev outbox (no SMTP, no gateway)", () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp()));
  afterAll(() => t.close());

  test("mail is recorded, lower-cased, with its links and the clock's time", async () => {
    expect(t.ctx.mail.delivers).toBe(false);
    const { id } = await t.ctx.mail.send({
      to: "  Ann.Lee@Example.COM ",
      subject: "Confirm your address",
      text: "Hello Ann,\nconfirm: https://signet.test/confirm?c=1\n",
      html: '<p><a href="https://signet.test/confirm?c=1">confirm</a> or <a href="https://signet.test/help">help</a></p>',
    });
    const [row] = await outboxRows(t, "ann.lee@example.com");
    expect(row).toEqual({
      id,
      channel: "mail",
      to: "ann.lee@example.com",
      subject: "Confirm your address",
      text: "Hello Ann,\nconfirm: https://signet.test/confirm?c=1\n",
      links: ["https://signet.test/confirm?c=1", "https://signet.test/help"],
      status: "outbox",
      error: null,
      createdAt: t.clock.now(),
    });
  });

  test("SMS is recorded and not delivered", async () => {
    expect(t.ctx.sms.delivers).toBe(false);
    const { id } = await t.ctx.sms.send({ to: "+15551230001", text: "Your code is 123456. https://signet.test/m" });
    const [row] = await outboxRows(t, "+15551230001");
    expect(row).toMatchObject({ id, channel: "sms", subject: null, status: "outbox", links: ["https://signet.test/m"] });
  });

  test("outbox.prune deletes only messages older than 30 days", async () => {
    const job = outboxPruneJob(t.ctx);
    expect(job.name).toBe("outbox.prune");
    expect(typeof job.schedule).toBe("string");
    const start = t.clock.now();
    await t.ctx.mail.send({ to: "prune@example.com", subject: "old", text: "old" });
    t.clock.advance(10 * DAY);
    await t.ctx.mail.send({ to: "prune@example.com", subject: "middle", text: "middle" });
    t.clock.advance(20 * DAY);
    await t.ctx.mail.send({ to: "prune@example.com", subject: "new", text: "new" });

    // Exactly 30 days after the first message: nothing is older than 30 days yet.
    expect(t.clock.now() - start).toBe(30 * DAY);
    await job.run({ now: t.clock.now(), slotAt: null });
    expect((await outboxRows(t, "prune@example.com")).map((r) => r.subject)).toEqual(["new", "middle", "old"]);

    t.clock.advance(1 * MINUTE);
    await job.run({ now: t.clock.now(), slotAt: null });
    expect((await outboxRows(t, "prune@example.com")).map((r) => r.subject)).toEqual(["new", "middle"]);
    // The messages of the earlier tests were older than 30 days too.
    expect(await outboxRows(t, "ann.lee@example.com")).toEqual([]);

    // Idempotent: a second run of the same slot finds nothing more to delete.
    await job.run({ now: t.clock.now(), slotAt: null });
    expect((await outboxRows(t, "prune@example.com")).length).toBe(2);

    t.clock.advance(30 * DAY);
    await job.run({ now: t.clock.now(), slotAt: null });
    expect(await outboxRows(t)).toEqual([]);
  });
});

interface ReceivedMail {
  from: string | false;
  to: string[];
  user?: string;
  raw: string;
}

describe("SMTP (smtp-server peer)", () => {
  const received: ReceivedMail[] = [];
  let smtp: SMTPServer;
  let port: number;
  let t: TestApp;

  beforeAll(async () => {
    smtp = new SMTPServer({
      logger: false,
      // Plain SMTP on loopback: no STARTTLS with the built-in test certificate.
      disabledCommands: ["STARTTLS"],
      allowInsecureAuth: true,
      onAuth(auth, _session, callback) {
        if (auth.username === "signet" && auth.password === "s3cret pass") callback(null, { user: auth.username });
        else callback(Object.assign(new Error("Invalid username or password"), { responseCode: 535 }));
      },
      onRcptTo(address, _session, callback) {
        if (address.address.startsWith("nobody@")) callback(Object.assign(new Error("5.1.1 No such user here"), { responseCode: 550 }));
        else callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (c: Buffer) => chunks.push(c));
        stream.on("end", () => {
          received.push({
            from: session.envelope.mailFrom && session.envelope.mailFrom.address,
            to: session.envelope.rcptTo.map((r) => r.address),
            user: session.user as string | undefined,
            raw: Buffer.concat(chunks).toString("utf8"),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", () => resolve()));
    port = (smtp.server.address() as { port: number }).port;
    t = await createTestApp({
      env: {
        SIGNET_SMTP_URL: `smtp://signet:${encodeURIComponent("s3cret pass")}@127.0.0.1:${port}`,
        SIGNET_MAIL_FROM: "Signet <no-reply@signet.test>",
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  test("a message reaches the server and is recorded as sent", async () => {
    expect(t.ctx.mail.delivers).toBe(true);
    const { id } = await t.ctx.mail.send({
      to: "Bob@Example.com",
      subject: "Your sign-in link",
      text: "Sign in: https://signet.test/magic?t=xyz",
      html: '<a href="https://signet.test/magic?t=xyz">Sign in</a>',
    });
    expect(received.length).toBe(1);
    const mail = received[0]!;
    expect(mail.user).toBe("signet");
    expect(mail.from).toBe("no-reply@signet.test");
    // Sent to the address as given (nodemailer lower-cases only the domain); stored lower-case below.
    expect(mail.to).toEqual(["Bob@example.com"]);
    expect(mail.raw).toMatch(/^Subject: Your sign-in link\r?$/m);
    expect(mail.raw).toMatch(/^To: Bob@example\.com\r?$/m);
    expect(mail.raw).toMatch(/^From: Signet <no-reply@signet.test>\r?$/m);
    expect(mail.raw).toMatch(/Content-Type: text\/plain; charset=utf-8\r\n[^]*?\r\n\r\nSign in: https:\/\/signet\.test\/magic\?t=xyz\r\n/);
    expect(mail.raw).toMatch(/Content-Type: text\/html; charset=utf-8\r\n[^]*?\r\n\r\n<a href="https:\/\/signet\.test\/magic\?t=xyz">Sign in<\/a>\r\n/);

    const [row] = await outboxRows(t, "bob@example.com");
    expect(row).toMatchObject({
      id,
      channel: "mail",
      to: "bob@example.com",
      subject: "Your sign-in link",
      status: "sent",
      error: null,
      // Once it has left, the mail's secrets are not kept: metadata only.
      links: [],
      createdAt: t.clock.now(),
    });
    expect(row!.text).toMatch(/^\[not kept: \d+ characters, handed to the mail server\]$/);
    expect(JSON.stringify(row)).not.toContain("t=xyz");
  });

  test("a rejected recipient is recorded as failed and thrown as send_failed", async () => {
    const before = received.length;
    const error = await t.ctx.mail.send({ to: "nobody@example.com", subject: "Hi", text: "hello" }).catch((e) => e);
    expect(error).toBeInstanceOf(SendFailedError);
    expect(error.code).toBe("send_failed");
    expect(error.status).toBe(502);
    expect(error.body()).toEqual({ error: "send_failed", channel: "mail" });
    expect(error.message).toContain("550");
    expect(received.length).toBe(before);

    const [row] = await outboxRows(t, "nobody@example.com");
    expect(row!.id).toBe(error.messageId);
    expect(row!.status).toBe("failed");
    expect(row!.error).toContain("550");
    expect(row!.error).toContain("No such user");
    expect(row!.text).toBe("[not kept: 5 characters, refused by the mail server]");
  });

  test("wrong credentials are recorded as failed", async () => {
    const app = await createTestApp({ env: { SIGNET_SMTP_URL: `smtp://signet:wrong@127.0.0.1:${port}` } });
    try {
      const error = await app.ctx.mail.send({ to: "carol@example.com", subject: "Hi", text: "hello" }).catch((e) => e);
      expect(error).toBeInstanceOf(SendFailedError);
      const [row] = await outboxRows(app, "carol@example.com");
      expect(row!.status).toBe("failed");
      expect(row!.error).toContain("535");
    } finally {
      await app.close();
    }
  });

  test("an unreachable server is recorded as failed", async () => {
    const app = await createTestApp({ env: { SIGNET_SMTP_URL: `smtp://127.0.0.1:${closedPort()}` } });
    try {
      const error = await app.ctx.mail.send({ to: "dave@example.com", subject: "Hi", text: "hello" }).catch((e) => e);
      expect(error).toBeInstanceOf(SendFailedError);
      expect(error.code).toBe("send_failed");
      const [row] = await outboxRows(app, "dave@example.com");
      expect(row!.status).toBe("failed");
      expect(row!.error).toMatch(/ECONNECTION|ECONNREFUSED/);
    } finally {
      await app.close();
    }
  });
});

describe("SMS gateway (Bun.serve peer)", () => {
  const requests: { method: string; path: string; authorization: string | null; contentType: string | null; body: unknown }[] = [];
  let answer: () => Response | Promise<Response> = () => Response.json({ id: "gw-1" }, { status: 202 });
  let gateway: ReturnType<typeof Bun.serve>;
  let t: TestApp;

  beforeAll(async () => {
    gateway = Bun.serve({
      hostname: "127.0.0.1",
      port: 0,
      async fetch(request) {
        requests.push({
          method: request.method,
          path: new URL(request.url).pathname,
          authorization: request.headers.get("authorization"),
          contentType: request.headers.get("content-type"),
          body: await request.json(),
        });
        return answer();
      },
    });
    t = await createTestApp({
      env: { SIGNET_SMS_GATEWAY_URL: `http://127.0.0.1:${gateway.port}/v1/sms`, SIGNET_SMS_GATEWAY_TOKEN: "gw-token-123" },
    });
  });
  afterAll(async () => {
    await t.close();
    gateway.stop(true);
  });

  test("a text is POSTed as JSON with the bearer token and recorded as sent", async () => {
    expect(t.ctx.sms.delivers).toBe(true);
    const { id } = await t.ctx.sms.send({ to: "+15551230002", text: "Your code is 654321" });
    expect(requests).toEqual([
      {
        method: "POST",
        path: "/v1/sms",
        authorization: "Bearer gw-token-123",
        contentType: "application/json",
        body: { to: "+15551230002", text: "Your code is 654321" },
      },
    ]);
    const [row] = await outboxRows(t, "+15551230002");
    expect(row).toMatchObject({ id, channel: "sms", status: "sent", error: null, links: [] });
    // The code went to the gateway; the record keeps no copy of it.
    expect(row!.text).toBe("[not kept: 19 characters, handed to the SMS gateway]");
  });

  test("a 500 answer is recorded as failed and thrown as send_failed", async () => {
    answer = () => new Response("upstream carrier down", { status: 500 });
    const error = await t.ctx.sms.send({ to: "+15551230003", text: "code 1" }).catch((e) => e);
    answer = () => Response.json({ id: "gw-1" }, { status: 202 });
    expect(error).toBeInstanceOf(SendFailedError);
    expect(error.code).toBe("send_failed");
    expect(error.body()).toEqual({ error: "send_failed", channel: "sms" });
    const [row] = await outboxRows(t, "+15551230003");
    expect(row!.status).toBe("failed");
    expect(row!.error).toBe("the SMS gateway answered 500: upstream carrier down");
    expect(error.messageId).toBe(row!.id);
  });

  test("a redirect is not followed: the token stays with the configured gateway", async () => {
    const count = requests.length;
    answer = () => new Response(null, { status: 307, headers: { location: "http://127.0.0.1:1/elsewhere" } });
    const error = await t.ctx.sms.send({ to: "+15551230004", text: "code 2" }).catch((e) => e);
    answer = () => Response.json({ id: "gw-1" }, { status: 202 });
    expect(error).toBeInstanceOf(SendFailedError);
    expect(requests.length).toBe(count + 1);
    const [row] = await outboxRows(t, "+15551230004");
    expect(row!.error).toBe("the SMS gateway answered 307");
  });

  test("an unreachable gateway is recorded as failed", async () => {
    const app = await createTestApp({ env: { SIGNET_SMS_GATEWAY_URL: `http://127.0.0.1:${closedPort()}/sms` } });
    try {
      const error = await app.ctx.sms.send({ to: "+15551230005", text: "code 3" }).catch((e) => e);
      expect(error).toBeInstanceOf(SendFailedError);
      expect(error.code).toBe("send_failed");
      const [row] = await outboxRows(app, "+15551230005");
      expect(row!.status).toBe("failed");
      expect(row!.error).toStartWith("the SMS gateway is unreachable");
    } finally {
      await app.close();
    }
  });

  test("a gateway that does not answer in time is recorded as failed", async () => {
    let release!: () => void;
    const hanging = new Promise<void>((resolve) => (release = resolve));
    answer = async () => {
      await hanging;
      return new Response("late");
    };
    const sender = createGatewaySmsSender({ url: `http://127.0.0.1:${gateway.port}/v1/sms`, timeoutMs: 200 }, t.ctx);
    const error = await sender.send({ to: "+15551230006", text: "code 4" }).catch((e) => e);
    release();
    answer = () => Response.json({ id: "gw-1" }, { status: 202 });
    expect(error).toBeInstanceOf(SendFailedError);
    const [row] = await outboxRows(t, "+15551230006");
    expect(row!.status).toBe("failed");
    expect(row!.error).toBe("the SMS gateway did not answer within 200 ms");
    // Without a token no Authorization header is sent.
    expect(requests.at(-1)!.authorization).toBeNull();
  });
});
