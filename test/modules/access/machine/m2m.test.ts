/**
 * POST /api/m2m/token and M2M tokens on /api/org/{slug}/*: every row of the 5.2 table,
 * scope narrowing, the three re-checks on every request (organization, revocation,
 * service account), and every kind of bad token answering 401.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { exportSPKI, importJWK, SignJWT, UnsecuredJWT } from "jose";
import { auditEvents } from "../../../../src/platform/audit/schema";
import { currentSigningKey, openSigningKey } from "../../../../src/modules/trust/keys/signing-keys";
import { addMember, createOrg, type TestOrg } from "../../../support/accounts";
import { registerPasskey, sealAssertion, type Authenticator } from "../../../support/authenticator";
import { HOUR, SECOND } from "../../../support/clock";
import { createTestApp, type TestApp } from "../../../support/harness";
import { createSealedOrg } from "./support";

let t: TestApp;
let org: TestOrg;
let other: TestOrg;
let ownerDevice: Authenticator;
let apiKey: string;
let keyId: string;
beforeAll(async () => {
  t = await createTestApp();
  org = await createSealedOrg(t, "owner@m2m.example", "M2M Co");
  other = await createOrg(t, "owner@m2m-other.example", "M2M Other");
  ownerDevice = await registerPasskey(t, org.owner);
  ({ key: apiKey, id: keyId } = await createKey({ scopes: ["org.member.list", "org.agent.*"] }));
});
afterAll(() => t.close());

async function createKey(body: Record<string, unknown>, owner = org): Promise<{ id: string; key: string }> {
  const ceiling = body.maxTokenLifetimeSeconds as number | undefined;
  const seal = ceiling && ceiling > 300 ? { assertionResponseJson: await sealAssertion(t, owner.owner, ownerDevice, "api_key.long_lifetime", owner.slug) } : {};
  const r = await t.request("POST", `/api/org/${owner.slug}/settings/keys/api-keys`, { token: owner.owner.token, json: { scopes: ["org.member.list"], ...body, ...seal } });
  if (r.status !== 201) throw new Error(`create key: ${r.status} ${r.text}`);
  return r.body;
}

const exchange = (json: Record<string, unknown>) => t.request("POST", "/api/m2m/token", { json });
const me = (token: string, slug = org.slug) => t.request("GET", `/api/org/${slug}/me`, { token });
const issued = () => t.ctx.db.read.select().from(auditEvents).where(and(eq(auditEvents.orgId, org.orgId), eq(auditEvents.type, "org.m2m_token.issued")));

async function tokenFor(key = apiKey, extra: Record<string, unknown> = {}): Promise<string> {
  const r = await exchange({ orgSlug: org.slug, apiKey: key, ...extra });
  if (r.status !== 200) throw new Error(`exchange: ${r.status} ${r.text}`);
  return r.body.accessToken;
}

function claimsOf(token: string): Record<string, any> {
  return JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString());
}

describe("token exchange", () => {
  test("200 {accessToken, tokenType, expiresIn, org, scope}, not cacheable, audited with the key as actor", async () => {
    const before = (await issued()).length;
    const r = await exchange({ orgSlug: org.slug, apiKey });
    expect(r.status).toBe(200);
    expect(r.headers.get("cache-control")).toBe("no-store");
    expect(r.body).toEqual({
      accessToken: expect.any(String),
      tokenType: "Bearer",
      expiresIn: 300,
      org: { id: org.orgId, name: "M2M Co", slug: org.slug },
      scope: "org.member.list org.agent.*",
    });
    const claims = claimsOf(r.body.accessToken);
    expect(claims).toMatchObject({ sub: keyId, org: org.orgId, scope: "org.member.list org.agent.*" });
    expect(claims.exp - claims.iat).toBe(300);
    const events = await issued();
    expect(events).toHaveLength(before + 1);
    expect(events.at(-1)).toMatchObject({ actorKind: "api_key", actorId: keyId });
    expect(events.at(-1)!.payload).toEqual({ keyId, tokenId: claims.jti, scopes: ["org.member.list", "org.agent.*"], expiresIn: 300 });
  });

  test("the token works on /api/org/{slug}/me as the machine", async () => {
    const token = await tokenFor();
    const r = await me(token);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      kind: "m2m",
      org: { id: org.orgId, slug: org.slug, name: "M2M Co" },
      userId: null,
      role: null,
      isOwner: false,
      connectedId: null,
      scopes: ["org.member.list", "org.agent.*"],
      keyId,
      serviceAccountId: null,
      appGroupId: null,
      expiresAt: new Date(t.clock.now() + 300 * SECOND).toISOString(),
      agentId: null,
    });
  });

  test("the slug is matched case-insensitively", async () => {
    expect((await exchange({ orgSlug: org.slug.toUpperCase(), apiKey })).status).toBe(200);
  });
});

describe("5.2 lifetimes: every row of the table", () => {
  const expiresIn = async (key: string, lifetimeSeconds?: unknown) => {
    const r = await exchange({ orgSlug: org.slug, apiKey: key, ...(lifetimeSeconds === undefined ? {} : { lifetimeSeconds }) });
    expect(r.status).toBe(200);
    const claims = claimsOf(r.body.accessToken);
    expect(claims.exp - claims.iat).toBe(r.body.expiresIn);
    return r.body.expiresIn;
  };
  let noCeiling: string;
  let day: string;
  let minute: string;
  beforeAll(async () => {
    noCeiling = (await createKey({})).key;
    day = (await createKey({ maxTokenLifetimeSeconds: 86400 })).key;
    minute = (await createKey({ maxTokenLifetimeSeconds: 60 })).key;
  });

  test("omitted, any ceiling → 300 (the spec's table, even for a ceiling below 300)", async () => {
    expect(await expiresIn(noCeiling)).toBe(300);
    expect(await expiresIn(day)).toBe(300);
    expect(await expiresIn(minute)).toBe(300);
  });
  test("86400 with no ceiling given at creation → 300", async () => expect(await expiresIn(noCeiling, 86400)).toBe(300));
  test("86400 with ceiling 86400 → 86400", async () => expect(await expiresIn(day, 86400)).toBe(86400));
  test("604800 with ceiling 86400 → 86400", async () => expect(await expiresIn(day, 604800)).toBe(86400));
  test("30, any ceiling → 60", async () => {
    expect(await expiresIn(noCeiling, 30)).toBe(60);
    expect(await expiresIn(day, 30)).toBe(60);
    expect(await expiresIn(minute, 30)).toBe(60);
  });
  test("out of range is clamped, never refused: negative, zero, huge, fractional; a week is the cap", async () => {
    expect(await expiresIn(day, -5)).toBe(60);
    expect(await expiresIn(day, 0)).toBe(60);
    expect(await expiresIn(day, 1e15)).toBe(86400);
    expect(await expiresIn(day, 90.9)).toBe(90);
    expect(await expiresIn(minute, 3600)).toBe(60);
    const week = (await createKey({ maxTokenLifetimeSeconds: 604800 })).key;
    expect(await expiresIn(week, 1e9)).toBe(604800);
  });
  test("a lifetime that is not a number is 400 naming the field", async () => {
    const r = await exchange({ orgSlug: org.slug, apiKey: noCeiling, lifetimeSeconds: "long" });
    expect(r.status).toBe(400);
    expect(r.body.field).toBe("lifetimeSeconds");
  });
});

describe("scope narrowing", () => {
  test("a subset, a scope under the key's wildcard, or a list: granted", async () => {
    expect((await exchange({ orgSlug: org.slug, apiKey, scope: "org.member.list" })).body.scope).toBe("org.member.list");
    expect((await exchange({ orgSlug: org.slug, apiKey, scope: "org.agent.hire  org.member.list" })).body.scope).toBe("org.agent.hire org.member.list");
    expect((await exchange({ orgSlug: org.slug, apiKey, scope: ["org.agent.hire"] })).body.scope).toBe("org.agent.hire");
    const token = await tokenFor(apiKey, { scope: "org.agent.hire" });
    expect((await me(token)).body.scopes).toEqual(["org.agent.hire"]);
  });

  test("beyond the key's scopes, malformed or empty: 400 invalid_scope, no token, nothing audited", async () => {
    const before = (await issued()).length;
    for (const scope of ["org.member.remove", "org.member.list org.*", "not a scope", "", "   ", []]) {
      const r = await exchange({ orgSlug: org.slug, apiKey, scope });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ error: "invalid_scope", field: "scope" });
    }
    expect(await issued()).toHaveLength(before);
  });
});

describe("exchange refusals", () => {
  test("unknown, malformed or another organization's key, or an unknown slug: 401 invalid_api_key", async () => {
    const theirs = await createKey({}, other);
    const cases = [
      { orgSlug: org.slug, apiKey: "ah_live_" + "A".repeat(43) },
      { orgSlug: org.slug, apiKey: "not-a-key" },
      { orgSlug: org.slug, apiKey: apiKey + "x" },
      { orgSlug: org.slug, apiKey: theirs.key },
      { orgSlug: other.slug, apiKey },
      { orgSlug: "no-such-org", apiKey },
    ];
    const before = (await issued()).length;
    for (const json of cases) {
      const r = await exchange(json);
      expect(r.status).toBe(401);
      expect(r.body.error).toBe("invalid_api_key");
    }
    expect(await issued()).toHaveLength(before);
  });

  test("missing fields, wrong types and malformed JSON: 400", async () => {
    for (const [json, field] of [
      [{ apiKey }, "orgSlug"],
      [{ orgSlug: org.slug }, "apiKey"],
      [{ orgSlug: org.slug, apiKey: 42 }, "apiKey"],
      [{ orgSlug: org.slug, apiKey, scope: 7 }, "scope"],
    ] as const) {
      const r = await exchange(json as Record<string, unknown>);
      expect(r.status).toBe(400);
      expect(r.body.field).toBe(field);
    }
    const r = await t.request("POST", "/api/m2m/token", { body: "{", headers: { "content-type": "application/json" } });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe("invalid_json");
  });
});

describe("every request re-checks the token", () => {
  test("on another organization's slug: 401 wrong_organization, also where the key's creator is a member", async () => {
    const token = await tokenFor();
    await addMember(t, other, "owner@m2m.example", "admin");
    const r = await me(token, other.slug);
    expect(r.status).toBe(401);
    expect(r.body.error).toBe("wrong_organization");
    expect((await me(token, "no-such-org")).status).toBe(401);
  });

  test("expired: 200 up to the last second, then 401 token_expired", async () => {
    const token = await tokenFor(apiKey, { lifetimeSeconds: 60 });
    t.clock.advance(59 * SECOND);
    expect((await me(token)).status).toBe(200);
    t.clock.advance(SECOND);
    const r = await me(token);
    expect(r.status).toBe(401);
    expect(r.body.error).toBe("token_expired");
  });

  test("revoking the key cuts off its issued tokens on the very next request, and the key itself", async () => {
    const key = await createKey({ scopes: ["org.member.list"] });
    const token = await tokenFor(key.key);
    expect((await me(token)).status).toBe(200);
    const revoked = await t.request("DELETE", `/api/org/${org.slug}/settings/keys/api-keys/${key.id}`, { token: org.owner.token });
    expect(revoked.status).toBe(200);
    const r = await me(token);
    expect(r.status).toBe(401);
    expect(r.body.error).toBe("api_key_revoked");
    const again = await exchange({ orgSlug: org.slug, apiKey: key.key });
    expect(again.status).toBe(401);
    expect(again.body.error).toBe("api_key_revoked");
  });

  test("a revocation survives a restart of the node's memory (markers reload from the database)", async () => {
    const key = await createKey({ scopes: ["org.member.list"] });
    const token = await tokenFor(key.key);
    await t.request("DELETE", `/api/org/${org.slug}/settings/keys/api-keys/${key.id}`, { token: org.owner.token });
    const { Keyring } = await import("../../../../src/modules/trust/keys/keyring");
    const { apiKeyRevocationMarkers } = await import("../../../../src/modules/access/machine/api-keys");
    const fresh = new Keyring(t.ctx.keyring.deps);
    fresh.readMarkersWith(apiKeyRevocationMarkers);
    try {
      expect(await fresh.isRevoked(key.id)).toBe(true);
      expect(await fresh.isRevoked(keyId)).toBe(false);
      // The marker lasts ceiling + 1 h; by then every token of the key has expired anyway.
      t.clock.advance(300 * SECOND + HOUR);
      expect(await fresh.isRevoked(key.id)).toBe(false);
      expect((await me(token)).body.error).toBe("token_expired");
    } finally {
      await fresh.close();
    }
  });

  test("a bound service account: suspended → 401 service_account_inactive at once (exchange too); active again → 200; its role caps the scopes", async () => {
    const sa = await t.request("POST", `/api/org/${org.slug}/service-accounts`, { token: org.owner.token, json: { name: "robot", role: "admin" } });
    const key = await createKey({ scopes: ["org.member.list", "org.member.remove"], serviceAccountId: sa.body.id });
    const token = await tokenFor(key.key);
    let r = await me(token);
    expect(r.body).toMatchObject({ serviceAccountId: sa.body.id, connectedId: sa.body.connectedId, scopes: ["org.member.list", "org.member.remove"] });

    const badge = (status: string) => t.request("PATCH", `/api/org/${org.slug}/badges/${sa.body.connectedId}`, { token: org.owner.token, json: { status } });
    expect((await badge("suspended")).status).toBe(200);
    r = await me(token);
    expect(r.status).toBe(401);
    expect(r.body.error).toBe("service_account_inactive");
    expect((await exchange({ orgSlug: org.slug, apiKey: key.key })).body.error).toBe("service_account_inactive");
    expect((await badge("active")).status).toBe(200);
    expect((await me(token)).status).toBe(200);

    // The account's role now grants less: the token's scopes shrink on the next request.
    expect((await t.request("PATCH", `/api/org/${org.slug}/service-accounts/${sa.body.id}`, { token: org.owner.token, json: { role: "member" } })).status).toBe(200);
    expect((await me(token)).body.scopes).toEqual(["org.member.list"]);
    expect((await exchange({ orgSlug: org.slug, apiKey: key.key })).body.scope).toBe("org.member.list");

    expect((await t.request("DELETE", `/api/org/${org.slug}/service-accounts/${sa.body.id}`, { token: org.owner.token })).status).toBe(200);
    expect((await me(token)).body.error).toBe("service_account_inactive");
  });
});

describe("bad tokens: 401 invalid_token", () => {
  const expectInvalid = async (token: string) => {
    const r = await me(token);
    expect(r.status).toBe(401);
    expect(r.body.error).toBe("invalid_token");
  };
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

  test("malformed: three parts of nothing, junk, truncated, or an oversized token", async () => {
    const token = await tokenFor();
    for (const bad of ["a.b.c", "..", "eyJ.eyJ.eyJ", token.slice(0, -5), `${token}x`, `${token.split(".").slice(0, 2).join(".")}.`, "x".repeat(9000) + ".a.b"]) {
      await expectInvalid(bad);
    }
  });

  test("a tampered payload (another org, more scopes, later expiry) or header", async () => {
    const token = await tokenFor();
    const [header, payload, mac] = token.split(".") as [string, string, string];
    const claims = claimsOf(token);
    await expectInvalid(`${header}.${b64({ ...claims, scope: "org.*" })}.${mac}`);
    await expectInvalid(`${header}.${b64({ ...claims, exp: claims.exp + 3600 })}.${mac}`);
    const header2 = b64({ ...JSON.parse(Buffer.from(header, "base64url").toString()), extra: 1 });
    await expectInvalid(`${header2}.${payload}.${mac}`);
  });

  test("alg none", async () => {
    const claims = claimsOf(await tokenFor());
    const kid = JSON.parse(Buffer.from((await tokenFor()).split(".")[0]!, "base64url").toString()).kid;
    await expectInvalid(`${b64({ alg: "none", typ: "at+jwt", kid })}.${b64(claims)}.`);
    await expectInvalid(new UnsecuredJWT(claims).encode());
  });

  test("HS256 signed with the organization's public key (key confusion), and RS256 signed with its real private key", async () => {
    const claims = claimsOf(await tokenFor());
    const row = (await currentSigningKey(t.ctx.db.read, org.orgId))!;
    const publicPem = await exportSPKI((await importJWK(row.publicJwk as any, "RS256", { extractable: true })) as CryptoKey);
    for (const secret of [publicPem, JSON.stringify(row.publicJwk), row.publicJwk.n as string]) {
      const forged = await new SignJWT(claims).setProtectedHeader({ alg: "HS256", typ: "at+jwt", kid: row.id }).sign(new TextEncoder().encode(secret));
      await expectInvalid(forged);
    }
    const rs = await new SignJWT(claims).setProtectedHeader({ alg: "RS256", typ: "at+jwt", kid: row.id }).sign(await openSigningKey(t.ctx, row));
    await expectInvalid(rs);
  });

  test("a token of another deployment (same claims, its own secret)", async () => {
    const elsewhere = await createTestApp();
    try {
      const claims = claimsOf(await tokenFor());
      const { signM2mToken } = await import("../../../../src/modules/access/machine/m2m-token");
      await expectInvalid(await signM2mToken(elsewhere.ctx, claims as any));
    } finally {
      await elsewhere.close();
    }
  });
});

describe("the node's memory of verified tokens", () => {
  test("only the very same text is remembered: a token used a thousand times, then with one byte changed anywhere, is 401", async () => {
    const token = await tokenFor();
    for (let i = 0; i < 1000; i++) expect((await me(token)).status).toBe(200);
    for (const at of [3, token.indexOf(".") + 5, token.length - 2]) {
      const changed = token.slice(0, at) + (token[at] === "A" ? "B" : "A") + token.slice(at + 1);
      const r = await me(changed);
      expect(r.status).toBe(401);
      expect(r.body.error).toBe("invalid_token");
    }
    expect((await me(token)).status).toBe(200);
  });

  test("it is the deployment's own: the same token, remembered here, is 401 on another deployment in the same process", async () => {
    const token = await tokenFor();
    expect((await me(token)).status).toBe(200);
    const elsewhere = await createTestApp();
    try {
      const theirs = await createSealedOrg(elsewhere, "owner@m2m.example", "M2M Co");
      const r = await elsewhere.request("GET", `/api/org/${theirs.slug}/me`, { token });
      expect(r.status).toBe(401);
      expect(r.body.error).toBe("invalid_token");
    } finally {
      await elsewhere.close();
    }
  });
});

describe("routes for people and routes for machines", () => {
  test("a session works on /me as the member", async () => {
    const r = await me(org.owner.token);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ kind: "user", userId: org.owner.userId, role: "owner", isOwner: true, keyId: null, expiresAt: null });
  });

  test("an M2M token on a route for people: 403 machine_not_allowed; a bad one still 401", async () => {
    const r = await t.request("GET", `/api/org/${org.slug}/members`, { token: await tokenFor() });
    expect(r.status).toBe(403);
    expect(r.body.error).toBe("machine_not_allowed");
    expect((await t.request("GET", `/api/org/${org.slug}/members`, { token: "a.b.c" })).status).toBe(401);
  });

  test("no credential: 401", async () => {
    expect((await t.request("GET", `/api/org/${org.slug}/me`)).status).toBe(401);
  });
});
