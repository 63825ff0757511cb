/**
 * Invitation mail an organization sends to addresses it chooses comes out of a budget
 * (500 an hour, 2,000 a day): import invites and member invitations alike. Over it, the
 * request is 429 rate_limited with Retry-After, and nothing is written or sent.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { count, eq } from "drizzle-orm";
import { endUsers } from "../../../../../src/modules/customers/end-users/schema";
import { ORG_MAIL_BUDGET } from "../../../../../src/modules/messaging";
import { outboxMessages } from "../../../../../src/platform/outbound/schema";
import { HOUR } from "../../../../support/clock";
import { createTestApp, type TestApp } from "../../../../support/harness";
import { createApiKey } from "../../apps/support";
import { createSignInFixture, type SignInFixture } from "../support";

let t: TestApp;
let fx: SignInFixture;
let key: string;
beforeAll(async () => {
  t = await createTestApp();
  fx = await createSignInFixture(t, "owner@budget.example", "Budget Co");
  key = (await createApiKey(t, fx.org, { scopes: ["org.end_user.import"] })).key;
}, 60_000);
afterAll(() => t.close());

const batch = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => ({ email: `${prefix}${i}@budget.example` }));
const importInvites = (users: unknown[]) =>
  t.request("POST", "/api/public/v1/end-users/import", { json: { appGroupId: fx.group.id, source: "csv", sendInvites: true, users }, headers: { "x-api-key": key } });
const endUserCount = async () => Number((await t.ctx.db.read.select({ n: count() }).from(endUsers).where(eq(endUsers.appGroupId, fx.group.id)))[0]!.n);
const mailCount = async () => Number((await t.ctx.db.read.select({ n: count() }).from(outboxMessages))[0]!.n);

describe("the organization's mail budget", () => {
  test("a batch the hour's budget cannot cover is 429 with Retry-After; nothing is imported or mailed", async () => {
    expect(ORG_MAIL_BUDGET).toEqual({ perHour: 500, perDay: 2000 });
    const first = await importInvites(batch("a", 300));
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ created: 300, invitesSent: 300 });
    const [users, mails] = [await endUserCount(), await mailCount()];

    const second = await importInvites(batch("b", 300));
    expect(second.status).toBe(429);
    expect(second.body).toMatchObject({ error: "rate_limited", field: "sendInvites" });
    expect(Number(second.headers.get("retry-after"))).toBeGreaterThan(0);
    expect([await endUserCount(), await mailCount()]).toEqual([users, mails]);

    // Without invites the same batch imports: the budget is for mail only.
    const quiet = await t.request("POST", "/api/public/v1/end-users/import", {
      json: { appGroupId: fx.group.id, source: "csv", sendInvites: false, users: batch("c", 300) },
      headers: { "x-api-key": key },
    });
    expect(quiet.status).toBe(200);
  });

  test("member invitations draw on the same budget; the next hour has room again", async () => {
    const invite = (email: string) => t.request("POST", `/api/org/${fx.org.slug}/invitations`, { token: fx.org.owner.token, json: { email, role: "member" } });
    // 300 of the hour's 500 are spent: 200 more fit.
    expect((await importInvites(batch("d", 199))).status).toBe(200);
    expect((await invite("last@budget.example")).status).toBe(201);
    const over = await invite("over@budget.example");
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ error: "rate_limited", field: "email" });
    const pending = (await t.request("GET", `/api/org/${fx.org.slug}/invitations`, { token: fx.org.owner.token })).body;
    expect(JSON.stringify(pending)).not.toContain("over@budget.example");
    t.clock.advance(HOUR);
    expect((await invite("over@budget.example")).status).toBe(201);
  });
});
