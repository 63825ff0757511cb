/**
 * id_token rules that the OpenID peer cannot show, because they depend on the real
 * providers' issuers (Google's two forms, Microsoft's per-directory issuer and tenant
 * pinning), checked with tokens signed by a local key published at a local JWKS; and
 * the SIGNET_SOCIAL_ENDPOINTS setting.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from "jose";
import { ConfigError, loadConfig } from "../../../../../src/config";
import { identityFromIdToken, providerEndpoints } from "../../../../../src/modules/customers/end-users/social/providers";

const TID = "72f988bf-86f1-41af-91ab-2d7cd011db47";
const OTHER_TID = "9188040d-6c67-4c5b-b112-36a304b66dad";
const NOW = Date.now();

let jwksServer: ReturnType<typeof Bun.serve>;
let sign: (claims: JWTPayload) => Promise<string>;
let config: { socialEndpoints: Record<string, Record<string, string>> };

beforeAll(async () => {
  const { privateKey, publicKey } = await generateKeyPair("RS256");
  const jwk = { ...(await exportJWK(publicKey)), kid: "k1", alg: "RS256", use: "sig" };
  jwksServer = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => Response.json({ keys: [jwk] }) });
  const jwks = `http://127.0.0.1:${jwksServer.port}/keys`;
  config = { socialEndpoints: { google: { jwks }, microsoft: { jwks }, apple: { jwks } } };
  sign = (claims) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: "RS256", kid: "k1" })
      .setIssuedAt(Math.floor(NOW / 1000))
      .setExpirationTime(Math.floor(NOW / 1000) + 600)
      .sign(privateKey);
});
afterAll(() => {
  jwksServer.stop(true);
});

const verify = (provider: "google" | "microsoft" | "apple", token: string, tenant: string | null = null) =>
  identityFromIdToken({ config, now: NOW }, provider, { clientId: "client-1", clientSecret: null, tenant }, token, { nonce: null, hashedNonceAllowed: false });

describe("issuers", () => {
  test("Google: both issuer forms are accepted, anything else is invalid_id_token", async () => {
    for (const iss of ["https://accounts.google.com", "accounts.google.com"]) {
      const identity = await verify("google", await sign({ iss, aud: "client-1", sub: "g-1", email: "A@Example.com", email_verified: true }));
      expect(identity).toEqual({ provider: "google", subject: "g-1", email: "a@example.com", emailVerified: true, displayName: null });
    }
    await expect(verify("google", await sign({ iss: "https://accounts.google.com.evil", aud: "client-1", sub: "g-1" }))).rejects.toMatchObject({ status: 401, code: "invalid_id_token" });
    await expect(verify("google", await sign({ iss: "https://accounts.google.com", aud: "someone-else", sub: "g-1" }))).rejects.toMatchObject({ code: "invalid_id_token" });
  });

  test("Microsoft common: the issuer names the token's own directory; a specific tenant pins the directory", async () => {
    const token = await sign({ iss: `https://login.microsoftonline.com/${TID}/v2.0`, tid: TID, aud: "client-1", sub: "m-1", email: "m@example.com" });
    const identity = await verify("microsoft", token, "common");
    expect(identity).toMatchObject({ subject: "m-1", email: "m@example.com", emailVerified: false });
    expect((await verify("microsoft", token, TID)).subject).toBe("m-1");
    await expect(verify("microsoft", token, OTHER_TID)).rejects.toMatchObject({ code: "invalid_id_token" });
    // An issuer that does not match the directory the token claims.
    const mismatched = await sign({ iss: `https://login.microsoftonline.com/${OTHER_TID}/v2.0`, tid: TID, aud: "client-1", sub: "m-1" });
    await expect(verify("microsoft", mismatched, "common")).rejects.toMatchObject({ code: "invalid_id_token" });
    const noTid = await sign({ iss: `https://login.microsoftonline.com/${TID}/v2.0`, aud: "client-1", sub: "m-1" });
    await expect(verify("microsoft", noTid, "common")).rejects.toMatchObject({ code: "invalid_id_token" });
  });

  test("Apple: email_verified as the string \"true\" counts", async () => {
    const identity = await verify("apple", await sign({ iss: "https://appleid.apple.com", aud: "client-1", sub: "001.abc", email: "x@privaterelay.appleid.com", email_verified: "true" }));
    expect(identity.emailVerified).toBe(true);
  });

  test("an unsigned token (alg none) is refused", async () => {
    const header = Buffer.from(JSON.stringify({ alg: "none" })).toString("base64url");
    const payload = Buffer.from(JSON.stringify({ iss: "https://accounts.google.com", aud: "client-1", sub: "g", exp: Math.floor(NOW / 1000) + 60 })).toString("base64url");
    await expect(verify("google", `${header}.${payload}.`)).rejects.toMatchObject({ code: "invalid_id_token" });
  });
});

describe("SIGNET_SOCIAL_ENDPOINTS", () => {
  const load = (value: string) => loadConfig({ SIGNET_SOCIAL_ENDPOINTS: value, SIGNET_DATA_DIR: "/tmp/signet-social-config" });

  test("overrides merge over the providers' own endpoints; Microsoft's tenant fills {tenant}", () => {
    const config = load(JSON.stringify({ google: { token: "https://egress.internal/google/token/" }, microsoft: { authorize: "https://egress.internal/ms/{tenant}/authorize" } }));
    expect(providerEndpoints(config.socialEndpoints, "google", {})).toMatchObject({ authorize: "https://accounts.google.com/o/oauth2/v2/auth", token: "https://egress.internal/google/token" });
    expect(providerEndpoints(config.socialEndpoints, "microsoft", { tenant: "organizations" })).toMatchObject({
      authorize: "https://egress.internal/ms/organizations/authorize",
      token: "https://login.microsoftonline.com/organizations/oauth2/v2.0/token",
    });
    expect(load("").socialEndpoints).toEqual({});
  });

  test("bad values are a ConfigError naming the setting", () => {
    for (const value of ["{not json", "[]", '{"myspace":{}}', '{"google":{"authorise":"https://x"}}', '{"google":{"token":"ftp://x"}}', '{"google":{"token":5}}', '{"google":"https://x"}']) {
      expect(() => load(value)).toThrow(ConfigError);
      expect(() => load(value)).toThrow(/SIGNET_SOCIAL_ENDPOINTS/);
    }
  });
});
