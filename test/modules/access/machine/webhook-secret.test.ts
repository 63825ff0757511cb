/**
 * The webhook signing secret over HTTP: regenerate (shown once, sealed at rest, the
 * replaced secret valid for 24 h or revoked at once), the metadata view, the secrets a
 * delivery signs with (webhookSigningSecrets), and every refusal leaving nothing behind.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, asc, eq } from "drizzle-orm";
import { orgWebhookSecrets } from "../../../../src/modules/access/machine/schema";
import { webhookSigningSecrets } from "../../../../src/modules/access/machine/webhook-secret";
import { auditEvents } from "../../../../src/platform/audit/schema";
import { addMember, createOrg, type SignedInUser, type TestOrg } from "../../../support/accounts";
import { HOUR, MINUTE } from "../../../support/clock";
import { createTestApp, type TestApp } from "../../../support/harness";

let t: TestApp;
let org: TestOrg;
let other: TestOrg;
let admin: SignedInUser;
let member: SignedInUser;
beforeAll(async () => {
  t = await createTestApp();
  org = await createOrg(t, "owner@hooks.example", "Hooks Co");
  other = await createOrg(t, "owner@elsewhere.example", "Elsewhere Co");
  admin = await addMember(t, org, "admin@hooks.example", "admin");
  member = await addMember(t, org, "member@hooks.example");
});
afterAll(() => t.close());

const base = (slug = org.slug) => `/api/org/${slug}/settings/keys/webhook-secret`;
const regenerate = (token: string, json?: unknown, slug = org.slug) => t.request("POST", `${base(slug)}/regenerate`, { token, json });
const status = (token: string, slug = org.slug) => t.request("GET", base(slug), { token });
const storedRow = async (orgId = org.orgId) => (await t.ctx.db.read.select().from(orgWebhookSecrets).where(eq(orgWebhookSecrets.orgId, orgId)))[0] ?? null;
const events = (orgId = org.orgId) =>
  t.ctx.db.read.select().from(auditEvents).where(and(eq(auditEvents.orgId, orgId), eq(auditEvents.type, "org.webhook_secret.regenerated")))
    .orderBy(asc(auditEvents.seq));
const signingSecrets = (orgId = org.orgId) => webhookSigningSecrets(t.ctx, orgId);

/** Runs a refusal and checks the stored secret and the events did not change. */
async function refused(request: Promise<{ status: number; body: any }>, status: number, error: string, field?: string) {
  const before = await storedRow();
  const eventsBefore = (await events()).length;
  const r = await request;
  expect(r.status).toBe(status);
  expect(r.body.error).toBe(error);
  if (field !== undefined) expect(r.body.field).toBe(field);
  expect(await storedRow()).toEqual(before);
  expect(await events()).toHaveLength(eventsBefore);
  return r;
}

describe("before any secret", () => {
  test("the status says none exists, and deliveries have nothing to sign with", async () => {
    const r = await status(admin.token);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ exists: false, createdAt: null, previousValidUntil: null });
    expect(await signingSecrets()).toEqual({ current: null, previous: null });
  });
});

