/** sign-in-artifacts.prune (magic links, link requests) and org-otp.prune (OTP codes): what expired goes, live rows stay. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { linkRequests, magicLinks } from "../../../src/modules/identity/schema";
import { otpCodes } from "../../../src/modules/orgs/schema";
import { createOrg } from "../../support/accounts";
import { DAY, HOUR, MINUTE } from "../../support/clock";
import { createTestApp, type TestApp } from "../../support/harness";

let t: TestApp;
beforeAll(async () => (t = await createTestApp()));
afterAll(() => t.close());

const counts = async () => ({
  magicLinks: (await t.ctx.db.read.select().from(magicLinks)).length,
  linkRequests: (await t.ctx.db.read.select().from(linkRequests)).length,
  otpCodes: (await t.ctx.db.read.select().from(otpCodes)).length,
});

const prune = async () => {
  await t.ctx.jobs.runNow("sign-in-artifacts.prune");
  await t.ctx.jobs.runNow("org-otp.prune");
};

describe("sign-in-artifacts.prune and org-otp.prune", () => {
  test("keeps what may still be used or counted, deletes the rest a day (codes: two days) later", async () => {
    const org = await createOrg(t, "owner@prune.example", "Prune Co");
    expect((await t.request("POST", "/api/auth/magic-link/send", { json: { email: "old@prune.example" } })).status).toBe(202);
    expect((await t.request("POST", "/api/auth/linked-identities/initiate", { token: org.owner.token, json: { email: "other@prune.example" } })).status).toBe(202);
    expect((await t.request("POST", `/api/org/${org.slug}/otp/email/send`, { token: org.owner.token, json: { email: "ops@prune.example" } })).status).toBe(200);
    expect(await counts()).toEqual({ magicLinks: 1, linkRequests: 1, otpCodes: 1 });

    // Within a day of expiry (links live 15 minutes) and within two days for codes: all kept.
    t.clock.advance(DAY);
    await prune();
    expect(await counts()).toEqual({ magicLinks: 1, linkRequests: 1, otpCodes: 1 });

    // A fresh link sent now is kept while the day-old ones go.
    t.clock.advance(HOUR);
    expect((await t.request("POST", "/api/auth/magic-link/send", { json: { email: "new@prune.example" } })).status).toBe(202);
    await prune();
    expect(await counts()).toEqual({ magicLinks: 1, linkRequests: 0, otpCodes: 1 });

    // Codes go at two days; the newer link a day after its own 15-minute life.
    t.clock.advance(DAY);
    await prune();
    expect(await counts()).toEqual({ magicLinks: 1, linkRequests: 0, otpCodes: 0 });
    t.clock.advance(15 * MINUTE + 1);
    await prune();
    expect(await counts()).toEqual({ magicLinks: 0, linkRequests: 0, otpCodes: 0 });
  });
});
