/**
 * GitHub, Kakao and Naver (providers without id tokens) against the recorded fake of
 * their token and user APIs (oauth-peer.ts): the redirect flow, the native access-token
 * sign-in, and which addresses each provider vouches for.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { endUserIdentities, endUserSignIns, endUsers } from "../../../../../src/modules/customers/end-users/schema";
import { findOrCreateEndUser } from "../../../../../src/modules/customers/end-users/service";
import { CALLBACK } from "../support";
import { BENCH_START_TIMEOUT_MS, createSocialBench, redirectParams, type SocialBench } from "./support";

let b: SocialBench;
beforeAll(async () => {
  b = await createSocialBench();
  b.oauth.accounts.github.octo = {
    profile: { id: 583231, login: "octocat", name: "The Octocat", email: "public@octo.example" },
    emails: [
      { email: "secondary@octo.example", primary: false, verified: true },
      { email: "Octo@Octo.Example", primary: true, verified: true },
    ],
  };
  b.oauth.accounts.github.unverified = {
    profile: { id: 42, login: "newbie", name: null, email: "owner@shared.example" },
    emails: [{ email: "owner@shared.example", primary: true, verified: false }],
  };
  // emails: null makes the fake answer 404 at /user/emails, as GitHub does for a token without user:email.
  b.oauth.accounts.github.noscope = { profile: { id: 99, login: "noscope", name: null }, emails: null };
  b.oauth.accounts.kakao.minji = {
    id: 123456789,
    kakao_account: { email: "minji@kakao.example", is_email_valid: true, is_email_verified: true, profile: { nickname: "민지" } },
  };
  b.oauth.accounts.kakao.unchecked = {
    id: 987654321,
    kakao_account: { email: "owner@shared.example", is_email_valid: true, is_email_verified: false, profile: { nickname: "someone" } },
  };
  b.oauth.accounts.naver.jisoo = { id: "naver-abc", email: "owner@shared.example", name: "지수", nickname: "js" };
}, BENCH_START_TIMEOUT_MS);
afterAll(async () => {
  await b.close();
});

async function signIn(provider: string, account: string) {
  const landed = redirectParams(await b.signInAt(provider, account));
  expect(landed.error).toBeNull();
  expect(landed.target).toBe(CALLBACK);
  const r = await b.call("POST", "/auth/social/exchange", { code: landed.code });
  expect(r.status).toBe(200);
  return r.body;
}

describe("redirect flow with GitHub, Kakao and Naver", () => {
  test("GitHub: no PKCE, the verified primary address from the e-mail list (not the public profile address)", async () => {
    const started = await b.start("github", { redirect_url: CALLBACK });
    const authorize = new URL(started.headers.get("location")!);
    expect(authorize.searchParams.get("scope")).toBe("read:user user:email");
    expect(authorize.searchParams.get("code_challenge")).toBeNull();
    const body = await signIn("github", "octo");
    expect(body.newUser).toBe(true);
    expect(body.endUser).toMatchObject({ email: "octo@octo.example", emailVerified: true, displayName: "The Octocat" });
    const [identity] = await b.t.ctx.db.read.select().from(endUserIdentities).where(eq(endUserIdentities.endUserId, body.endUser.id));
    expect(identity).toMatchObject({ provider: "github", subject: "583231" });
  });

  test("GitHub without the user:email scope: signed in, no address, the login as the name", async () => {
    const body = await signIn("github", "noscope");
    expect(body.endUser).toMatchObject({ email: null, emailVerified: false, displayName: "noscope" });
  });

  test("Kakao: a verified and valid kakao_account address; the numeric id is the subject", async () => {
    const body = await signIn("kakao", "minji");
    expect(body.endUser).toMatchObject({ email: "minji@kakao.example", emailVerified: true, displayName: "민지" });
    const again = await signIn("kakao", "minji");
    expect(again.endUser.id).toBe(body.endUser.id);
    expect(again.newUser).toBe(false);
  });

  test("addresses not vouched for (GitHub unverified, Kakao unverified, Naver never) do not reach the owner of the address", async () => {
    const owner = await b.t.ctx.db.write((tx) =>
      findOrCreateEndUser(tx, { id: b.fx.group.id, orgId: b.fx.org.orgId }, { email: "owner@shared.example", emailVerified: true }, b.t.clock.now()),
    );
    for (const [provider, account] of [["github", "unverified"], ["kakao", "unchecked"], ["naver", "jisoo"]] as const) {
      const body = await signIn(provider, account);
      expect(body.endUser.id).not.toBe(owner.endUser.id);
      expect(body.endUser.email).toBeNull();
      expect(body.newUser).toBe(true);
    }
    const [after] = await b.t.ctx.db.read.select().from(endUsers).where(eq(endUsers.id, owner.endUser.id));
    expect(after!.lastSignInAt).toBeNull();
    const linked = await b.t.ctx.db.read.select().from(endUserIdentities).where(eq(endUserIdentities.endUserId, owner.endUser.id));
    expect(linked).toHaveLength(0);
  });

  test("a code the provider refuses comes back as ?error=provider_token_rejected and is recorded as a failed sign-in", async () => {
    const started = await b.start("github", { redirect_url: CALLBACK });
    const state = new URL(started.headers.get("location")!).searchParams.get("state")!;
    const landed = redirectParams(await b.callback({ code: "not-a-real-code", state }));
    expect(landed).toMatchObject({ target: CALLBACK, code: null, error: "provider_token_rejected" });
    const failures = await b.t.ctx.db.read
      .select()
      .from(endUserSignIns)
      .where(and(eq(endUserSignIns.method, "social:github"), eq(endUserSignIns.outcome, "failure")));
    expect(failures.map((f) => f.failureReason)).toContain("provider_token_rejected");
  });
});

describe("with SMS MFA required by the app group", () => {
  test("the social exchange answers mfaRequired (enroll) instead of tokens, and opens no session", async () => {
    await b.fx.updateGroup({ loginMethods: { smsMfa: "required" } });
    try {
      const landed = redirectParams(await b.signInAt("kakao", "minji"));
      const r = await b.call("POST", "/auth/social/exchange", { code: landed.code });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ mfaRequired: true, mode: "enroll", smsDelivered: null });
      expect(r.body.accessToken).toBeUndefined();
      expect(r.body.mfaToken).toBeTruthy();
    } finally {
      await b.fx.updateGroup({ loginMethods: { smsMfa: "off" } });
    }
  });
});

describe("native sign-in with an access token", () => {
  test("GitHub and Naver access tokens are read at the user API", async () => {
    const gh = await b.call("POST", "/auth/social", { provider: "github", accessToken: b.oauth.issueAccessToken("github", "octo") });
    expect(gh.status).toBe(200);
    expect(gh.body.endUser.email).toBe("octo@octo.example");
    expect(gh.body.newUser).toBe(false);
    const naver = await b.call("POST", "/auth/social", { provider: "naver", accessToken: b.oauth.issueAccessToken("naver", "jisoo") });
    expect(naver.status).toBe(200);
    expect(naver.body.endUser.displayName).toBe("지수");
  });

  test("a token the provider refuses is 401 provider_token_rejected; a missing one 400 access_token_required; an id token for these is not enough", async () => {
    const before = await b.t.ctx.db.read.select().from(endUsers);
    const refused = await b.call("POST", "/auth/social", { provider: "kakao", accessToken: "forged" });
    expect(refused.status).toBe(401);
    expect(refused.body.error).toBe("provider_token_rejected");
    const missing = await b.call("POST", "/auth/social", { provider: "github", idToken: "eyJ.x.y" });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ error: "access_token_required", field: "accessToken" });
    // A GitHub token another app obtained from the user is not proof for this app.
    const othersApp = await b.call("POST", "/auth/social", { provider: "github", accessToken: b.oauth.issueAccessToken("github", "octo", "someone-elses-app") });
    expect(othersApp.status).toBe(401);
    expect(othersApp.body.error).toBe("provider_token_rejected");
    // A token of another provider is not this one's.
    const crossed = await b.call("POST", "/auth/social", { provider: "naver", accessToken: b.oauth.issueAccessToken("kakao", "minji") });
    expect(crossed.status).toBe(401);
    expect(await b.t.ctx.db.read.select().from(endUsers)).toHaveLength(before.length);
  });
});
