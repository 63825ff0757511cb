/**
 * Dashboard passkeys over HTTP: register-options, register, login-options, login,
 * list and delete, driven by an emulated authenticator.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { passkeys, webauthnChallenges } from "../../../../src/modules/identity/schema";
import { signInAs, type SignedInUser } from "../../../support/accounts";
import { Authenticator, dashboardOrigin, passkeyLogin, registerPasskey, sealAssertion } from "../../../support/authenticator";
import { MINUTE } from "../../../support/clock";
import { createTestApp, type TestApp } from "../../../support/harness";

let t: TestApp;
beforeAll(async () => (t = await createTestApp()));
afterAll(() => t.close());

let serial = 0;
/** A fresh signed-in user, so tests do not depend on each other's passkeys. */
const newUser = () => signInAs(t, `user${++serial}@passkeys.example`);

async function passkeysOf(userId: string) {
  return t.ctx.db.read.select().from(passkeys).where(eq(passkeys.userId, userId));
}

async function creationFor(user: SignedInUser) {
  const r = await t.request("POST", "/api/auth/passkeys/register-options", { token: user.token });
  expect(r.status).toBe(200);
  return r.body;
}

describe("POST /api/auth/passkeys/register-options", () => {
  test("needs a session", async () => {
    expect((await t.request("POST", "/api/auth/passkeys/register-options")).status).toBe(401);
    expect((await t.request("POST", "/api/auth/passkeys/register-options", { token: "nope" })).status).toBe(401);
  });

  test("creation options for the dashboard's relying party, stored as a register challenge for the user", async () => {
    const user = await newUser();
    const options = await creationFor(user);
    expect(options.rp).toEqual({ name: "Signet", id: new URL(t.config.dashboardBase).hostname });
    expect(options.user.name).toBe(user.email);
    expect(Buffer.from(options.user.id, "base64url").toString()).toBe(user.userId);
    expect(options.authenticatorSelection).toMatchObject({ residentKey: "required" });
    expect(options.excludeCredentials).toEqual([]);
    const [row] = await t.ctx.db.read.select().from(webauthnChallenges).where(eq(webauthnChallenges.challenge, options.challenge));
    expect(row).toMatchObject({ ceremony: "register", userId: user.userId, expiresAt: t.clock.now() + 5 * MINUTE, consumedAt: null });
  });

  test("excludes the passkeys the user already has", async () => {
    const user = await newUser();
    const device = await registerPasskey(t, user);
    const options = await creationFor(user);
    expect(options.excludeCredentials.map((c: any) => c.id)).toEqual([device.credentialId]);
  });
});

