/**
 * End-user passkeys end to end with an in-process authenticator: register for a
 * signed-in end user, login with and without an address, the relying-party id of the
 * app group (and the portal's host by default), the list and delete routes.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { decodeJwt } from "jose";
import { endUserPasskeys, endUserSessions, endUserSignIns } from "../../../../../src/modules/customers/end-users/schema";
import { Authenticator } from "../../../../support/authenticator";
import { createTestApp, type TestApp } from "../../../../support/harness";
import { serveOverHttp, verifyWithRemoteJwks } from "../../../access/machine/support";
import { ORIGIN } from "../support";
import { appAuthenticator, assertionFor, bearer, registerWith, signInEndUser, passkeyFixture, type PasskeyFixture } from "./support";

let t: TestApp;
let fx: PasskeyFixture;
beforeAll(async () => {
  t = await createTestApp();
  fx = await passkeyFixture(t, "owner@passkeys.example", "Passkey Co", { passkeyRpId: "app.example.com" });
}, 30_000);
afterAll(() => t.close());

async function storedPasskeys(endUserId: string) {
  return t.ctx.db.read.select().from(endUserPasskeys).where(eq(endUserPasskeys.endUserId, endUserId));
}

describe("register and login", () => {
  test("a signed-in end user adds a passkey and signs in with it (discoverable), getting tokens the org's JWKS verifies", async () => {
    const user = await signInEndUser(t, fx.clientKey, "ada@people.example");
    const authenticator = appAuthenticator();

    const options = await fx.call("POST", "/auth/passkey/register-options", { displayName: "Ada L." }, bearer(user));
    expect(options.status).toBe(200);
    expect(options.body.rp).toEqual({ name: "Passkey Co brand", id: "app.example.com" });
    expect(Buffer.from(options.body.user.id, "base64url").toString("utf8")).toBe(user.endUserId);
    expect(options.body.user.name).toBe("ada@people.example");
    expect(options.body.user.displayName).toBe("Ada L.");
    expect(options.body.excludeCredentials).toEqual([]);
    expect(options.body.authenticatorSelection.residentKey).toBe("required");
    expect(options.headers.get("access-control-allow-origin")).toBe(ORIGIN);

    const registered = await fx.call("POST", "/auth/passkey/register", { response: authenticator.create(options.body), name: "  Laptop  " }, bearer(user));
    expect(registered.status).toBe(201);
    expect(registered.body).toMatchObject({ name: "Laptop", lastUsedAt: null, createdAt: new Date(t.clock.now()).toISOString() });
    const [stored] = await storedPasskeys(user.endUserId);
    expect(stored).toMatchObject({ id: registered.body.id, appGroupId: fx.group.id, rpId: "app.example.com", name: "Laptop" });

    t.clock.advance(1000);
    const loginOptions = await fx.call("POST", "/auth/passkey/login-options", {});
    expect(loginOptions.status).toBe(200);
    expect(loginOptions.body.rpId).toBe("app.example.com");
    expect(loginOptions.body.allowCredentials).toEqual([]);
    const login = await fx.call("POST", "/auth/passkey/login", { response: authenticator.get(loginOptions.body) });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ status: "signed_in", tokenType: "Bearer", newUser: false, redirectUrl: null });
    expect(login.body.endUser.id).toBe(user.endUserId);
    expect(login.body.refreshToken).toMatch(/^eurt_/);
    const claims = decodeJwt(login.body.accessToken);
    expect(claims).toMatchObject({ sub: user.endUserId, aud: fx.clientKey, amr: ["hwk", "user"] });

    const server = serveOverHttp(t);
    try {
      const verified = await verifyWithRemoteJwks(server.url, fx.org.slug, login.body.accessToken, new Date(t.clock.now()));
      expect(verified.sub).toBe(user.endUserId);
    } finally {
      server.stop();
    }

    const [used] = await storedPasskeys(user.endUserId);
    expect(used!.lastUsedAt).toBe(t.clock.now());
    expect(used!.counter).toBeGreaterThan(stored!.counter);
    const signIns = await t.ctx.db.read
      .select()
      .from(endUserSignIns)
      .where(and(eq(endUserSignIns.endUserId, user.endUserId), eq(endUserSignIns.method, "passkey")));
    expect(signIns).toHaveLength(1);
    expect(signIns[0]).toMatchObject({ outcome: "success", signup: false, applicationId: fx.application.id });

    const listed = await fx.call("GET", "/auth/passkeys", undefined, bearer(user));
    expect(listed.status).toBe(200);
    expect(listed.body.passkeys).toEqual([{ ...registered.body, lastUsedAt: new Date(t.clock.now()).toISOString() }]);
  });

  test("the access token may come in the body; the second registration excludes the first passkey", async () => {
    const user = await signInEndUser(t, fx.clientKey, "grace@people.example");
    const first = appAuthenticator();
    expect((await registerWith(fx.call, user, first)).body.name).toBe("Passkey");
    const options = await fx.call("POST", "/auth/passkey/register-options", { accessToken: user.accessToken });
    expect(options.status).toBe(200);
    expect(options.body.excludeCredentials.map((c: any) => c.id)).toEqual([first.credentialId]);
    const second = appAuthenticator();
    const registered = await fx.call("POST", "/auth/passkey/register", { response: second.create(options.body), accessToken: user.accessToken, name: "Phone" });
    expect(registered.status).toBe(201);
    expect((await storedPasskeys(user.endUserId)).map((p) => p.name).sort()).toEqual(["Passkey", "Phone"]);
  });

  test("login-options with a known address lists that person's passkeys; an unknown address gets the discoverable answer", async () => {
    const user = await signInEndUser(t, fx.clientKey, "Linus@People.example");
    const authenticator = appAuthenticator();
    await registerWith(fx.call, user, authenticator);

    const known = await fx.call("POST", "/auth/passkey/login-options", { email: " linus@people.EXAMPLE " });
    expect(known.status).toBe(200);
    expect(known.body.allowCredentials.map((c: any) => c.id)).toEqual([authenticator.credentialId]);
    const login = await fx.call("POST", "/auth/passkey/login", { response: authenticator.get(known.body) });
    expect(login.status).toBe(200);
    expect(login.body.endUser.id).toBe(user.endUserId);

    const unknown = await fx.call("POST", "/auth/passkey/login-options", { email: "nobody@people.example" });
    const none = await fx.call("POST", "/auth/passkey/login-options");
    expect(unknown.status).toBe(200);
    expect(none.status).toBe(200);
    expect(Object.keys(unknown.body).sort()).toEqual(Object.keys(none.body).sort());
    expect(unknown.body.allowCredentials).toEqual([]);
    expect(unknown.body.challenge).not.toBe(none.body.challenge);
  });

  test("an end user deletes their own passkey; another's id is 404 and stays", async () => {
    const owner = await signInEndUser(t, fx.clientKey, "owner-of-key@people.example");
    const other = await signInEndUser(t, fx.clientKey, "someone-else@people.example");
    const authenticator = appAuthenticator();
    await registerWith(fx.call, owner, authenticator);
    const id = encodeURIComponent(authenticator.credentialId);

    const foreign = await fx.call("DELETE", `/auth/passkeys/${id}`, undefined, bearer(other));
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe("passkey_not_found");
    expect(await storedPasskeys(owner.endUserId)).toHaveLength(1);

    const deleted = await fx.call("DELETE", `/auth/passkeys/${id}`, undefined, bearer(owner));
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ deleted: true, id: authenticator.credentialId });
    expect(await storedPasskeys(owner.endUserId)).toHaveLength(0);
    expect((await fx.call("DELETE", `/auth/passkeys/${id}`, undefined, bearer(owner))).status).toBe(404);
    expect((await fx.call("GET", "/auth/passkeys", undefined, bearer(owner))).body).toEqual({ passkeys: [] });
  });
});

describe("second factor", () => {
  test("when the group requires SMS MFA, a passkey login is held for it like every method: no session until mfa/verify", async () => {
    const strict = await passkeyFixture(t, "owner@strict-mfa.example", "Strict MFA Co", { passkeyRpId: "app.example.com" });
    const user = await signInEndUser(t, strict.clientKey, "mfa-person@people.example");
    const authenticator = appAuthenticator();
    expect((await registerWith(strict.call, user, authenticator)).status).toBe(201);
    await strict.updateGroup({ loginMethods: { smsMfa: "required" } });
    const sessionsBefore = await t.ctx.db.read.select().from(endUserSessions).where(eq(endUserSessions.endUserId, user.endUserId));
    const login = await strict.call("POST", "/auth/passkey/login", { response: await assertionFor(strict.call, authenticator) });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ mfaRequired: true, mode: "enroll" });
    expect(login.body.accessToken).toBeUndefined();
    const sessionsAfter = await t.ctx.db.read.select().from(endUserSessions).where(eq(endUserSessions.endUserId, user.endUserId));
    expect(sessionsAfter).toHaveLength(sessionsBefore.length);
  }, 30_000);
});

describe("relying party", () => {
  test("without a passkeyRpId the relying party is the portal's host, and the hosted portal gets its cookie and exchange code", async () => {
    const portal = await passkeyFixture(t, "owner@portal-rp.example", "Portal RP Co");
    expect(portal.group.passkeyRpId).toBeNull();
    const portalOrigin = new URL(t.config.portalBase).origin;
    const fromPortal = { origin: portalOrigin };
    const user = await signInEndUser(t, portal.clientKey, "pat@people.example");
    const authenticator = new Authenticator(portalOrigin);

    const options = await portal.call("POST", "/auth/passkey/register-options", {}, { ...fromPortal, ...bearer(user) });
    expect(options.body.rp.id).toBe(new URL(t.config.portalBase).hostname);
    const registered = await portal.call("POST", "/auth/passkey/register", { response: authenticator.create(options.body) }, { ...fromPortal, ...bearer(user) });
    expect(registered.status).toBe(201);
    expect((await storedPasskeys(user.endUserId))[0]!.rpId).toBe(new URL(t.config.portalBase).hostname);

    const loginOptions = await portal.call("POST", "/auth/passkey/login-options", {}, fromPortal);
    const login = await portal.call("POST", "/auth/passkey/login", { response: authenticator.get(loginOptions.body) }, fromPortal);
    expect(login.status).toBe(200);
    expect(login.body.status).toBe("signed_in");
    expect(login.body.refreshToken).toBeUndefined();
    expect(typeof login.body.code).toBe("string");
    expect(login.headers.get("set-cookie")).toContain("HttpOnly");
  }, 30_000);

  test("an answer made for another relying-party id than the group's is refused, at registration and at login", async () => {
    const rpGroup = await passkeyFixture(t, "owner@rp-mismatch.example", "RP Mismatch Co", { passkeyRpId: "example.com" });
    const user = await signInEndUser(t, rpGroup.clientKey, "rita@people.example");
    const authenticator = appAuthenticator();

    const options = await rpGroup.call("POST", "/auth/passkey/register-options", {}, bearer(user));
    expect(options.body.rp.id).toBe("example.com");
    // A page on app.example.com may also claim its own host as rp.id; the group says example.com.
    const forged = authenticator.create({ ...options.body, rp: { ...options.body.rp, id: "app.example.com" } });
    const refused = await rpGroup.call("POST", "/auth/passkey/register", { response: forged }, bearer(user));
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe("passkey_verification_failed");
    expect(await storedPasskeys(user.endUserId)).toHaveLength(0);

    // Registered under example.com; then the group moves to app.example.com: the old passkey no longer signs in.
    expect((await registerWith(rpGroup.call, user, authenticator)).status).toBe(201);
    await rpGroup.updateGroup({ passkeyRpId: "app.example.com" });
    const loginOptions = await rpGroup.call("POST", "/auth/passkey/login-options", {});
    expect(loginOptions.body.rpId).toBe("app.example.com");
    const oldRp = authenticator.get({ ...loginOptions.body, rpId: "example.com" });
    const login = await rpGroup.call("POST", "/auth/passkey/login", { response: oldRp });
    expect(login.status).toBe(400);
    expect(login.body.error).toBe("passkey_verification_failed");
    const [failure] = await t.ctx.db.read.select().from(endUserSignIns).where(and(eq(endUserSignIns.endUserId, user.endUserId), eq(endUserSignIns.outcome, "failure")));
    expect(failure).toMatchObject({ method: "passkey", failureReason: "passkey_verification_failed" });
  }, 30_000);
});
