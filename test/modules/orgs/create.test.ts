/**
 * POST /api/org/create, GET /api/org and GET /api/org/{slug}: the creator becomes the
 * owner with a badge, slugs are unique and URL-safe, a new organization is not ready,
 * and another organization is never revealed.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { connectedIds, memberships } from "../../../src/modules/orgs/schema";
import { addMember, createOrg, signInAs, type SignedInUser, type TestOrg } from "../../support/accounts";
import { createTestApp, type TestApp } from "../../support/harness";
import { auditOf, makeReady, orgRow, orgState } from "./support";

let t: TestApp;
let alice: SignedInUser;
beforeAll(async () => {
  t = await createTestApp();
  alice = await signInAs(t, "alice@example.com");
});
afterAll(() => t.close());

const create = (json: unknown, token = alice.token) => t.request("POST", "/api/org/create", { json, token });

describe("POST /api/org/create", () => {
  test("creates a personal organization owned by the caller, not ready, on Free", async () => {
    const r = await create({ name: "Alice Studio", slug: "alice-studio" });
    expect(r.status).toBe(201);
    expect(r.body).toEqual({
      id: expect.any(String),
      name: "Alice Studio",
      slug: "alice-studio",
      type: "personal",
      plan: "free",
      ready: false,
      role: "owner",
      parentSlug: null,
      createdAt: new Date(t.clock.now()).toISOString(),
    });
    const row = await orgRow(t, "alice-studio");
    expect(row).toMatchObject({ id: r.body.id, ownerUserId: alice.userId, type: "personal", plan: "free", parentOrgId: null });

    const members = await t.ctx.db.read.select().from(memberships).where(eq(memberships.orgId, r.body.id));
    expect(members).toEqual([expect.objectContaining({ userId: alice.userId, role: "owner" })]);
    const badges = await t.ctx.db.read.select().from(connectedIds).where(and(eq(connectedIds.orgId, r.body.id), eq(connectedIds.userId, alice.userId)));
    expect(badges).toEqual([expect.objectContaining({ type: "person", status: "active" })]);

    const events = await auditOf(t, r.body.id);
    expect(events.map((e) => e.type)).toEqual(["org.created", "org.member.added"]);
    expect(events[0]).toMatchObject({ actorKind: "user", actorId: alice.userId, payload: { name: "Alice Studio", slug: "alice-studio", type: "personal", plan: "free" } });
    expect(events[0]!.requestId).toBe(r.headers.get("x-request-id"));
  });

  test("takes a corporation or project type", async () => {
    for (const type of ["corporation", "project"]) {
      const r = await create({ name: `Typed ${type}`, type });
      expect(r.status).toBe(201);
      expect(r.body.type).toBe(type);
      expect((await orgRow(t, r.body.slug))!.type).toBe(type);
    }
  });

  test("derives the slug from the name, and picks a free variant when the derived one is taken or reserved", async () => {
    let r = await create({ name: "Ünïcode Corp." });
    expect(r.body.slug).toBe("unicode-corp");
    r = await create({ name: "Unicode Corp" });
    expect(r.status).toBe(201);
    expect(r.body.slug).toBe("unicode-corp-2");
    r = await create({ name: "Admin" });
    expect(r.status).toBe(201);
    expect(r.body.slug).toBe("admin-2");
    r = await create({ name: "!!!" });
    expect(r.status).toBe(201);
    expect(r.body.slug).toMatch(/^org-\d+$/);
    expect(r.body.name).toBe("!!!");
  });

  test("an explicit slug is lower-cased; a taken one is 409 slug_taken and nothing changes", async () => {
    const r = await create({ name: "Bob Shop", slug: "Bob-Shop" });
    expect(r.status).toBe(201);
    expect(r.body.slug).toBe("bob-shop");

    const before = await orgState(t);
    const bob = await signInAs(t, "bob@example.com");
    const taken = await create({ name: "Another", slug: "bob-shop" }, bob.token);
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ error: "slug_taken", field: "slug" });
    expect(await orgState(t)).toEqual(before);
  });

  test("two creators racing for one slug: one gets it, the other 409 slug_taken", async () => {
    const bob = await signInAs(t, "racer@example.com");
    const results = await Promise.all([create({ name: "Race", slug: "race" }), create({ name: "Race", slug: "race" }, bob.token)]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.status === 409)!.body.error).toBe("slug_taken");
    // Racing on a derived slug, both succeed with different slugs.
    const derived = await Promise.all([create({ name: "Derby" }), create({ name: "Derby" }, bob.token)]);
    expect(derived.map((r) => r.status)).toEqual([201, 201]);
    expect(derived.map((r) => r.body.slug).sort()).toEqual(["derby", "derby-2"]);
  });

  test("bad slugs are 400 invalid_slug naming the field", async () => {
    const before = await orgState(t);
    for (const slug of ["Bad Slug!", "-edge", "edge-", "a--b", "x".repeat(49), "swagger", "api", ""]) {
      const r = await create({ name: "Slug Test", slug });
      expect(r.status).toBe(400);
      expect(r.body.field).toBe("slug");
    }
    expect(await orgState(t)).toEqual(before);
  });

  test("bad bodies are 400 naming the field, and nothing is written", async () => {
    const before = await orgState(t);
    const cases: Array<[unknown, string]> = [
      [{}, "name"],
      [{ name: "" }, "name"],
      [{ name: "x".repeat(201) }, "name"],
      [{ name: 42 }, "name"],
      [{ name: "Typed", type: "llc" }, "type"],
      [{ name: "Typed", type: 3 }, "type"],
      [{ name: "Typed", slug: 7 }, "slug"],
      [{ name: "Extra", colour: "red" }, "colour"],
    ];
    for (const [json, field] of cases) {
      const r = await create(json);
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ error: "invalid_request", field });
    }
    const blank = await create({ name: "   " });
    expect(blank.status).toBe(400);
    expect(blank.body).toMatchObject({ error: "invalid_name", field: "name" });
    const control = await create({ name: "Bell\u0007Corp" });
    expect(control.status).toBe(400);
    expect(control.body).toMatchObject({ error: "invalid_name", field: "name" });

    const malformed = await t.request("POST", "/api/org/create", { body: "{name:", headers: { "content-type": "application/json" }, token: alice.token });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toBe("invalid_json");
    expect(await orgState(t)).toEqual(before);
  });

  test("the name is trimmed", async () => {
    const r = await create({ name: "  Padded Name  " });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ name: "Padded Name", slug: "padded-name" });
  });

  test("without a session: 401 and nothing is written", async () => {
    const before = await orgState(t);
    const r = await t.request("POST", "/api/org/create", { json: { name: "Anonymous" } });
    expect(r.status).toBe(401);
    expect(r.body.error).toBe("unauthorized");
    expect((await t.request("POST", "/api/org/create", { json: { name: "Anonymous" }, token: "forged" })).status).toBe(401);
    expect(await orgState(t)).toEqual(before);
  });
});

describe("GET /api/org and GET /api/org/{slug}", () => {
  let carol: SignedInUser;
  let acme: TestOrg;
  let other: TestOrg;

  beforeAll(async () => {
    carol = await signInAs(t, "carol@example.com");
    acme = await createOrg(t, "owner@acme.example", "Acme", { slug: "acme", plan: "pro" });
    other = await createOrg(t, "owner@other.example", "Other", { slug: "other" });
    await addMember(t, acme, "carol@example.com", "member");
    await t.request("POST", "/api/org/create", { json: { name: "Carol Co", slug: "carol-co", type: "corporation" }, token: carol.token });
  });

  test("lists the caller's organizations with the caller's role, and nothing else", async () => {
    const r = await t.request("GET", "/api/org", { token: carol.token });
    expect(r.status).toBe(200);
    const bySlug = Object.fromEntries(r.body.organizations.map((o: any) => [o.slug, o]));
    expect(Object.keys(bySlug).sort()).toEqual(["acme", "carol-co"]);
    expect(bySlug.acme).toEqual({
      id: acme.orgId,
      name: "Acme",
      slug: "acme",
      type: "personal",
      plan: "pro",
      ready: false,
      role: "member",
      parentSlug: null,
      createdAt: expect.any(String),
    });
    expect(bySlug["carol-co"]).toMatchObject({ role: "owner", type: "corporation", plan: "free" });
  });

  test("a user with no organization gets an empty list; no session is 401", async () => {
    const loner = await signInAs(t, "loner@example.com");
    const r = await t.request("GET", "/api/org", { token: loner.token });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ organizations: [] });
    expect((await t.request("GET", "/api/org")).status).toBe(401);
  });

  test("reads one organization with its readiness, for the owner and a member alike", async () => {
    const owner = await t.request("GET", "/api/org/acme", { token: acme.owner.token });
    expect(owner.status).toBe(200);
    expect(owner.body).toMatchObject({
      id: acme.orgId,
      slug: "acme",
      role: "owner",
      ready: false,
      readiness: { ready: false, missing: ["owner_personal_seal", "org_master_seal"] },
      representative: null,
      verifiedEmail: null,
      verifiedPhone: null,
    });
    const member = await t.request("GET", "/api/org/ACME", { token: carol.token });
    expect(member.status).toBe(200);
    expect(member.body).toMatchObject({ slug: "acme", role: "member" });
  });

  test("ready turns true once the owner has a personal seal and the org its Master Seal", async () => {
    await makeReady(t, acme);
    const r = await t.request("GET", "/api/org/acme", { token: acme.owner.token });
    expect(r.body).toMatchObject({ ready: true, readiness: { ready: true, missing: [] } });
    const list = await t.request("GET", "/api/org", { token: carol.token });
    expect(list.body.organizations.find((o: any) => o.slug === "acme").ready).toBe(true);
  });

  test("another organization and an unknown slug answer the same 404", async () => {
    const foreign = await t.request("GET", `/api/org/${other.slug}`, { token: carol.token });
    const unknown = await t.request("GET", "/api/org/no-such-org", { token: carol.token });
    expect(foreign.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(foreign.body).toEqual(unknown.body);
    expect((await t.request("GET", "/api/org/acme")).status).toBe(401);
  });
});
