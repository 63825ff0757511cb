/**
 * Social sign-in through the redirect flow against a real OpenID Provider
 * (oidc-provider) standing in for Google, Microsoft and Apple: start → the provider's
 * login and consent over HTTP → callback → exchange, and the end-user token verified
 * with the organization's JWKS as an application would.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { decodeJwt } from "jose";
import { eq } from "drizzle-orm";
import { endUserIdentities, endUsers } from "../../../../../src/modules/customers/end-users/schema";
import { serveOverHttp, verifyWithRemoteJwks } from "../../../access/machine/support";
import { CALLBACK } from "../support";
import { BENCH_START_TIMEOUT_MS, createSocialBench, redirectParams, type SocialBench } from "./support";

let b: SocialBench;
beforeAll(async () => {
  b = await createSocialBench();
}, BENCH_START_TIMEOUT_MS);
afterAll(async () => {
  await b.close();
});

describe("redirect flow with OpenID providers", () => {
  test("Google: PKCE and nonce at the provider, a verified address creates the end user, the token verifies with the org's JWKS", async () => {
    const started = await b.start("google", { redirect_url: CALLBACK });
    expect(started.status).toBe(302);
    const authorize = new URL(started.headers.get("location")!);
    expect(`${authorize.origin}${authorize.pathname}`).toBe(b.oidc.endpoints.authorize);
    expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authorize.searchParams.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(authorize.searchParams.get("nonce")).toBeTruthy();
    expect(authorize.searchParams.get("state")!.length).toBeGreaterThan(30);
    expect(authorize.searchParams.get("redirect_uri")).toBe("http://localhost:8080/api/public/auth/social/callback");

    const back = await b.oidc.authorize(started.headers.get("location")!, "alice");
    expect(back.method).toBe("GET");
    const landed = redirectParams(await b.callback(back.params));
    expect(landed.target).toBe(CALLBACK);
    expect(landed.error).toBeNull();

    const exchanged = await b.call("POST", "/auth/social/exchange", { code: landed.code });
    expect(exchanged.status).toBe(200);
    expect(exchanged.body.status).toBe("signed_in");
    expect(exchanged.body.newUser).toBe(true);
    expect(exchanged.body.redirectUrl).toBe(CALLBACK);
    expect(exchanged.body.endUser).toMatchObject({ email: "alice@example.com", emailVerified: true, displayName: "Alice Kim", status: "active" });
    expect(exchanged.body.refreshToken).toBeTruthy();

    const server = serveOverHttp(b.t);
    try {
      const claims = await verifyWithRemoteJwks(server.url, b.fx.org.slug, exchanged.body.accessToken, new Date(b.t.clock.now()));
      expect(claims.amr).toEqual(["fed"]);
      expect(claims.sub).toBe(exchanged.body.endUser.id);
      expect(claims.aud).toBe(b.fx.clientKey);
    } finally {
      server.stop();
    }
    const identities = await b.t.ctx.db.read.select().from(endUserIdentities).where(eq(endUserIdentities.endUserId, exchanged.body.endUser.id));
    expect(identities.map((i) => [i.provider, i.subject])).toEqual([["google", "alice"]]);
  });

  test("the same Google identity signs in again as the same end user; the exchange code is single-use", async () => {
    const first = redirectParams(await b.signInAt("google", "alice"));
    const signedIn = await b.call("POST", "/auth/social/exchange", { code: first.code });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.newUser).toBe(false);
    const replay = await b.call("POST", "/auth/social/exchange", { code: first.code });
    expect(replay.status).toBe(400);
    expect(replay.body.error).toBe("token_used");
    const rows = await b.t.ctx.db.read.select().from(endUsers).where(eq(endUsers.email, "alice@example.com"));
    expect(rows).toHaveLength(1);
  });

  test("Microsoft: a second provider identity with the same vouched address joins the same end user", async () => {
    const before = await b.t.ctx.db.read.select().from(endUsers).where(eq(endUsers.email, "alice@example.com"));
    const landed = redirectParams(await b.signInAt("microsoft", "alice"));
    const signedIn = await b.call("POST", "/auth/social/exchange", { code: landed.code });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.endUser.id).toBe(before[0]!.id);
    expect(signedIn.body.newUser).toBe(false);
    expect(decodeJwt(signedIn.body.accessToken).amr).toEqual(["fed"]);
    const identities = await b.t.ctx.db.read.select().from(endUserIdentities).where(eq(endUserIdentities.endUserId, before[0]!.id));
    expect(identities.map((i) => i.provider).sort()).toEqual(["google", "microsoft"]);
  });

  test("Apple: form_post callback, client secret signed with the .p8 key, name from the `user` field", async () => {
    const started = await b.start("apple", { redirect_url: CALLBACK });
    const authorize = new URL(started.headers.get("location")!);
    expect(authorize.searchParams.get("response_mode")).toBe("form_post");
    expect(authorize.searchParams.get("code_challenge")).toBeNull();
    const back = await b.oidc.authorize(started.headers.get("location")!, "noemail");
    expect(back.method).toBe("POST");
    const landed = redirectParams(await b.callback({ ...back.params, user: JSON.stringify({ name: { firstName: "Ann", lastName: "Lee" } }) }, "POST"));
    expect(landed.error).toBeNull();
    const signedIn = await b.call("POST", "/auth/social/exchange", { code: landed.code });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.endUser).toMatchObject({ email: null, emailVerified: false, displayName: "Ann Lee" });
  });

  test("an address the provider does not vouch for never reaches an existing end user", async () => {
    // victim@example.com already has an account (e.g. by magic link).
    const victim = await b.t.ctx.db.write(async (tx) => {
      const { findOrCreateEndUser } = await import("../../../../../src/modules/customers/end-users/service");
      return findOrCreateEndUser(tx, { id: b.fx.group.id, orgId: b.fx.org.orgId }, { email: "victim@example.com", emailVerified: true }, b.t.clock.now());
    });
    const landed = redirectParams(await b.signInAt("google", "mallory"));
    const signedIn = await b.call("POST", "/auth/social/exchange", { code: landed.code });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.newUser).toBe(true);
    expect(signedIn.body.endUser.id).not.toBe(victim.endUser.id);
    expect(signedIn.body.endUser.email).toBeNull();
    const [identity] = await b.t.ctx.db.read.select().from(endUserIdentities).where(eq(endUserIdentities.subject, "mallory"));
    expect(identity!.endUserId).toBe(signedIn.body.endUser.id);
    expect(identity!.email).toBe("victim@example.com");
    const [stillVictim] = await b.t.ctx.db.read.select().from(endUsers).where(eq(endUsers.id, victim.endUser.id));
    expect(stillVictim!.lastSignInAt).toBeNull();
  });

  test("the user cancelling at the provider comes back to the validated redirect with ?error=, and nothing is signed in", async () => {
    const started = await b.start("google", { redirect_url: CALLBACK });
    const back = await b.oidc.authorize(started.headers.get("location")!, "nobody-there");
    const landed = redirectParams(await b.callback(back.params));
    expect(landed.target).toBe(CALLBACK);
    expect(landed.code).toBeNull();
    expect(landed.error).toBe("access_denied");
  });
});
