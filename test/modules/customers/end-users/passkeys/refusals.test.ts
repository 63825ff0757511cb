/**
 * What the end-user passkey routes refuse, each with its code and nothing changed: wrong
 * origins, replayed, expired and foreign challenges, unknown and foreign credentials, a
 * regressed counter, disabled users and methods, missing or dead access tokens,
 * duplicate and excess registrations, malformed bodies, and too many login options.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { endUserPasskeys, endUserSessions, endUserSignIns, endUsers } from "../../../../../src/modules/customers/end-users/schema";
import { revokeSession } from "../../../../../src/modules/customers/end-users/sessions";
import { MAX_PASSKEYS_PER_END_USER, LOGIN_OPTIONS_PER_MINUTE } from "../../../../../src/modules/customers/end-users/passkeys/service";
import { CHALLENGE_TTL_MS } from "../../../../../src/modules/identity/passkeys/ceremonies";
import type { Authenticator } from "../../../../support/authenticator";
import { MINUTE, SECOND } from "../../../../support/clock";
import { createTestApp, type TestApp } from "../../../../support/harness";
import { orgApi } from "../../apps/support";
import { CALLBACK, ORIGIN } from "../support";
import { appAuthenticator, assertionFor, bearer, registerWith, signInEndUser, type SignedInEndUser, passkeyFixture, type PasskeyFixture } from "./support";

let t: TestApp;
/** Group 1 (relying party app.example.com) with two applications, and Alice's passkey in it. */
let fx: PasskeyFixture;
let secondApp: { clientKey: string; call: PasskeyFixture["call"] };
let alice: SignedInEndUser;
let alicesKey: Authenticator;
/** Another organization's group on the same relying-party id, and Bob's passkey there. */
let other: PasskeyFixture;
let bob: SignedInEndUser;
let bobsKey: Authenticator;

beforeAll(async () => {
  t = await createTestApp();
  fx = await passkeyFixture(t, "owner@refusals.example", "Refusals Co", { passkeyRpId: "app.example.com" });
  const created = await orgApi(t, fx.org)("POST", `/app-groups/${fx.group.id}/apps`, fx.org.owner.token, {
    name: "Staging",
    platform: "web",
    environment: "staging",
    allowedOrigins: [ORIGIN],
    callbackUrls: [CALLBACK],
  });
  if (created.status !== 201) throw new Error(`second app: ${created.status} ${created.text}`);
  const clientKey: string = created.body.clientKey;
  secondApp = {
    clientKey,
    call: (method, path, json, headers = {}) => t.request(method, `/api/public/apps/${clientKey}${path}`, { json, headers: { origin: ORIGIN, ...headers } }),
  };
  alice = await signInEndUser(t, fx.clientKey, "alice@people.example");
  alicesKey = appAuthenticator();
  expect((await registerWith(fx.call, alice, alicesKey)).status).toBe(201);

  other = await passkeyFixture(t, "owner@other-org.example", "Other Org", { passkeyRpId: "app.example.com" });
  bob = await signInEndUser(t, other.clientKey, "bob@people.example");
  bobsKey = appAuthenticator();
  expect((await registerWith(other.call, bob, bobsKey)).status).toBe(201);
}, 30_000);
afterAll(() => t.close());

async function sessionsOf(endUserId: string) {
  return t.ctx.db.read.select().from(endUserSessions).where(eq(endUserSessions.endUserId, endUserId));
}

async function passkeysOf(endUserId: string) {
  return t.ctx.db.read.select().from(endUserPasskeys).where(eq(endUserPasskeys.endUserId, endUserId));
}

async function failuresOf(applicationId: string, reason: string) {
  return t.ctx.db.read
    .select()
    .from(endUserSignIns)
    .where(and(eq(endUserSignIns.applicationId, applicationId), eq(endUserSignIns.outcome, "failure"), eq(endUserSignIns.failureReason, reason)));
}

function expectError(r: { status: number; body: any; text: string }, status: number, code: string) {
  expect({ status: r.status, error: r.body?.error }).toEqual({ status, error: code });
}

