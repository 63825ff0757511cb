/**
 * The native SDK sign-in with an id_token (AppSocialLoginRequest): tokens the real
 * OpenID peer issued, verified against its JWKS with the app group's client id as the
 * audience, the issuer, the expiry and the nonce.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { endUserSignIns, endUsers } from "../../../../../src/modules/customers/end-users/schema";
import { HOUR } from "../../../../support/clock";
import { BENCH_START_TIMEOUT_MS, createSocialBench, GOOGLE, MICROSOFT, type SocialBench } from "./support";

let b: SocialBench;
beforeAll(async () => {
  b = await createSocialBench();
}, BENCH_START_TIMEOUT_MS);
afterAll(async () => {
  await b.close();
});

const nativeClient = (client: typeof GOOGLE) => ({ ...client, redirectUris: ["http://localhost:8080/api/public/auth/social/callback"] });

describe("native id_token sign-in", () => {
  test("a Google id_token with its nonce signs in (amr fed), and again as the same end user", async () => {
    const { id_token } = await b.oidc.issueTokens(nativeClient(GOOGLE), "alice", "nonce-1");
    const first = await b.call("POST", "/auth/social", { provider: "google", idToken: id_token, nonce: "nonce-1" });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ status: "signed_in", newUser: true, endUser: { email: "alice@example.com", emailVerified: true } });
    const second = await b.call("POST", "/auth/social", { provider: "google", idToken: (await b.oidc.issueTokens(nativeClient(GOOGLE), "alice")).id_token });
    expect(second.status).toBe(200);
    expect(second.body.endUser.id).toBe(first.body.endUser.id);
    const [row] = await b.t.ctx.db.read.select().from(endUserSignIns).where(eq(endUserSignIns.endUserId, first.body.endUser.id));
    expect(row).toMatchObject({ method: "social:google", outcome: "success", signup: true });
  });

  test("the SHA-256 of the nonce in the token (Sign in with Apple on iOS) is accepted with the raw nonce", async () => {
    const hashed = createHash("sha256").update("raw-nonce").digest("hex");
    const { id_token } = await b.oidc.issueTokens(nativeClient(GOOGLE), "alice", hashed);
    const r = await b.call("POST", "/auth/social", { provider: "google", idToken: id_token, nonce: "raw-nonce" });
    expect(r.status).toBe(200);
  });

  test("refused id_tokens: another client's audience, wrong or missing nonce, tampered, expired, garbage", async () => {
    const users = (await b.t.ctx.db.read.select().from(endUsers)).length;
    const forMicrosoft = (await b.oidc.issueTokens(nativeClient(MICROSOFT), "alice")).id_token;
    const withNonce = (await b.oidc.issueTokens(nativeClient(GOOGLE), "alice", "the-nonce")).id_token;
    const [h, p, s] = withNonce.split(".");
    const claims = JSON.parse(Buffer.from(p!, "base64url").toString());
    const tampered = [h, Buffer.from(JSON.stringify({ ...claims, sub: "someone-else" })).toString("base64url"), s].join(".");
    const cases: [Record<string, unknown>, string][] = [
      [{ provider: "google", idToken: forMicrosoft }, "audience of another client"],
      [{ provider: "google", idToken: withNonce, nonce: "other" }, "nonce mismatch"],
      [{ provider: "google", idToken: withNonce }, "nonce carried but not presented"],
      [{ provider: "google", idToken: tampered, nonce: "the-nonce" }, "tampered payload"],
      [{ provider: "google", idToken: "not.a.jwt" }, "garbage"],
    ];
    for (const [body, why] of cases) {
      const r = await b.call("POST", "/auth/social", body);
      expect({ why, status: r.status, error: r.body.error }).toEqual({ why, status: 401, error: "invalid_id_token" });
    }
    b.t.clock.advance(2 * HOUR);
    const expired = await b.call("POST", "/auth/social", { provider: "microsoft", idToken: forMicrosoft });
    b.t.clock.advance(-2 * HOUR);
    expect(expired.status).toBe(401);
    expect(expired.body.error).toBe("invalid_id_token");
    // The same token is fine for its own provider and time.
    expect((await b.call("POST", "/auth/social", { provider: "microsoft", idToken: forMicrosoft })).status).toBe(200);
    expect((await b.t.ctx.db.read.select().from(endUsers)).length).toBe(users);
    const failures = await b.t.ctx.db.read.select().from(endUserSignIns).where(eq(endUserSignIns.failureReason, "invalid_id_token"));
    expect(failures.length).toBe(cases.length + 1);
  });

  test("bad bodies: no id token, unknown provider, wrong types, oversize, malformed JSON", async () => {
    const noToken = await b.call("POST", "/auth/social", { provider: "apple" });
    expect(noToken.status).toBe(400);
    expect(noToken.body).toMatchObject({ error: "id_token_required", field: "idToken" });
    const unknown = await b.call("POST", "/auth/social", { provider: "myspace", idToken: "x" });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ error: "invalid_request", field: "provider" });
    const wrongType = await b.call("POST", "/auth/social", { provider: "google", idToken: 42 });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.field).toBe("idToken");
    const oversize = await b.call("POST", "/auth/social", { provider: "google", idToken: "x".repeat(9000) });
    expect(oversize.status).toBe(400);
    expect(oversize.body.field).toBe("idToken");
    const malformed = await b.t.request("POST", `/api/public/apps/${b.fx.clientKey}/auth/social`, { body: "{nope", headers: { "content-type": "application/json", origin: "https://app.example.com" } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toBe("invalid_json");
    const unknownApp = await b.t.request("POST", "/api/public/apps/client_0000/auth/social", { json: { provider: "google", idToken: "x" } });
    expect(unknownApp.status).toBe(404);
  });

  test("a provider switched off for the group is 404 provider_not_enabled", async () => {
    await b.fx.updateGroup({ socialProviders: { google: { enabled: false, clientId: GOOGLE.clientId } } });
    try {
      const { id_token } = await b.oidc.issueTokens(nativeClient(GOOGLE), "alice");
      const r = await b.call("POST", "/auth/social", { provider: "google", idToken: id_token });
      expect(r.status).toBe(404);
      expect(r.body.error).toBe("provider_not_enabled");
    } finally {
      await b.fx.updateGroup({ socialProviders: { google: { enabled: true, clientId: GOOGLE.clientId } } });
    }
  });
});
