/**
 * GET /api/public/orgs/{slug}/jwks.json: what it publishes, the bytes and their ETag,
 * 304 on If-None-Match, and keys that verify the organization's RS256 signatures.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { calculateJwkThumbprint, SignJWT } from "jose";
import { currentPermitKey, currentSigningKey, openSigningKey } from "../../../../src/modules/trust/keys/signing-keys";
import { createOrg, type TestOrg } from "../../../support/accounts";
import { createTestApp, type TestApp } from "../../../support/harness";
import { createSealedOrg, serveOverHttp, verifyWithRemoteJwks } from "../../access/machine/support";

let t: TestApp;
let org: TestOrg;
beforeAll(async () => {
  t = await createTestApp();
  org = await createSealedOrg(t, "owner@jwks.example", "Jwks Co");
});
afterAll(() => t.close());

const jwks = (slug: string, headers: Record<string, string> = {}) => t.request("GET", `/api/public/orgs/${slug}/jwks.json`, { headers });

describe("JWKS", () => {
  test("publishes the current token key and permit key: public members only, kid = RFC 7638 thumbprint", async () => {
    const r = await jwks(org.slug);
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toContain("application/json");
    const token = (await currentSigningKey(t.ctx.db.read, org.orgId))!;
    const permit = (await currentPermitKey(t.ctx.db.read, org.orgId))!;
    expect(r.body.keys.map((k: any) => k.kid)).toEqual([token.id, permit.id]);
    for (const key of r.body.keys) {
      expect(Object.keys(key).sort()).toEqual(["alg", "e", "kid", "kty", "n", "use"]);
      expect(key).toMatchObject({ kty: "RSA", alg: "RS256", use: "sig" });
      expect(key.kid).toBe(await calculateJwkThumbprint(key, "sha256"));
    }
    expect(token.id).not.toBe(permit.id);
  });

  test("precomputed bytes: the same body and strong ETag each time, with Cache-Control", async () => {
    const a = await jwks(org.slug);
    const b = await jwks(org.slug);
    expect(a.text).toBe(b.text);
    expect(a.headers.get("etag")).toMatch(/^"[0-9a-f]{32}"$/);
    expect(b.headers.get("etag")).toBe(a.headers.get("etag"));
    expect(a.headers.get("cache-control")).toBe("public, max-age=60");
  });

  test("If-None-Match with the ETag (also weak, listed or *) answers 304 with no body; another tag gets 200", async () => {
    const etag = (await jwks(org.slug)).headers.get("etag")!;
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, "*"]) {
      const r = await jwks(org.slug, { "if-none-match": header });
      expect(r.status).toBe(304);
      expect(r.text).toBe("");
      expect(r.headers.get("etag")).toBe(etag);
      expect(r.headers.get("cache-control")).toBe("public, max-age=60");
    }
    const r = await jwks(org.slug, { "if-none-match": '"not-it"' });
    expect(r.status).toBe(200);
    expect(r.body.keys).toHaveLength(2);
  });

  test("an organization without its Master Seal publishes an empty set; an unknown slug is 404", async () => {
    const unsealed = await createOrg(t, "owner@unsealed.example", "Unsealed Co");
    const r = await jwks(unsealed.slug);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ keys: [] });
    const missing = await jwks("no-such-org");
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe("not_found");
  });

  test("the slug is matched case-insensitively, as everywhere else", async () => {
    const r = await jwks(org.slug.toUpperCase());
    expect(r.status).toBe(200);
    expect(r.text).toBe((await jwks(org.slug)).text);
  });

  test("an independent verifier fetching the JWKS over HTTP verifies a token the org signed", async () => {
    const server = serveOverHttp(t);
    try {
      const row = (await currentSigningKey(t.ctx.db.read, org.orgId))!;
      const now = new Date(t.clock.now());
      const jwt = await new SignJWT({ sub: "end-user-1" })
        .setProtectedHeader({ alg: "RS256", kid: row.id })
        .setIssuedAt(now)
        .setExpirationTime(new Date(t.clock.now() + 600_000))
        .sign(await openSigningKey(t.ctx, row));
      expect((await verifyWithRemoteJwks(server.url, org.slug, jwt, now)).sub).toBe("end-user-1");
    } finally {
      server.stop();
    }
  });
});