describe("login refusals", () => {
  test("an assertion made on an origin that is not allowed is 400 passkey_origin_not_allowed, and no session opens", async () => {
    const before = (await sessionsOf(alice.endUserId)).length;
    const response = await assertionFor(fx.call, alicesKey, "https://evil.app.example.com");
    const r = await fx.call("POST", "/auth/passkey/login", { response });
    expectError(r, 400, "passkey_origin_not_allowed");
    expect(r.body.accessToken).toBeUndefined();
    expect(await sessionsOf(alice.endUserId)).toHaveLength(before);
    expect(await failuresOf(fx.application.id, "passkey_origin_not_allowed")).toHaveLength(1);
  });

  test("a replayed challenge is 400 token_used; a fresh one still signs in", async () => {
    const response = await assertionFor(fx.call, alicesKey);
    expect((await fx.call("POST", "/auth/passkey/login", { response })).status).toBe(200);
    const before = (await sessionsOf(alice.endUserId)).length;
    expectError(await fx.call("POST", "/auth/passkey/login", { response }), 400, "token_used");
    expect(await sessionsOf(alice.endUserId)).toHaveLength(before);
    expect(await failuresOf(fx.application.id, "token_used")).toHaveLength(1);
    expect((await fx.call("POST", "/auth/passkey/login", { response: await assertionFor(fx.call, alicesKey) })).status).toBe(200);
  });

  test("a challenge of another application of the group is 400 token_application_mismatch; on its own application it signs in", async () => {
    const response = await assertionFor(secondApp.call, alicesKey);
    expectError(await fx.call("POST", "/auth/passkey/login", { response }), 400, "token_application_mismatch");
    const onItsOwn = await secondApp.call("POST", "/auth/passkey/login", { response });
    expect(onItsOwn.status).toBe(200);
    expect(onItsOwn.body.endUser.id).toBe(alice.endUserId);
  });

  test("a challenge of another app group is 400 invalid_token", async () => {
    const response = await assertionFor(other.call, alicesKey);
    expectError(await fx.call("POST", "/auth/passkey/login", { response }), 400, "invalid_token");
  });

  test("a challenge answered after 5 minutes is 400 token_expired", async () => {
    const options = await fx.call("POST", "/auth/passkey/login-options", {});
    t.clock.advance(CHALLENGE_TTL_MS + SECOND);
    expectError(await fx.call("POST", "/auth/passkey/login", { response: alicesKey.get(options.body) }), 400, "token_expired");
  });

  test("another app group's credential is 400 passkey_unknown, as is a deleted one", async () => {
    const before = (await sessionsOf(bob.endUserId)).length;
    expectError(await fx.call("POST", "/auth/passkey/login", { response: await assertionFor(fx.call, bobsKey) }), 400, "passkey_unknown");
    expect(await sessionsOf(bob.endUserId)).toHaveLength(before);

    const carol = await signInEndUser(t, fx.clientKey, "carol@people.example");
    const carolsKey = appAuthenticator();
    await registerWith(fx.call, carol, carolsKey);
    expect((await fx.call("DELETE", `/auth/passkeys/${encodeURIComponent(carolsKey.credentialId)}`, undefined, bearer(carol))).status).toBe(200);
    expectError(await fx.call("POST", "/auth/passkey/login", { response: await assertionFor(fx.call, carolsKey) }), 400, "passkey_unknown");
  });

  test("a signature counter that does not move forward is 400 passkey_counter_regressed", async () => {
    const [stored] = await passkeysOf(alice.endUserId);
    await t.ctx.db.write((tx) => tx.update(endUserPasskeys).set({ counter: 1_000_000 }).where(eq(endUserPasskeys.id, stored!.id)));
    try {
      expectError(await fx.call("POST", "/auth/passkey/login", { response: await assertionFor(fx.call, alicesKey) }), 400, "passkey_counter_regressed");
      const [after] = await passkeysOf(alice.endUserId);
      expect(after!.counter).toBe(1_000_000);
    } finally {
      await t.ctx.db.write((tx) => tx.update(endUserPasskeys).set({ counter: stored!.counter }).where(eq(endUserPasskeys.id, stored!.id)));
    }
  });

  test("a disabled end user is 403 end_user_disabled at login and at registration", async () => {
    const dave = await signInEndUser(t, fx.clientKey, "dave@people.example");
    const davesKey = appAuthenticator();
    await registerWith(fx.call, dave, davesKey);
    await t.ctx.db.write((tx) => tx.update(endUsers).set({ status: "disabled" }).where(eq(endUsers.id, dave.endUserId)));
    const before = (await sessionsOf(dave.endUserId)).length;
    expectError(await fx.call("POST", "/auth/passkey/login", { response: await assertionFor(fx.call, davesKey) }), 403, "end_user_disabled");
    expect(await sessionsOf(dave.endUserId)).toHaveLength(before);
    const [failure] = await failuresOf(fx.application.id, "end_user_disabled");
    expect(failure!.endUserId).toBe(dave.endUserId);
    expectError(await fx.call("POST", "/auth/passkey/register-options", {}, bearer(dave)), 403, "end_user_disabled");
    const withEmail = await fx.call("POST", "/auth/passkey/login-options", { email: "dave@people.example" });
    expect(withEmail.body.allowCredentials).toEqual([]);
  });
});

