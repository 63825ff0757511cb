/**
 * End-user access tokens as an application verifies them: jose's
 * remote JWKS over real HTTP, exactly the documented claims, aud = the application's
 * key, expiry after 15 minutes, and the org's signing-key rotation (the old key
 * verifies until it retires; retireImmediately stops it at once).
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { createRemoteJWKSet, decodeProtectedHeader, errors as joseErrors, jwtVerify } from "jose";
import { HOUR, MINUTE } from "../../../support/clock";
import { createTestApp, type TestApp } from "../../../support/harness";
import { serveOverHttp, verifyWithRemoteJwks } from "../../access/machine/support";
import { createFixture, signInByMagicLink, type Fixture } from "./flows-support";

// Fresh sealed organizations take a few seconds on a busy PostgreSQL.
setDefaultTimeout(30_000);

let t: TestApp;
let fx: Fixture;
let server: { url: string; stop(): void };
beforeAll(async () => {
  t = await createTestApp();
  fx = await createFixture(t, "owner@tokens.example", "Token Co");
  server = serveOverHttp(t);
});
afterAll(async () => {
  server.stop();
  await t.close();
});

const now = () => new Date(t.clock.now());
const jwks = (slug: string) => createRemoteJWKSet(new URL(`${server.url}/api/public/orgs/${slug}/jwks.json`));

describe("end-user access tokens", () => {
  test("verify with the org's JWKS over HTTP and carry exactly the documented claims", async () => {
    const signedIn = (await signInByMagicLink(t, fx, "claims@example.com")).body;
    const { payload, protectedHeader } = await jwtVerify(signedIn.accessToken, jwks(fx.org.slug), {
      algorithms: ["RS256"],
      typ: "end-user+jwt",
      audience: fx.clientKey,
      issuer: `${t.config.baseUrl}/orgs/${fx.org.slug}`,
      currentDate: now(),
    });
    expect(protectedHeader.alg).toBe("RS256");
    expect(protectedHeader.typ).toBe("end-user+jwt");
    expect(protectedHeader.kid).toBeTruthy();
    expect(Object.keys(payload).sort()).toEqual(["amr", "appGroup", "aud", "email", "email_verified", "exp", "iat", "iss", "jti", "org", "sid", "sub"]);
    expect(payload).toMatchObject({
      sub: signedIn.endUser.id,
      aud: fx.clientKey,
      org: fx.org.orgId,
      appGroup: fx.group.groupKey,
      amr: ["otp"],
      sid: signedIn.sessionId,
      email: "claims@example.com",
      email_verified: true,
      iat: Math.floor(t.clock.now() / 1000),
    });
    expect(payload.exp! - payload.iat!).toBe(15 * 60);
    expect(signedIn.expiresIn).toBe(15 * 60);
  });

  test("aud is this application's key: another audience or another org's JWKS refuses it", async () => {
    const token = (await signInByMagicLink(t, fx, "aud@example.com")).body.accessToken;
    await expect(jwtVerify(token, jwks(fx.org.slug), { audience: "client_someone_else", currentDate: now() })).rejects.toBeInstanceOf(joseErrors.JWTClaimValidationFailed);
    const other = await createFixture(t, "owner2@tokens.example", "Other Token Co");
    await expect(verifyWithRemoteJwks(server.url, other.org.slug, token, now())).rejects.toBeInstanceOf(joseErrors.JWKSNoMatchingKey);
    // And the other org's application does not take it as its own.
    expect((await other.call("GET", "/auth/session", undefined, { authorization: `Bearer ${token}` })).status).toBe(401);
  });

  test("expires after 15 minutes (jose and GET auth/session both refuse it); a refresh issues a fresh one", async () => {
    const signedIn = (await signInByMagicLink(t, fx, "expiry@example.com")).body;
    t.clock.advance(15 * MINUTE - 1000);
    expect((await verifyWithRemoteJwks(server.url, fx.org.slug, signedIn.accessToken, now())).sub).toBe(signedIn.endUser.id);
    t.clock.advance(1000);
    await expect(verifyWithRemoteJwks(server.url, fx.org.slug, signedIn.accessToken, now())).rejects.toBeInstanceOf(joseErrors.JWTExpired);
    expect((await fx.call("GET", "/auth/session", undefined, { authorization: `Bearer ${signedIn.accessToken}` })).body.error).toBe("invalid_access_token");
    const refreshed = await fx.call("POST", "/auth/session/exchange", { grantType: "refresh_token", refreshToken: signedIn.refreshToken });
    expect(refreshed.status).toBe(200);
    expect((await verifyWithRemoteJwks(server.url, fx.org.slug, refreshed.body.accessToken, now())).sid).toBe(signedIn.sessionId);
  });

  test("rotation: the old key verifies until it retires, new tokens use the new key; after retirement the old token fails", async () => {
    const rot = await createFixture(t, "owner3@tokens.example", "Rotating Token Co");
    const before = (await signInByMagicLink(t, rot, "rot@example.com")).body;
    const issuedAt = now();
    const rotate = await t.request("POST", `/api/org/${rot.org.slug}/settings/keys/signing-key/rotate`, { token: rot.org.owner.token });
    expect(rotate.status).toBe(200);
    t.clock.advance(MINUTE);
    expect((await verifyWithRemoteJwks(server.url, rot.org.slug, before.accessToken, now())).sub).toBe(before.endUser.id);
    const after = (await rot.call("POST", "/auth/session/exchange", { grantType: "refresh_token", refreshToken: before.refreshToken })).body;
    expect(decodeProtectedHeader(after.accessToken).kid).toBe(rotate.body.signingKeyId);
    expect(decodeProtectedHeader(after.accessToken).kid).not.toBe(decodeProtectedHeader(before.accessToken).kid);
    expect((await verifyWithRemoteJwks(server.url, rot.org.slug, after.accessToken, now())).sid).toBe(before.sessionId);
    // Past the retirement window the JWKS no longer carries the old key (checked at issue time: only the key's absence can fail it).
    t.clock.advance(24 * HOUR + 5 * MINUTE);
    await expect(verifyWithRemoteJwks(server.url, rot.org.slug, before.accessToken, issuedAt)).rejects.toBeInstanceOf(joseErrors.JWKSNoMatchingKey);
  });

  test("rotation with retireImmediately (a compromised key) stops earlier tokens at once", async () => {
    const rot = await createFixture(t, "owner4@tokens.example", "Compromised Token Co");
    const before = (await signInByMagicLink(t, rot, "burned@example.com")).body;
    const rotate = await t.request("POST", `/api/org/${rot.org.slug}/settings/keys/signing-key/rotate`, { token: rot.org.owner.token, json: { retireImmediately: true } });
    expect(rotate.status).toBe(200);
    await expect(verifyWithRemoteJwks(server.url, rot.org.slug, before.accessToken, now())).rejects.toBeInstanceOf(joseErrors.JWKSNoMatchingKey);
    expect((await rot.call("GET", "/auth/session", undefined, { authorization: `Bearer ${before.accessToken}` })).status).toBe(401);
    // The session itself survives: a refresh signs with the new key.
    const refreshed = await rot.call("POST", "/auth/session/exchange", { grantType: "refresh_token", refreshToken: before.refreshToken });
    expect(decodeProtectedHeader(refreshed.body.accessToken).kid).toBe(rotate.body.signingKeyId);
  });

  test("a tampered token is refused", async () => {
    const token = (await signInByMagicLink(t, fx, "tamper@example.com")).body.accessToken as string;
    const [h, p, s] = token.split(".");
    const claims = JSON.parse(Buffer.from(p!, "base64url").toString());
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...claims, sub: "someone-else" })).toString("base64url")}.${s}`;
    await expect(verifyWithRemoteJwks(server.url, fx.org.slug, forged, now())).rejects.toBeInstanceOf(joseErrors.JWSSignatureVerificationFailed);
    expect((await fx.call("GET", "/auth/session", undefined, { authorization: `Bearer ${forged}` })).status).toBe(401);
  });
});
