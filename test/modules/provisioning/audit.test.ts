/**
 * Every SCIM change is one transaction with its audit events (DESIGN §3, §6): the org.*
 * events orgs writes for memberships, badges and roles seal those records, so after a
 * whole provisioning session the integrity scan finds nothing out of place and the chain
 * is intact; a refused change writes no event.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { sealOrg } from "../trust/audit/support";
import { createTestApp, type TestApp } from "../../support/harness";
import { createUser, eventsOf, patch, scimClient, scimOrg, userBody } from "./support";

let t: TestApp;
beforeAll(async () => (t = await createTestApp()));
afterAll(() => t.close());

test("after users and groups are created, patched, moved and deleted, the integrity scan finds nothing and the chain is intact", async () => {
  const org = await scimOrg(t, "AuditScan");
  await sealOrg(t, org.orgId);
  const scim = scimClient(t, org);
  const [a, b, c] = [await createUser(scim, "scan.a"), await createUser(scim, "scan.b"), await createUser(scim, "scan.c")];
  const first = (await scim("POST", "/Groups", { displayName: "First", members: [{ value: a.id }, { value: b.id }] })).body;
  const second = (await scim("POST", "/Groups", { displayName: "Second", members: [{ value: b.id }] })).body;
  expect((await scim("PATCH", `/Groups/${first.id}`, patch({ op: "Replace", value: { displayName: "First Renamed" } }, { op: "add", path: "members", value: [{ value: c.id }] }))).status).toBe(200);
  expect((await scim("PATCH", `/Users/${a.id}`, patch({ op: "Replace", path: "active", value: "False" }))).status).toBe(200);
  expect((await scim("DELETE", `/Groups/${second.id}`)).status).toBe(204);
  expect((await scim("DELETE", `/Users/${c.id}`)).status).toBe(204);
  const r = await t.request("POST", `/api/v1/admin/integrity/scan?org=${org.slug}`, { token: org.owner.token });
  expect(r.status).toBe(200);
  expect(r.body.records.findings).toEqual([]);
  expect(r.body.chain.intact).toBe(true);
  const scimEvents = (await eventsOf(t, org.orgId, "org.scim.")).map((e) => e.type);
  expect(scimEvents).toEqual([
    "org.scim.token_created",
    "org.scim.user_created",
    "org.scim.user_created",
    "org.scim.user_created",
    "org.scim.group_created",
    "org.scim.group_created",
    "org.scim.group_updated",
    "org.scim.user_updated",
    "org.scim.group_deleted",
    "org.scim.user_deleted",
  ]);
});

test("a refused change writes no event", async () => {
  const org = await scimOrg(t, "AuditRefused");
  const scim = scimClient(t, org);
  await createUser(scim, "taken", { externalId: "x-1" });
  const before = (await eventsOf(t, org.orgId, "")).length;
  expect((await scim("POST", "/Users", userBody("TAKEN", "someone@example.com"))).status).toBe(409);
  expect((await scim("POST", "/Groups", { displayName: "G", members: [{ value: "nobody" }] })).status).toBe(400);
  expect((await scim("PATCH", "/Users/nobody", patch({ op: "replace", path: "title", value: "x" }))).status).toBe(404);
  expect((await eventsOf(t, org.orgId, "")).length).toBe(before);
});