describe("switched off", () => {
  test("with passkeys off for the group, all four ceremony routes are 403 method_disabled; list and delete still work", async () => {
    const erin = await signInEndUser(t, fx.clientKey, "erin@people.example");
    const erinsKey = appAuthenticator();
    await registerWith(fx.call, erin, erinsKey);
    const options = await fx.call("POST", "/auth/passkey/register-options", {}, bearer(erin));
    const registration = appAuthenticator().create(options.body);
    const assertion = await assertionFor(fx.call, erinsKey);
    await fx.updateGroup({ loginMethods: { passkey: false } });
    try {
      expectError(await fx.call("POST", "/auth/passkey/register-options", {}, bearer(erin)), 403, "method_disabled");
      expectError(await fx.call("POST", "/auth/passkey/register", { response: registration }, bearer(erin)), 403, "method_disabled");
      expectError(await fx.call("POST", "/auth/passkey/login-options", {}), 403, "method_disabled");
      expectError(await fx.call("POST", "/auth/passkey/login", { response: assertion }), 403, "method_disabled");
      expect(await passkeysOf(erin.endUserId)).toHaveLength(1);
      const listed = await fx.call("GET", "/auth/passkeys", undefined, bearer(erin));
      expect(listed.status).toBe(200);
      expect(listed.body.passkeys).toHaveLength(1);
    } finally {
      await fx.updateGroup({ loginMethods: { passkey: true } });
    }
  });
});