describe("regenerate", () => {
  let first: string;

  test("201: the secret is whsec_ and 256 bits, shown once, sealed at rest (not in clear), audited without it", async () => {
    const r = await regenerate(admin.token);
    expect(r.status).toBe(201);
    expect(r.body).toEqual({ secret: expect.stringMatching(/^whsec_[A-Za-z0-9_-]{43}$/), createdAt: new Date(t.clock.now()).toISOString(), previousValidUntil: null });
    first = r.body.secret;
    const row = (await storedRow())!;
    expect(JSON.stringify(row)).not.toContain(first.slice(6));
    expect(row.secretSealed).toMatch(/^v1\./);
    expect(await signingSecrets()).toEqual({ current: first, previous: null });
    const [event] = await events();
    expect(event).toMatchObject({ actorKind: "user", actorId: admin.userId });
    expect(event!.payload).toEqual({ createdAt: r.body.createdAt, replacedCreatedAt: null, previousValidUntil: null, revokePrevious: false });
    expect(JSON.stringify(event)).not.toContain(first.slice(6));
  });

  test("the status shows metadata only, never the secret", async () => {
    const r = await status(org.owner.token);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ exists: true, createdAt: expect.any(String), previousValidUntil: null });
    expect(r.text).not.toContain("whsec_");
  });

  test("a regeneration keeps the replaced secret valid for 24 hours, then only the new one signs", async () => {
    t.clock.advance(MINUTE);
    const r = await regenerate(org.owner.token, {});
    expect(r.status).toBe(201);
    const validUntil = new Date(t.clock.now() + 24 * HOUR).toISOString();
    expect(r.body.previousValidUntil).toBe(validUntil);
    expect(r.body.secret).not.toBe(first);
    expect(await signingSecrets()).toEqual({ current: r.body.secret, previous: first });
    expect((await status(admin.token)).body).toEqual({ exists: true, createdAt: r.body.createdAt, previousValidUntil: validUntil });
    const last = (await events()).at(-1)!;
    expect(last.payload).toMatchObject({ revokePrevious: false, previousValidUntil: validUntil, replacedCreatedAt: expect.any(String) });

    t.clock.advance(24 * HOUR - 1);
    expect((await signingSecrets()).previous).toBe(first);
    t.clock.advance(1);
    expect(await signingSecrets()).toEqual({ current: r.body.secret, previous: null });
    expect((await status(admin.token)).body.previousValidUntil).toBeNull();
  });

  test("revokePrevious ends the replaced secret at once", async () => {
    const replaced = (await signingSecrets()).current;
    const r = await regenerate(admin.token, { revokePrevious: true });
    expect(r.status).toBe(201);
    expect(r.body.previousValidUntil).toBeNull();
    expect(await signingSecrets()).toEqual({ current: r.body.secret, previous: null });
    expect(r.body.secret).not.toBe(replaced);
    expect((await events()).at(-1)!.payload).toMatchObject({ revokePrevious: true, previousValidUntil: null });
  });

  test("a second regeneration within the cutover ends the older secret: one previous at a time", async () => {
    const a = (await regenerate(admin.token)).body.secret;
    const b = (await regenerate(admin.token)).body.secret;
    expect(await signingSecrets()).toEqual({ current: b, previous: a });
  });

  test("each organization has its own secret; another organization's status is untouched", async () => {
    expect(await signingSecrets(other.orgId)).toEqual({ current: null, previous: null });
    const r = await regenerate(other.owner.token, undefined, other.slug);
    expect(r.status).toBe(201);
    expect((await signingSecrets(other.orgId)).current).toBe(r.body.secret);
    expect((await signingSecrets()).current).not.toBe(r.body.secret);
  });
});

describe("refusals", () => {
  test("a member is 403 PERMISSION_DENIED, for regenerating and for reading", async () => {
    const r = await refused(regenerate(member.token), 403, "PERMISSION_DENIED");
    expect(r.body.scope).toBe("org.webhook_secret.regenerate");
    const s = await status(member.token);
    expect(s.status).toBe(403);
    expect(s.body.scope).toBe("org.webhook_secret.read");
  });

  test("another organization's slug is 404 for a non-member; no session is 401", async () => {
    await refused(regenerate(admin.token, undefined, other.slug), 404, "not_found");
    expect((await status(admin.token, other.slug)).status).toBe(404);
    const anonymous = await t.request("POST", `${base()}/regenerate`);
    expect(anonymous.status).toBe(401);
  });

  test("machines do not regenerate it: an M2M token, even with org.*, is 403 machine_not_allowed", async () => {
    const key = await t.request("POST", `/api/org/${org.slug}/settings/keys/api-keys`, { token: org.owner.token, json: { scopes: ["org.*"] } });
    const m2m = await t.request("POST", "/api/m2m/token", { json: { orgSlug: org.slug, apiKey: key.body.key } });
    expect(m2m.status).toBe(200);
    await refused(regenerate(m2m.body.accessToken), 403, "machine_not_allowed");
    expect((await status(m2m.body.accessToken)).status).toBe(403);
  });

  test("wrong types, unknown fields and malformed JSON are 400", async () => {
    await refused(regenerate(admin.token, { revokePrevious: "yes" }), 400, "invalid_request", "revokePrevious");
    await refused(regenerate(admin.token, { revokePrevious: true, extra: 1 }), 400, "invalid_request");
    await refused(regenerate(admin.token, []), 400, "invalid_request");
    await refused(
      t.request("POST", `${base()}/regenerate`, { token: admin.token, body: "{nope", headers: { "content-type": "application/json" } }),
      400,
      "invalid_json",
    );
  });
});
