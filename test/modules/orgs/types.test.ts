/**
 * Organization types (personal, corporation, project) and their one-way upgrades, and
 * the representative director of a corporation or project.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { addMember, createOrg, signInAs, type SignedInUser, type TestOrg } from "../../support/accounts";
import { createTestApp, type TestApp } from "../../support/harness";
import { auditOf, orgRow, orgState } from "./support";

let t: TestApp;
beforeAll(async () => (t = await createTestApp()));
afterAll(() => t.close());

const upgrade = (slug: string, json: unknown, token: string) => t.request("POST", `/api/org/${slug}/upgrade-type`, { json, token });
const represent = (slug: string, json: unknown, token: string) => t.request("POST", `/api/org/${slug}/representative`, { json, token });

describe("POST /api/org/{slug}/upgrade-type", () => {
  let org: TestOrg;
  let admin: SignedInUser;
  let member: SignedInUser;
  let outsider: SignedInUser;
  let projectOwner: SignedInUser;

  beforeAll(async () => {
    org = await createOrg(t, "owner@up.example", "Up", { slug: "up" });
    admin = await addMember(t, org, "admin@up.example", "admin");
    member = await addMember(t, org, "member@up.example", "member");
    outsider = await signInAs(t, "outsider@else.example");
    const proj = await createOrg(t, "owner@proj.example", "Proj", { slug: "proj" });
    projectOwner = proj.owner;
    expect((await upgrade("proj", { type: "project" }, proj.owner.token)).status).toBe(200);
  });

  test("only the owner may change the type: admin and member 403 owner_required, outsider 404, no session 401", async () => {
    const before = await orgState(t);
    for (const who of [admin, member]) {
      const r = await upgrade("up", { type: "corporation" }, who.token);
      expect(r.status).toBe(403);
      expect(r.body.error).toBe("owner_required");
    }
    const foreign = await upgrade("up", { type: "corporation" }, outsider.token);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual((await upgrade("nope", { type: "corporation" }, outsider.token)).body);
    expect((await t.request("POST", "/api/org/up/upgrade-type", { json: { type: "corporation" } })).status).toBe(401);
    expect(await orgState(t)).toEqual(before);
  });

  test("bad bodies are 400 naming the field", async () => {
    const before = await orgState(t);
    for (const json of [{}, { type: "llc" }, { type: 1 }, { type: "corporation", extra: true }]) {
      const r = await upgrade("up", json, org.owner.token);
      expect(r.status).toBe(400);
      expect(r.body.error).toBe("invalid_request");
      expect(r.body.field).toBe("extra" in json ? "extra" : "type");
    }
    const malformed = await t.request("POST", "/api/org/up/upgrade-type", { body: "{", headers: { "content-type": "application/json" }, token: org.owner.token });
    expect(malformed.status).toBe(400);
    expect(await orgState(t)).toEqual(before);
  });

  test("personal → project → corporation, each with org.type_changed", async () => {
    let r = await upgrade("up", { type: "project" }, org.owner.token);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ slug: "up", type: "project", role: "owner" });
    r = await upgrade("up", { type: "corporation" }, org.owner.token);
    expect(r.status).toBe(200);
    expect(r.body.type).toBe("corporation");
    expect((await orgRow(t, "up"))!.type).toBe("corporation");
    const changes = (await auditOf(t, org.orgId)).filter((e) => e.type === "org.type_changed");
    expect(changes.map((e) => e.payload)).toEqual([
      { from: "personal", to: "project" },
      { from: "project", to: "corporation" },
    ]);
    expect(changes[0]).toMatchObject({ actorKind: "user", actorId: org.owner.userId });
  });

  test("asking for the current type changes nothing and records nothing", async () => {
    const before = await orgState(t);
    const r = await upgrade("up", { type: "corporation" }, org.owner.token);
    expect(r.status).toBe(200);
    expect(r.body.type).toBe("corporation");
    expect(await orgState(t)).toEqual(before);
  });

  test("a downgrade to personal is 409 type_downgrade_not_allowed; corporation → project is 409 type_change_not_allowed", async () => {
    const before = await orgState(t);
    let r = await upgrade("up", { type: "personal" }, org.owner.token);
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ error: "type_downgrade_not_allowed", field: "type", from: "corporation", to: "personal", allowed: [] });
    r = await upgrade("up", { type: "project" }, org.owner.token);
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ error: "type_change_not_allowed", field: "type", from: "corporation", to: "project", allowed: [] });
    r = await upgrade("proj", { type: "personal" }, projectOwner.token);
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ error: "type_downgrade_not_allowed", from: "project", allowed: ["corporation"] });
    expect(await orgState(t)).toEqual(before);
  });
});

describe("POST /api/org/{slug}/representative", () => {
  let corp: TestOrg;
  let admin: SignedInUser;
  let member: SignedInUser;
  let personal: TestOrg;

  beforeAll(async () => {
    corp = await createOrg(t, "owner@corp.example", "Corp", { slug: "corp" });
    await upgrade("corp", { type: "corporation" }, corp.owner.token);
    admin = await addMember(t, corp, "admin@corp.example", "admin");
    member = await addMember(t, corp, "member@corp.example", "member");
    personal = await createOrg(t, "owner@solo.example", "Solo", { slug: "solo" });
  });

  const director = { name: "Kim Director", email: "Director@Corp.Example", phone: "+821012345678", title: "CEO" };

  test("the owner sets the representative director; it is stored, shown and audited", async () => {
    const r = await represent("corp", director, corp.owner.token);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ name: "Kim Director", email: "director@corp.example", phone: "+821012345678", title: "CEO", userId: null });
    expect((await orgRow(t, "corp"))!.representative).toEqual(r.body);
    const read = await t.request("GET", "/api/org/corp", { token: member.token });
    expect(read.body.representative).toEqual(r.body);
    const [event] = (await auditOf(t, corp.orgId)).filter((e) => e.type === "org.representative_set");
    expect(event).toMatchObject({ actorId: corp.owner.userId, payload: { before: null, after: r.body } });
  });

  test("an admin may replace it; a member of the org is linked by userId; phone and title are optional", async () => {
    const r = await represent("corp", { name: "Admin Person", email: "admin@corp.example" }, admin.token);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ name: "Admin Person", email: "admin@corp.example", phone: null, title: null, userId: admin.userId });
    const events = (await auditOf(t, corp.orgId)).filter((e) => e.type === "org.representative_set");
    expect(events).toHaveLength(2);
    expect((events[1]!.payload as any).before.name).toBe("Kim Director");
  });

  test("a member is 403 PERMISSION_DENIED; an outsider 404; no session 401; nothing changes", async () => {
    const before = await orgState(t);
    const r = await represent("corp", director, member.token);
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ error: "PERMISSION_DENIED", scope: "org.representative.update" });
    expect((await represent("corp", director, personal.owner.token)).status).toBe(404);
    expect((await t.request("POST", "/api/org/corp/representative", { json: director })).status).toBe(401);
    expect(await orgState(t)).toEqual(before);
  });

  test("a personal organization has no representative director: 409 representative_not_applicable", async () => {
    const before = await orgState(t);
    const r = await represent("solo", director, personal.owner.token);
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ error: "representative_not_applicable", type: "personal" });
    expect(await orgState(t)).toEqual(before);
  });

  test("bad bodies are 400 naming the field, and nothing changes", async () => {
    const before = await orgState(t);
    const cases: Array<[unknown, string, string]> = [
      [{ email: "a@b.example" }, "name", "invalid_request"],
      [{ ...director, name: "" }, "name", "invalid_request"],
      [{ ...director, name: "n".repeat(201) }, "name", "invalid_request"],
      [{ ...director, name: "   " }, "name", "invalid_name"],
      [{ ...director, email: "not-an-email" }, "email", "invalid_email"],
      [{ ...director, email: 5 }, "email", "invalid_request"],
      [{ ...director, phone: "01012345678" }, "phone", "invalid_phone"],
      [{ ...director, phone: "+0123" }, "phone", "invalid_phone"],
      [{ ...director, title: "t".repeat(101) }, "title", "invalid_request"],
      [{ ...director, shoeSize: 44 }, "shoeSize", "invalid_request"],
    ];
    for (const [json, field, error] of cases) {
      const r = await represent("corp", json, corp.owner.token);
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ error, field });
    }
    expect(await orgState(t)).toEqual(before);
  });
});
