/**
 * A sign-in flow that races its app group's deletion: the group is found when the request
 * starts and gone when the flow writes. Nothing may point at the deleted rows (PostgreSQL
 * refuses such a row, and a refusal must stay a 4xx): a new flow token is 404 not_found,
 * and the record of a refused sign-in is simply not kept.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { createFlowToken } from "../../../../src/modules/customers/end-users/flow-tokens";
import { recordFailedSignIn } from "../../../../src/modules/customers/end-users/sign-in";
import { endUserSignIns } from "../../../../src/modules/customers/end-users/schema";
import { createTestApp, type TestApp } from "../../../support/harness";
import { createSignInFixture, type SignInFixture } from "./support";

let t: TestApp;
let fx: SignInFixture;
beforeAll(async () => {
  t = await createTestApp();
  fx = await createSignInFixture(t, "owner@race.example", "Race Co");
  const deleted = await t.request("DELETE", `/api/org/${fx.org.slug}/app-groups/${fx.group.id}`, { token: fx.org.owner.token });
  expect(deleted.status).toBe(200);
}, 60_000);
afterAll(() => t.close());

test("a flow token for a deleted group's application is 404 not_found, and nothing is written", async () => {
  const error = await t.ctx.db
    .write((tx) => createFlowToken(tx, { kind: "passkey_login", orgId: fx.org.orgId, appGroupId: fx.group.id, applicationId: fx.application.id, ttlMs: 60_000 }, t.clock.now()))
    .catch((e) => e);
  expect([error.status, error.code]).toEqual([404, "not_found"]);
});

test("a refused sign-in for a deleted group is not recorded, and does not throw", async () => {
  const client = { appGroup: { id: fx.group.id, orgId: fx.org.orgId }, application: { id: fx.application.id }, ip: null, userAgent: null } as any;
  await recordFailedSignIn(t.ctx, client, { method: "passkey", reason: "credential_unknown" });
  expect(await t.ctx.db.read.select().from(endUserSignIns)).toEqual([]);
});

test("a refused sign-in for a deleted application of a live group is not recorded either", async () => {
  const other = await createSignInFixture(t, "owner@race-app.example", "Race App Co");
  const deleted = await t.request("DELETE", `/api/org/${other.org.slug}/applications/${other.application.id}`, { token: other.org.owner.token });
  expect(deleted.status).toBe(200);
  const client = { appGroup: { id: other.group.id, orgId: other.org.orgId }, application: { id: other.application.id }, ip: null, userAgent: null } as any;
  await recordFailedSignIn(t.ctx, client, { method: "social:google", reason: "invalid_token" });
  expect(await t.ctx.db.read.select().from(endUserSignIns)).toEqual([]);
});