describe("POST /api/auth/passkeys/register", () => {
  test("stores the passkey; it is the user's Personal Seal and is listed", async () => {
    const user = await newUser();
    const device = new Authenticator(dashboardOrigin(t));
    const response = device.create(await creationFor(user));
    const r = await t.request("POST", "/api/auth/passkeys/register", { token: user.token, json: { response, name: "  YubiKey  " } });
    expect(r.status).toBe(201);
    expect(r.body).toEqual({ id: response.id, name: "YubiKey", createdAt: new Date(t.clock.now()).toISOString() });
    const [row] = await passkeysOf(user.userId);
    expect(row).toMatchObject({ id: response.id, counter: 0, transports: ["usb"], deviceType: "multiDevice", backedUp: true });
    const list = await t.request("GET", "/api/auth/passkeys", { token: user.token });
    expect(list.body).toEqual({
      passkeys: [{ id: response.id, name: "YubiKey", createdAt: r.body.createdAt, lastUsedAt: null, deviceType: "multiDevice", backedUp: true }],
    });
  });

  test('the name defaults to "Passkey"', async () => {
    const user = await newUser();
    await registerPasskey(t, user);
    expect((await passkeysOf(user.userId))[0]!.name).toBe("Passkey");
  });

  test("bad bodies are 400 naming the field, and store nothing", async () => {
    const user = await newUser();
    const response = new Authenticator(dashboardOrigin(t)).create(await creationFor(user));
    const cases: [unknown, string][] = [
      [{ response, name: "x".repeat(101) }, "name"],
      [{ response, name: "" }, "name"],
      [{ response, name: 7 }, "name"],
      [{}, "response"],
      [{ response: "text" }, "response"],
      [{ response: { ...response, type: "password" } }, "response.type"],
      [{ response: { ...response, response: { ...response.response, attestationObject: 5 } } }, "response.response.attestationObject"],
      [{ response, assertionResponseJson: 12 }, "assertionResponseJson"],
      [{ response, assertionResponseJson: [1] }, "assertionResponseJson"],
      [{ response, SealAssertionJson: { rawId: "no id" } }, "SealAssertionJson"],
    ];
    for (const [json, field] of cases) {
      const r = await t.request("POST", "/api/auth/passkeys/register", { token: user.token, json });
      expect([field, r.status, r.body.error, r.body.field]).toEqual([field, 400, "invalid_request", field]);
    }
    const malformed = await t.request("POST", "/api/auth/passkeys/register", { token: user.token, body: "{", headers: { "content-type": "application/json" } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toBe("invalid_json");
    expect(await passkeysOf(user.userId)).toEqual([]);
  });

  test("needs a session", async () => {
    const response = new Authenticator(dashboardOrigin(t)).create(await creationFor(await newUser()));
    const r = await t.request("POST", "/api/auth/passkeys/register", { json: { response } });
    expect(r.status).toBe(401);
    expect(r.body.error).toBe("unauthorized");
  });

  test("an expired challenge (five minutes) is 400 challenge_expired", async () => {
    const user = await newUser();
    const response = new Authenticator(dashboardOrigin(t)).create(await creationFor(user));
    t.clock.advance(5 * MINUTE);
    const r = await t.request("POST", "/api/auth/passkeys/register", { token: user.token, json: { response } });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe("challenge_expired");
    expect(await passkeysOf(user.userId)).toEqual([]);
  });

  test("another user's registration challenge is 400 challenge_expired", async () => {
    const [alice, mallory] = [await newUser(), await newUser()];
    const response = new Authenticator(dashboardOrigin(t)).create(await creationFor(alice));
    const r = await t.request("POST", "/api/auth/passkeys/register", { token: mallory.token, json: { response } });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe("challenge_expired");
    expect(await passkeysOf(mallory.userId)).toEqual([]);
    expect(await passkeysOf(alice.userId)).toEqual([]);
  });

  test("a sign-in challenge cannot register a passkey", async () => {
    const user = await newUser();
    const login = await t.request("POST", "/api/auth/passkeys/login-options");
    const options = await creationFor(user);
    const response = new Authenticator(dashboardOrigin(t)).create({ ...options, challenge: login.body.challenge });
    const r = await t.request("POST", "/api/auth/passkeys/register", { token: user.token, json: { response } });
    expect(r.body.error).toBe("challenge_expired");
  });

  test("a response made for another origin, or tampered with, is 400 passkey_verification_failed", async () => {
    const user = await newUser();
    const device = new Authenticator(dashboardOrigin(t));
    const phished = device.create(await creationFor(user), "http://localhost:9999");
    const r1 = await t.request("POST", "/api/auth/passkeys/register", { token: user.token, json: { response: phished } });
    expect(r1.status).toBe(400);
    expect(r1.body.error).toBe("passkey_verification_failed");

    const genuine = device.create(await creationFor(user));
    const truncated = Buffer.from(genuine.response.attestationObject, "base64url").subarray(0, 40);
    const tampered = { ...genuine, response: { ...genuine.response, attestationObject: truncated.toString("base64url") } };
    const r2 = await t.request("POST", "/api/auth/passkeys/register", { token: user.token, json: { response: tampered } });
    expect(r2.status).toBe(400);
    expect(r2.body.error).toBe("passkey_verification_failed");
    expect(await passkeysOf(user.userId)).toEqual([]);

    // Refusals do not use the challenge up: the genuine response still registers.
    const ok = await t.request("POST", "/api/auth/passkeys/register", { token: user.token, json: { response: genuine } });
    expect(ok.status).toBe(201);
  });

  test("a credential registered before (to another account) is 409 passkey_already_registered", async () => {
    const [alice, bob] = [await newUser(), await newUser()];
    const response = new Authenticator(dashboardOrigin(t)).create(await creationFor(alice));
    // The same credential reached the database first for Bob (a client that replays an attestation elsewhere).
    await t.ctx.db.write((tx) =>
      tx.insert(passkeys).values({ id: response.id, userId: bob.userId, publicKey: "AA", counter: 0, transports: [], deviceType: "singleDevice", backedUp: false, name: "Bob's", createdAt: t.clock.now() }),
    );
    const r = await t.request("POST", "/api/auth/passkeys/register", { token: alice.token, json: { response } });
    expect(r.status).toBe(409);
    expect(r.body.error).toBe("passkey_already_registered");
    expect(await passkeysOf(alice.userId)).toEqual([]);
    expect((await passkeysOf(bob.userId)).map((p) => p.name)).toEqual(["Bob's"]);
  });

  describe("a second passkey is sealed by one the user already has", () => {
    test("without a seal: 403 step_up_required, nothing stored", async () => {
      const user = await newUser();
      await registerPasskey(t, user);
      const response = new Authenticator(dashboardOrigin(t)).create(await creationFor(user));
      const r = await t.request("POST", "/api/auth/passkeys/register", { token: user.token, json: { response } });
      expect(r.status).toBe(403);
      expect(r.body.error).toBe("step_up_required");
      expect(await passkeysOf(user.userId)).toHaveLength(1);
    });

    test("a seal for another purpose or subject: 403 step_up_failed", async () => {
      const user = await newUser();
      const first = await registerPasskey(t, user);
      const response = new Authenticator(dashboardOrigin(t)).create(await creationFor(user));
      for (const [purpose, subject, reason] of [
        ["passkey.delete", user.userId, "purpose_mismatch"],
        ["passkey.register", "someone-else", "subject_mismatch"],
      ]) {
        const seal = await sealAssertion(t, user, first, purpose!, subject!);
        const r = await t.request("POST", "/api/auth/passkeys/register", { token: user.token, json: { response, SealAssertionJson: seal } });
        expect(r.status).toBe(403);
        expect(r.body).toEqual({ error: "step_up_failed", reason });
      }
      expect(await passkeysOf(user.userId)).toHaveLength(1);
    });

    test("with the seal (purpose passkey.register, subject = the user's id): stored", async () => {
      const user = await newUser();
      const first = await registerPasskey(t, user);
      const second = await registerPasskey(t, user, { sealWith: first, name: "Phone" });
      expect((await passkeysOf(user.userId)).map((p) => p.id).sort()).toEqual([first.credentialId, second.credentialId].sort());
    });
  });
});

describe("passkey sign-in", () => {
  test("login-options needs no session: discoverable, user verification preferred, stored as a login challenge", async () => {
    const r = await t.request("POST", "/api/auth/passkeys/login-options");
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ rpId: new URL(t.config.dashboardBase).hostname, userVerification: "preferred", allowCredentials: [] });
    const [row] = await t.ctx.db.read.select().from(webauthnChallenges).where(eq(webauthnChallenges.challenge, r.body.challenge));
    expect(row).toMatchObject({ ceremony: "login", userId: null, purpose: null, subject: null });
  });

  test("login signs the passkey's owner in: token, HttpOnly cookie, counter and lastUsedAt updated", async () => {
    const user = await newUser();
    const device = await registerPasskey(t, user);
    t.clock.advance(MINUTE);
    const r = await passkeyLogin(t, device);
    expect(r.status).toBe(200);
    expect(r.body.user).toEqual({ id: user.userId, email: user.email });
    expect(typeof r.body.token).toBe("string");
    expect(Date.parse(r.body.expiresAt)).toBeGreaterThan(t.clock.now());
    const cookie = r.headers.get("set-cookie") ?? "";
    expect(cookie).toContain(`signet_session=${r.body.token}`);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const session = await t.request("GET", "/api/auth/session", { token: r.body.token });
    expect(session.body.user).toEqual({ id: user.userId, email: user.email, language: null });
    const [row] = await passkeysOf(user.userId);
    expect(row).toMatchObject({ counter: 1, lastUsedAt: t.clock.now() });
  });

  test("a replayed or expired login challenge is 400 challenge_expired", async () => {
    const user = await newUser();
    const device = await registerPasskey(t, user);
    const options = (await t.request("POST", "/api/auth/passkeys/login-options")).body;
    const response = device.get(options);
    expect((await t.request("POST", "/api/auth/passkeys/login", { json: { response } })).status).toBe(200);
    const replay = await t.request("POST", "/api/auth/passkeys/login", { json: { response } });
    expect(replay.status).toBe(400);
    expect(replay.body.error).toBe("challenge_expired");

    const late = device.get((await t.request("POST", "/api/auth/passkeys/login-options")).body);
    t.clock.advance(5 * MINUTE);
    const expired = await t.request("POST", "/api/auth/passkeys/login", { json: { response: late } });
    expect(expired.status).toBe(400);
    expect(expired.body.error).toBe("challenge_expired");
    expect(expired.headers.get("set-cookie")).toBeNull();
  });

  test("a seal challenge cannot sign anyone in", async () => {
    const user = await newUser();
    const device = await registerPasskey(t, user);
    const seal = await sealAssertion(t, user, device, "test.sealed_action", "x");
    const r = await t.request("POST", "/api/auth/passkeys/login", { json: { response: seal } });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe("challenge_expired");
  });

  test("a passkey not registered here is 400 unknown_passkey", async () => {
    const user = await newUser();
    const stranger = new Authenticator(dashboardOrigin(t));
    stranger.create(await creationFor(user)); // made on the device, never registered
    const r = await passkeyLogin(t, stranger);
    expect(r.status).toBe(400);
    expect(r.body.error).toBe("unknown_passkey");
  });

  test("a tampered signature or another origin is 400 passkey_verification_failed", async () => {
    const user = await newUser();
    const device = await registerPasskey(t, user);
    const response = device.get((await t.request("POST", "/api/auth/passkeys/login-options")).body);
    const signature = Buffer.from(response.response.signature, "base64url");
    signature[signature.length - 2] ^= 0x01;
    const tampered = { ...response, response: { ...response.response, signature: signature.toString("base64url") } };
    const r1 = await t.request("POST", "/api/auth/passkeys/login", { json: { response: tampered } });
    expect(r1.status).toBe(400);
    expect(r1.body.error).toBe("passkey_verification_failed");

    const phished = device.get((await t.request("POST", "/api/auth/passkeys/login-options")).body, "http://localhost:9999");
    const r2 = await t.request("POST", "/api/auth/passkeys/login", { json: { response: phished } });
    expect(r2.body.error).toBe("passkey_verification_failed");
    expect((await passkeysOf(user.userId))[0]!.lastUsedAt).toBeNull();
  });

  test("a user handle that is not the credential's owner is refused", async () => {
    const user = await newUser();
    const device = await registerPasskey(t, user);
    const response = device.get((await t.request("POST", "/api/auth/passkeys/login-options")).body);
    const forged = { ...response, response: { ...response.response, userHandle: Buffer.from("someone-else").toString("base64url") } };
    const r = await t.request("POST", "/api/auth/passkeys/login", { json: { response: forged } });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe("passkey_verification_failed");
  });

  test("bad bodies are 400 naming the field", async () => {
    for (const [json, field] of [
      [{}, "response"],
      [{ response: { id: "abc" } }, "response.rawId"],
      [{ response: { id: "abc", rawId: "abc", type: "public-key", response: { clientDataJSON: "a", authenticatorData: "b" } } }, "response.response.signature"],
    ] as const) {
      const r = await t.request("POST", "/api/auth/passkeys/login", { json });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ error: "invalid_request", field });
    }
  });

  test("login-options: at most 60 a minute per client address, then 429 rate_limited with Retry-After", async () => {
    const fresh = await createTestApp();
    try {
      fresh.clock.set("2026-01-15T12:00:00.000Z");
      for (let i = 0; i < 60; i++) expect((await fresh.request("POST", "/api/auth/passkeys/login-options")).status).toBe(200);
      const refused = await fresh.request("POST", "/api/auth/passkeys/login-options");
      expect(refused.status).toBe(429);
      expect(refused.body.error).toBe("rate_limited");
      expect(refused.headers.get("retry-after")).toBe("60");
      fresh.clock.advance(MINUTE);
      expect((await fresh.request("POST", "/api/auth/passkeys/login-options")).status).toBe(200);
    } finally {
      await fresh.close();
    }
  });
});

