/** Linked identities: initiate, confirm, list and revoke (spec 4.4, §7, §8). */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq, or } from "drizzle-orm";
import { linkedIdentities, linkRequests, users } from "../../../../src/modules/identity/schema";
import { recordHash } from "../../../../src/platform/crypto/canonical-json";
import { sha256Hex } from "../../../../src/platform/crypto/hash";
import { signInAs, type SignedInUser } from "../../../support/accounts";
import { MINUTE, SECOND } from "../../../support/clock";
import { createTestApp, type TestApp } from "../../../support/harness";
import { confirmByPost, confirmPathFor, linkAccounts, mailsTo } from "./support";

let t: TestApp;
beforeAll(async () => (t = await createTestApp()));
afterAll(() => t.close());

let serial = 0;
const newUser = () => signInAs(t, `person${++serial}@links.example`);
const freshAddress = () => `other${++serial}@elsewhere.example`;

const initiate = (user: SignedInUser, json: unknown) => t.request("POST", "/api/auth/linked-identities/initiate", { token: user.token, json });

async function linksOf(userId: string) {
  return t.ctx.db.read.select().from(linkedIdentities).where(or(eq(linkedIdentities.userId, userId), eq(linkedIdentities.linkedUserId, userId)));
}

async function userByEmail(email: string) {
  const [user] = await t.ctx.db.read.select().from(users).where(eq(users.email, email));
  return user ?? null;
}

describe("POST /api/auth/linked-identities/initiate", () => {
  test("mails the other address a single-use confirm link with a 15-minute TTL, storing only its SHA-256", async () => {
    const user = await newUser();
    const address = freshAddress();
    const r = await initiate(user, { email: address.toUpperCase() });
    expect(r.status).toBe(202);
    expect(r.body).toEqual({ sent: true, expiresAt: new Date(t.clock.now() + 15 * MINUTE).toISOString() });
    const [mail] = await mailsTo(t, address);
    expect(mail!.text).toContain(user.email);
    const path = await confirmPathFor(t, address);
    expect(mail!.links).toContain(`${t.config.dashboardBase}${path}`);
    const token = new URLSearchParams(path.split("?")[1]).get("token")!;
    const [row] = await t.ctx.db.read.select().from(linkRequests).where(eq(linkRequests.userId, user.userId));
    expect(row).toMatchObject({ id: sha256Hex(token), email: address, expiresAt: t.clock.now() + 15 * MINUTE, consumedAt: null });
    // Nothing is linked, and no account is created, until the link is opened.
    expect(await linksOf(user.userId)).toEqual([]);
    expect(await userByEmail(address)).toBeNull();
  });

  test("needs a session", async () => {
    expect((await t.request("POST", "/api/auth/linked-identities/initiate", { json: { email: freshAddress() } })).status).toBe(401);
  });

  test("your own address (in any case) is 400 cannot_link_self and mails nothing", async () => {
    const user = await newUser();
    const r = await initiate(user, { email: ` ${user.email.toUpperCase()} ` });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ error: "cannot_link_self", field: "email" });
    expect(await mailsTo(t, user.email)).toEqual([]);
  });

  test("bad bodies are 400 naming the field", async () => {
    const user = await newUser();
    for (const [json, error] of [
      [{}, "invalid_request"],
      [{ email: 5 }, "invalid_request"],
      [{ email: "" }, "invalid_request"],
      [{ email: `${"a".repeat(250)}@x.example` }, "invalid_request"],
      [{ email: "not-an-address" }, "invalid_email"],
    ] as const) {
      const r = await initiate(user, json);
      expect([r.status, r.body.error, r.body.field]).toEqual([400, error, "email"]);
    }
    const malformed = await t.request("POST", "/api/auth/linked-identities/initiate", { token: user.token, body: "{", headers: { "content-type": "application/json" } });
    expect([malformed.status, malformed.body.error]).toEqual([400, "invalid_json"]);
    expect(await t.ctx.db.read.select().from(linkRequests).where(eq(linkRequests.userId, user.userId))).toEqual([]);
  });

  test("one request per minute per user: the second is 429 rate_limited with Retry-After and mails nothing", async () => {
    const [user, other] = [await newUser(), await newUser()];
    const [first, second] = [freshAddress(), freshAddress()];
    expect((await initiate(user, { email: first })).status).toBe(202);
    t.clock.advance(30 * SECOND);
    const refused = await initiate(user, { email: second });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: "rate_limited", retryAfterSeconds: 30 });
    expect(refused.headers.get("retry-after")).toBe("30");
    expect(await mailsTo(t, second)).toEqual([]);
    // Another user is not held back.
    expect((await initiate(other, { email: second })).status).toBe(202);
    t.clock.advance(30 * SECOND - 1);
    expect((await initiate(user, { email: second })).headers.get("retry-after")).toBe("1");
    t.clock.advance(1);
    expect((await initiate(user, { email: second })).status).toBe(202);
  });

  test("a refused request does not count against the minute", async () => {
    const user = await newUser();
    expect((await initiate(user, { email: user.email })).status).toBe(400);
    expect((await initiate(user, { email: freshAddress() })).status).toBe(202);
  });

  test("an account you already have an active link to is 409 already_linked", async () => {
    const user = await newUser();
    const address = freshAddress();
    await linkAccounts(t, user, address);
    t.clock.advance(MINUTE);
    const r = await initiate(user, { email: address });
    expect(r.status).toBe(409);
    expect(r.body.error).toBe("already_linked");
  });
});