describe("registration refusals", () => {
  test("without a valid, live access token for this application: 401 invalid_access_token", async () => {
    const frank = await signInEndUser(t, fx.clientKey, "frank@people.example");
    const onSecondApp = await signInEndUser(t, secondApp.clientKey, "frank@people.example");
    const cases: Record<string, string>[] = [
      {},
      { authorization: "Bearer not-a-jwt" },
      { authorization: `Basic ${frank.accessToken}` },
      bearer(onSecondApp),
      bearer(bob),
    ];
    for (const headers of cases) {
      expectError(await fx.call("POST", "/auth/passkey/register-options", {}, headers), 401, "invalid_access_token");
      expectError(await fx.call("GET", "/auth/passkeys", undefined, headers), 401, "invalid_access_token");
    }
    expectError(await fx.call("POST", "/auth/passkey/register-options", { accessToken: bob.accessToken }), 401, "invalid_access_token");

    // Signed out: the token still verifies, but its session is over.
    const options = await fx.call("POST", "/auth/passkey/register-options", {}, bearer(frank));
    const response = appAuthenticator().create(options.body);
    await t.ctx.db.write((tx) => revokeSession(tx, frank.sessionId, "sign_out", t.clock.now()));
    expectError(await fx.call("POST", "/auth/passkey/register", { response }, bearer(frank)), 401, "invalid_access_token");
    expect(await passkeysOf(frank.endUserId)).toHaveLength(0);

    const later = await signInEndUser(t, fx.clientKey, "frank@people.example");
    t.clock.advance(16 * MINUTE);
    expectError(await fx.call("POST", "/auth/passkey/register-options", {}, bearer(later)), 401, "invalid_access_token");
  });

  test("registration options are single-use and belong to the end user they were issued to", async () => {
    const gina = await signInEndUser(t, fx.clientKey, "gina@people.example");
    const hugo = await signInEndUser(t, fx.clientKey, "hugo@people.example");
    const ginasOptions = await fx.call("POST", "/auth/passkey/register-options", {}, bearer(gina));
    const response = appAuthenticator().create(ginasOptions.body);
    expectError(await fx.call("POST", "/auth/passkey/register", { response }, bearer(hugo)), 400, "invalid_token");
    expect(await passkeysOf(hugo.endUserId)).toHaveLength(0);
    expect((await fx.call("POST", "/auth/passkey/register", { response }, bearer(gina))).status).toBe(201);
    expectError(await fx.call("POST", "/auth/passkey/register", { response }, bearer(gina)), 400, "token_used");
    expect(await passkeysOf(gina.endUserId)).toHaveLength(1);

    const loginChallenge = await fx.call("POST", "/auth/passkey/login-options", {});
    const asRegistration = appAuthenticator().create({ ...ginasOptions.body, challenge: loginChallenge.body.challenge });
    expectError(await fx.call("POST", "/auth/passkey/register", { response: asRegistration }, bearer(gina)), 400, "invalid_token");

    const stale = await fx.call("POST", "/auth/passkey/register-options", {}, bearer(gina));
    t.clock.advance(CHALLENGE_TTL_MS + SECOND);
    const fresh = await signInEndUser(t, fx.clientKey, "gina@people.example");
    expectError(await fx.call("POST", "/auth/passkey/register", { response: appAuthenticator().create(stale.body) }, bearer(fresh)), 400, "token_expired");
  });

  test("registration on an origin that is not allowed is 400 passkey_origin_not_allowed", async () => {
    const ivan = await signInEndUser(t, fx.clientKey, "ivan@people.example");
    const options = await fx.call("POST", "/auth/passkey/register-options", {}, bearer(ivan));
    const response = appAuthenticator().create(options.body, "https://evil.app.example.com");
    expectError(await fx.call("POST", "/auth/passkey/register", { response }, bearer(ivan)), 400, "passkey_origin_not_allowed");
    expect(await passkeysOf(ivan.endUserId)).toHaveLength(0);
  });

  test("a credential registered before is 409 passkey_already_registered (attestation none signs no client data)", async () => {
    const judy = await signInEndUser(t, fx.clientKey, "judy@people.example");
    const lena = await signInEndUser(t, fx.clientKey, "lena@people.example");
    const options = await fx.call("POST", "/auth/passkey/register-options", {}, bearer(judy));
    // Lena's registration replayed under Judy's fresh challenge.
    const lenasOptions = await fx.call("POST", "/auth/passkey/register-options", {}, bearer(lena));
    const replay = appAuthenticator().create(lenasOptions.body);
    expect((await fx.call("POST", "/auth/passkey/register", { response: replay }, bearer(lena))).status).toBe(201);
    const clientDataJSON = Buffer.from(JSON.stringify({ type: "webauthn.create", challenge: options.body.challenge, origin: ORIGIN, crossOrigin: false })).toString("base64url");
    const forged = { ...replay, response: { ...replay.response, clientDataJSON } };
    expectError(await fx.call("POST", "/auth/passkey/register", { response: forged }, bearer(judy)), 409, "passkey_already_registered");
    expect(await passkeysOf(judy.endUserId)).toHaveLength(0);
  });

  test(`at most ${MAX_PASSKEYS_PER_END_USER} passkeys per end user: 409 passkey_limit_reached`, async () => {
    const kim = await signInEndUser(t, fx.clientKey, "kim@people.example");
    const now = t.clock.now();
    await t.ctx.db.write((tx) =>
      tx.insert(endUserPasskeys).values(
        Array.from({ length: MAX_PASSKEYS_PER_END_USER }, (_, i) => ({
          id: `filler-${i}`,
          endUserId: kim.endUserId,
          appGroupId: fx.group.id,
          rpId: "app.example.com",
          publicKey: "AA",
          counter: 0,
          transports: [],
          deviceType: "singleDevice",
          backedUp: false,
          name: `Key ${i}`,
          createdAt: now,
        })),
      ),
    );
    const options = await fx.call("POST", "/auth/passkey/register-options", {}, bearer(kim));
    expect(options.body.excludeCredentials).toHaveLength(MAX_PASSKEYS_PER_END_USER);
    const r = await fx.call("POST", "/auth/passkey/register", { response: appAuthenticator().create({ ...options.body, excludeCredentials: [] }) }, bearer(kim));
    expectError(r, 409, "passkey_limit_reached");
    expect(r.body.limit).toBe(MAX_PASSKEYS_PER_END_USER);
    expect(await passkeysOf(kim.endUserId)).toHaveLength(MAX_PASSKEYS_PER_END_USER);
  });
});