describe("GET /api/auth/passkeys and DELETE /api/auth/passkeys/:id", () => {
  test("the list shows only the caller's passkeys; it needs a session", async () => {
    const [alice, bob] = [await newUser(), await newUser()];
    const aliceKey = await registerPasskey(t, alice, { name: "Alice's key" });
    await registerPasskey(t, bob);
    const r = await t.request("GET", "/api/auth/passkeys", { token: alice.token });
    expect(r.body.passkeys.map((p: any) => [p.id, p.name])).toEqual([[aliceKey.credentialId, "Alice's key"]]);
    expect((await t.request("GET", "/api/auth/passkeys")).status).toBe(401);
  });

  test("deleting is sealed (purpose passkey.delete, subject = the passkey id); the key no longer signs in", async () => {
    const user = await newUser();
    const device = await registerPasskey(t, user);
    const path = `/api/auth/passkeys/${device.credentialId}`;

    const unsealed = await t.request("DELETE", path, { token: user.token });
    expect(unsealed.status).toBe(403);
    expect(unsealed.body.error).toBe("step_up_required");

    const wrongSubject = await sealAssertion(t, user, device, "passkey.delete", "another-passkey");
    const refused = await t.request("DELETE", path, { token: user.token, json: { assertionResponseJson: wrongSubject } });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: "step_up_failed", reason: "subject_mismatch" });
    expect(await passkeysOf(user.userId)).toHaveLength(1);

    const seal = await sealAssertion(t, user, device, "passkey.delete", device.credentialId);
    const r = await t.request("DELETE", path, { token: user.token, json: { assertionResponseJson: JSON.stringify(seal) } });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ deleted: true, id: device.credentialId });
    expect(await passkeysOf(user.userId)).toEqual([]);
    expect((await passkeyLogin(t, device)).body.error).toBe("unknown_passkey");
  });

  test("another user's passkey, or an unknown id, is 404 passkey_not_found and stays", async () => {
    const [alice, bob] = [await newUser(), await newUser()];
    const bobKey = await registerPasskey(t, bob);
    const aliceKey = await registerPasskey(t, alice);
    const seal = await sealAssertion(t, alice, aliceKey, "passkey.delete", bobKey.credentialId);
    const r = await t.request("DELETE", `/api/auth/passkeys/${bobKey.credentialId}`, { token: alice.token, json: { assertionResponseJson: seal } });
    expect(r.status).toBe(404);
    expect(r.body.error).toBe("passkey_not_found");
    expect(await passkeysOf(bob.userId)).toHaveLength(1);
    const unknown = await t.request("DELETE", "/api/auth/passkeys/no-such-id", { token: alice.token });
    expect(unknown.status).toBe(404);
    expect((await t.request("DELETE", `/api/auth/passkeys/${bobKey.credentialId}`)).status).toBe(401);
  });
});
