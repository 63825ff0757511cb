/**
 * Bot protection: off by default; when on, magic-link send needs a
 * turnstileToken that the verifier accepts. The verifier is the real Turnstile client,
 * pointed (SIGNET_TURNSTILE_VERIFY_URL) at a local HTTP peer playing siteverify.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { turnstileVerifier } from "../../../../src/modules/customers/end-users/bot-check";
import { createTestApp, type TestApp } from "../../../support/harness";
import { createFixture, mailsTo, type Fixture } from "./flows-support";

// Fresh apps and sealed organizations take a few seconds on a busy PostgreSQL.
setDefaultTimeout(30_000);

const SECRET = "0x4AAAAAAA-test-secret";

/** A siteverify peer: "pass-*" tokens succeed, "fail-*" fail, "down" answers 500. Records every form it got. */
function siteverifyPeer() {
  const seen: Array<Record<string, string>> = [];
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(request) {
      const url = new URL(request.url);
      if (request.method !== "POST" || url.pathname !== "/turnstile/v0/siteverify") return new Response("not found", { status: 404 });
      const form = Object.fromEntries(new URLSearchParams(await request.text()));
      seen.push(form);
      if (form.response === "down") return new Response("oops", { status: 500 });
      if (form.secret !== SECRET) return Response.json({ success: false, "error-codes": ["invalid-input-secret"] });
      if (form.response?.startsWith("pass-")) return Response.json({ success: true, hostname: "login.example.com", "error-codes": [] });
      return Response.json({ success: false, "error-codes": ["invalid-input-response"] });
    },
  });
  return { url: `http://127.0.0.1:${server.port}/turnstile/v0/siteverify`, seen, stop: () => server.stop(true) };
}

let peer: ReturnType<typeof siteverifyPeer>;
let t: TestApp;
let fx: Fixture;
beforeAll(async () => {
  peer = siteverifyPeer();
  t = await createTestApp({ env: { SIGNET_TURNSTILE_SECRET: SECRET, SIGNET_TURNSTILE_SITE_KEY: "site-key", SIGNET_TURNSTILE_VERIFY_URL: peer.url } });
  fx = await createFixture(t, "owner@bots.example", "Bot Co");
});
afterAll(async () => {
  await t.close();
  peer.stop();
});

const send = (f: Fixture, json: Record<string, unknown>) => f.call("POST", "/auth/magic-link/send", json);

describe("bot protection", () => {
  test("off by default: no token needed, the verifier is not asked", async () => {
    const r = await send(fx, { email: "human@example.com" });
    expect(r.status).toBe(200);
    expect(peer.seen).toHaveLength(0);
  });

  test("on: a missing token is 400 bot_check_failed naming turnstileToken; nothing mailed, no send counted", async () => {
    await fx.updateGroup({ botProtection: true });
    for (let i = 0; i < 6; i++) {
      const r = await send(fx, { email: "bot@example.com" });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ error: "bot_check_failed", field: "turnstileToken", reason: "missing-input-response" });
    }
    expect(peer.seen).toHaveLength(0);
    expect(await mailsTo(t, "bot@example.com")).toHaveLength(0);
    // Refusals did not use up the address's 5 sends.
    const ok = await send(fx, { email: "bot@example.com", turnstileToken: "pass-1" });
    expect(ok.status).toBe(200);
  });

  test("on: a token the peer refuses is 400 bot_check_failed with its reason; a passing one mails the link", async () => {
    const before = peer.seen.length;
    const refused = await send(fx, { email: "maybe@example.com", turnstileToken: "fail-1" });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: "bot_check_failed", field: "turnstileToken", reason: "invalid-input-response" });
    expect(await mailsTo(t, "maybe@example.com")).toHaveLength(0);
    const passed = await send(fx, { email: "maybe@example.com", turnstileToken: "pass-2" });
    expect(passed.status).toBe(200);
    expect(await mailsTo(t, "maybe@example.com")).toHaveLength(1);
    expect(peer.seen.slice(before).map((f) => [f.secret, f.response])).toEqual([
      [SECRET, "fail-1"],
      [SECRET, "pass-2"],
    ]);
  });

  test("siteverify failing (500) or unreachable fails closed", async () => {
    const down = await send(fx, { email: "down@example.com", turnstileToken: "down" });
    expect(down.status).toBe(400);
    expect(down.body.reason).toBe("siteverify_http_500");
    const unreachable = turnstileVerifier({ turnstile: { secret: SECRET, verifyUrl: "http://127.0.0.1:1/siteverify" } });
    expect(await unreachable.verify("pass-3", null)).toEqual({ ok: false, reason: "unreachable" });
  });

  test("the client IP is sent as remoteip when known", async () => {
    const verifier = turnstileVerifier({ turnstile: { secret: SECRET, verifyUrl: peer.url } });
    expect(await verifier.verify("pass-4", "203.0.113.9")).toEqual({ ok: true, reason: null });
    expect(peer.seen.at(-1)).toEqual({ secret: SECRET, response: "pass-4", remoteip: "203.0.113.9" });
  });

  test("protection on without a configured secret refuses every token (not_configured)", async () => {
    const bare = await createTestApp({ env: { SIGNET_TURNSTILE_VERIFY_URL: peer.url } });
    try {
      const f = await createFixture(bare, "owner@bare.example", "Bare Co", { botProtection: true });
      const before = peer.seen.length;
      const r = await send(f, { email: "x@example.com", turnstileToken: "pass-5" });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ error: "bot_check_failed", reason: "not_configured" });
      expect(peer.seen.length).toBe(before);
    } finally {
      await bare.close();
    }
  });

  test("switched off again: no token needed", async () => {
    await fx.updateGroup({ botProtection: false });
    expect((await send(fx, { email: "again@example.com" })).status).toBe(200);
  });

  test("bad input: a wrong type or an oversize token is 400 invalid_request", async () => {
    await fx.updateGroup({ botProtection: true });
    expect((await send(fx, { email: "a@example.com", turnstileToken: 7 })).body).toMatchObject({ error: "invalid_request", field: "turnstileToken" });
    expect((await send(fx, { email: "a@example.com", turnstileToken: "p".repeat(2049) })).body).toMatchObject({ error: "invalid_request", field: "turnstileToken" });
  });
});