describe("bad input", () => {
  test("malformed bodies are 400 naming the problem; an unknown application is 404", async () => {
    const mona = await signInEndUser(t, fx.clientKey, "mona@people.example");
    const raw = (path: string, body: string) =>
      t.request("POST", `/api/public/apps/${fx.clientKey}${path}`, { body, headers: { origin: ORIGIN, "content-type": "application/json", ...bearer(mona) } });
    for (const path of ["/auth/passkey/register-options", "/auth/passkey/register", "/auth/passkey/login-options", "/auth/passkey/login"]) {
      expect((await raw(path, "{not json")).status).toBe(400);
    }
    const login = (json: unknown) => fx.call("POST", "/auth/passkey/login", json);
    expectError(await login({}), 400, "invalid_request");
    expectError(await login({ response: "a string" }), 400, "invalid_request");
    const valid = await assertionFor(fx.call, alicesKey);
    expectError(await login({ response: { ...valid, type: "password" } }), 400, "invalid_request");
    expectError(await login({ response: { ...valid, response: { ...valid.response, clientDataJSON: "not base64url!" } } }), 400, "invalid_request");
    expectError(await login({ response: { ...valid, id: "x".repeat(2000) } }), 400, "invalid_request");
    const notJson = Buffer.from("hello").toString("base64url");
    expectError(await login({ response: { ...valid, response: { ...valid.response, clientDataJSON: notJson } } }), 400, "passkey_verification_failed");
    const created = Buffer.from(JSON.stringify({ type: "webauthn.create", challenge: "abc", origin: ORIGIN })).toString("base64url");
    expectError(await login({ response: { ...valid, response: { ...valid.response, clientDataJSON: created } } }), 400, "passkey_verification_failed");
    const unknownChallenge = Buffer.from(JSON.stringify({ type: "webauthn.get", challenge: "never-issued", origin: ORIGIN })).toString("base64url");
    expectError(await login({ response: { ...valid, response: { ...valid.response, clientDataJSON: unknownChallenge } } }), 400, "invalid_token");
    // The genuine answer still works: none of the refusals above spent its challenge.
    expect((await login({ response: valid })).status).toBe(200);

    expectError(await fx.call("POST", "/auth/passkey/register", { response: { id: 1 } }, bearer(mona)), 400, "invalid_request");
    const options = await fx.call("POST", "/auth/passkey/register-options", {}, bearer(mona));
    const registration = appAuthenticator().create(options.body);
    const longName = await fx.call("POST", "/auth/passkey/register", { response: registration, name: "n".repeat(101) }, bearer(mona));
    expectError(longName, 400, "invalid_request");
    expect(longName.body.field).toContain("name");
    expectError(await fx.call("POST", "/auth/passkey/register-options", { displayName: 42 }, bearer(mona)), 400, "invalid_request");
    expectError(await fx.call("POST", "/auth/passkey/login-options", { email: 42 }), 400, "invalid_request");
    const badEmail = await fx.call("POST", "/auth/passkey/login-options", { email: "not an address" });
    expectError(badEmail, 400, "invalid_email");
    expect(badEmail.body.field).toBe("email");

    const unknownApp = await t.request("POST", "/api/public/apps/client_nope/auth/passkey/login-options", { json: {}, headers: { origin: ORIGIN } });
    expect(unknownApp.status).toBe(404);
  });

  test(`login options: at most ${LOGIN_OPTIONS_PER_MINUTE} per minute per application and client address, then 429 rate_limited`, async () => {
    const busy = await passkeyFixture(t, "owner@busy.example", "Busy Co", { passkeyRpId: "app.example.com" });
    t.clock.set(Math.ceil(t.clock.now() / MINUTE) * MINUTE);
    for (let i = 0; i < LOGIN_OPTIONS_PER_MINUTE; i++) {
      expect((await busy.call("POST", "/auth/passkey/login-options", {})).status).toBe(200);
    }
    const refused = await busy.call("POST", "/auth/passkey/login-options", {});
    expectError(refused, 429, "rate_limited");
    expect(refused.headers.get("retry-after")).toBe("60");
    expect((await fx.call("POST", "/auth/passkey/login-options", {})).status).toBe(200);
    t.clock.advance(MINUTE);
    expect((await busy.call("POST", "/auth/passkey/login-options", {})).status).toBe(200);
  }, 30_000);
});