describe("the mailed confirm link asks before it links (mail scanners open links)", () => {
  test("opening it (GET) links nothing and shows a page whose form POSTs the token", async () => {
    const user = await newUser();
    const address = freshAddress();
    t.clock.advance(MINUTE);
    expect((await initiate(user, { email: address })).status).toBe(202);
    const path = await confirmPathFor(t, address);
    for (let i = 0; i < 3; i++) {
      const page = await t.request("GET", path);
      expect(page.status).toBe(200);
      expect(page.headers.get("content-type")).toContain("text/html");
      expect(page.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
      expect(page.text).toContain('<form method="post" action="/api/auth/linked-identities/confirm">');
    }
    expect(await linksOf(user.userId)).toHaveLength(0);
    // The page's form: a form post links, and answers a page.
    const token = new URL(path, "http://localhost").searchParams.get("token")!;
    const posted = await t.request("POST", "/api/auth/linked-identities/confirm", {
      body: new URLSearchParams({ token }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(posted.status).toBe(200);
    expect(posted.text).toContain("Accounts linked");
    expect(await linksOf(user.userId)).toHaveLength(1);
    const reused = await t.request("POST", "/api/auth/linked-identities/confirm", {
      body: new URLSearchParams({ token }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(reused.status).toBe(400);
    expect(reused.text).toContain("already been used");
  });
});

describe("POST /api/auth/linked-identities/confirm", () => {
  test("creates the sealed link to the address's account (created when new); no session needed", async () => {
    const user = await newUser();
    const address = freshAddress();
    const link = await linkAccounts(t, user, address);
    const target = await userByEmail(address);
    expect(target).not.toBeNull();
    expect(link).toMatchObject({ linked: true, from: { id: user.userId, email: user.email }, to: { id: target!.id, email: address } });
    const [row] = await linksOf(user.userId);
    expect(row).toEqual({
      id: link.id,
      userId: user.userId,
      linkedUserId: target!.id,
      createdAt: t.clock.now(),
      recordHash: recordHash({ id: link.id, userId: user.userId, linkedUserId: target!.id, createdAt: t.clock.now() }),
      revokedAt: null,
      revokedBy: null,
    });
    expect(link.recordHash).toBe(row!.recordHash);
    expect(link.createdAt).toBe(new Date(t.clock.now()).toISOString());
  });

  test("links to the existing account of that address", async () => {
    const [user, existing] = [await newUser(), await newUser()];
    const link = await linkAccounts(t, user, existing.email);
    expect(link.to).toEqual({ id: existing.userId, email: existing.email });
  });

  test("a used link is 400 link_used; an unknown one 400 link_invalid; a missing token 400 naming it", async () => {
    const user = await newUser();
    const address = freshAddress();
    await linkAccounts(t, user, address);
    const path = await confirmPathFor(t, address);
    const again = await confirmByPost(t, path);
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ error: "link_used", field: "token" });
    const unknown = await t.request("POST", "/api/auth/linked-identities/confirm", { json: { token: "never-issued" } });
    expect(unknown.body).toEqual({ error: "link_invalid", field: "token" });
    const missing = await t.request("POST", "/api/auth/linked-identities/confirm", { json: {} });
    expect([missing.status, missing.body.error, missing.body.field]).toEqual([400, "invalid_request", "token"]);
    expect(await linksOf(user.userId)).toHaveLength(1);
  });

  test("after 15 minutes the link is 400 link_expired and links nothing; just before, it works", async () => {
    const [user, other] = [await newUser(), await newUser()];
    const [late, inTime] = [freshAddress(), freshAddress()];
    expect((await initiate(user, { email: late })).status).toBe(202);
    expect((await initiate(other, { email: inTime })).status).toBe(202);
    t.clock.advance(15 * MINUTE - 1);
    expect((await confirmByPost(t, await confirmPathFor(t, inTime))).status).toBe(200);
    t.clock.advance(1);
    const r = await confirmByPost(t, await confirmPathFor(t, late));
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ error: "link_expired", field: "token" });
    expect(await linksOf(user.userId)).toEqual([]);
    expect(await userByEmail(late)).toBeNull();
  });

  test("confirming a second request for the same pair answers the existing link", async () => {
    const user = await newUser();
    const address = freshAddress();
    expect((await initiate(user, { email: address })).status).toBe(202);
    const firstPath = await confirmPathFor(t, address);
    t.clock.advance(MINUTE);
    expect((await initiate(user, { email: address })).status).toBe(202);
    const secondPath = await confirmPathFor(t, address);
    const first = await confirmByPost(t, firstPath);
    const second = await confirmByPost(t, secondPath);
    expect(second.status).toBe(200);
    expect(second.body.id).toBe(first.body.id);
    expect(await linksOf(user.userId)).toHaveLength(1);
  });

  test("two requests for one pair confirmed at the same time make one link", async () => {
    const user = await newUser();
    const address = freshAddress();
    expect((await initiate(user, { email: address })).status).toBe(202);
    const firstPath = await confirmPathFor(t, address);
    t.clock.advance(MINUTE);
    expect((await initiate(user, { email: address })).status).toBe(202);
    const secondPath = await confirmPathFor(t, address);
    const [a, b] = await Promise.all([confirmByPost(t, firstPath), confirmByPost(t, secondPath)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.id).toBe(b.body.id);
    expect(await linksOf(user.userId)).toHaveLength(1);
  });

  test("the link is from the account that asked, whoever's session opens it", async () => {
    const [asker, bystander] = [await newUser(), await newUser()];
    const address = freshAddress();
    expect((await initiate(asker, { email: address })).status).toBe(202);
    const r = await t.request("POST", "/api/auth/linked-identities/confirm", { token: bystander.token, json: { token: new URL(await confirmPathFor(t, address), "http://localhost").searchParams.get("token") } });
    expect(r.body.from.id).toBe(asker.userId);
    expect(await linksOf(bystander.userId)).toEqual([]);
  });
});

describe("GET /api/auth/linked-identities", () => {
  test("lists the caller's active links in both directions; others see none of them", async () => {
    const [alice, bob, carol] = [await newUser(), await newUser(), await newUser()];
    const toBob = await linkAccounts(t, alice, bob.email);
    const fromCarol = await linkAccounts(t, carol, alice.email);
    const r = await t.request("GET", "/api/auth/linked-identities", { token: alice.token });
    expect(r.status).toBe(200);
    expect(r.body.links).toEqual([
      { id: toBob.id, direction: "outgoing", user: { id: bob.userId, email: bob.email }, createdAt: toBob.createdAt, recordHash: toBob.recordHash },
      { id: fromCarol.id, direction: "incoming", user: { id: carol.userId, email: carol.email }, createdAt: fromCarol.createdAt, recordHash: fromCarol.recordHash },
    ]);
    const bobs = await t.request("GET", "/api/auth/linked-identities", { token: bob.token });
    expect(bobs.body.links.map((l: any) => [l.direction, l.user.id])).toEqual([["incoming", alice.userId]]);
    const stranger = await newUser();
    expect((await t.request("GET", "/api/auth/linked-identities", { token: stranger.token })).body).toEqual({ links: [] });
    expect((await t.request("GET", "/api/auth/linked-identities")).status).toBe(401);
  });
});

describe("POST /api/auth/linked-identities/:id/revoke", () => {
  test("append-only: revokedAt and revokedBy are recorded once, the row and its seal stay, the link is no longer listed", async () => {
    const [alice, bob] = [await newUser(), await newUser()];
    const link = await linkAccounts(t, alice, bob.email);
    t.clock.advance(MINUTE);
    const r = await t.request("POST", `/api/auth/linked-identities/${link.id}/revoke`, { token: alice.token });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ id: link.id, revokedAt: new Date(t.clock.now()).toISOString(), revokedBy: alice.userId });
    const [row] = await linksOf(alice.userId);
    expect(row).toMatchObject({ id: link.id, recordHash: link.recordHash, revokedAt: t.clock.now(), revokedBy: alice.userId });
    expect((await t.request("GET", "/api/auth/linked-identities", { token: alice.token })).body.links).toEqual([]);

    t.clock.advance(MINUTE);
    const again = await t.request("POST", `/api/auth/linked-identities/${link.id}/revoke`, { token: bob.token });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: "link_already_revoked", revokedAt: r.body.revokedAt });
    const [unchanged] = await linksOf(alice.userId);
    expect(unchanged).toEqual(row);
  });

  test("the linked side may revoke too", async () => {
    const [alice, bob] = [await newUser(), await newUser()];
    const link = await linkAccounts(t, alice, bob.email);
    const r = await t.request("POST", `/api/auth/linked-identities/${link.id}/revoke`, { token: bob.token });
    expect(r.status).toBe(200);
    expect(r.body.revokedBy).toBe(bob.userId);
  });

  test("another user's link or an unknown id is 404 link_not_found, and nothing changes", async () => {
    const [alice, bob, mallory] = [await newUser(), await newUser(), await newUser()];
    const link = await linkAccounts(t, alice, bob.email);
    const r = await t.request("POST", `/api/auth/linked-identities/${link.id}/revoke`, { token: mallory.token });
    expect(r.status).toBe(404);
    expect(r.body.error).toBe("link_not_found");
    expect((await linksOf(alice.userId))[0]!.revokedAt).toBeNull();
    expect((await t.request("POST", "/api/auth/linked-identities/no-such-link/revoke", { token: alice.token })).status).toBe(404);
    expect((await t.request("POST", `/api/auth/linked-identities/${link.id}/revoke`)).status).toBe(401);
  });

  test("linking again after a revocation writes a new link", async () => {
    const [alice, bob] = [await newUser(), await newUser()];
    const first = await linkAccounts(t, alice, bob.email);
    await t.request("POST", `/api/auth/linked-identities/${first.id}/revoke`, { token: alice.token });
    const second = await linkAccounts(t, alice, bob.email);
    expect(second.id).not.toBe(first.id);
    const rows = await linksOf(alice.userId);
    expect(rows.map((l) => [l.id, l.revokedAt === null])).toEqual(
      expect.arrayContaining([
        [first.id, false],
        [second.id, true],
      ]),
    );
    expect(rows).toHaveLength(2);
  });
});
