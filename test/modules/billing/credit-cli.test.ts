/**
 * The operator's billing commands: `signet admin credit` adds prepaid credit (the
 * operator's grant, through the ledger, audited); `signet admin invoice-correct` issues a
 * correction. Bad input is one line and changes nothing.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { listInvoices } from "../../../src/modules/billing/invoices/service";
import { auditEvents } from "../../../src/platform/audit/schema";
import { createOrg, type TestOrg } from "../../support/accounts";
import { envFor, runCli } from "../../support/cli";
import { createTestApp, type TestApp } from "../../support/harness";
import { balanceOf, ledgerOf, runJob } from "./support";

let t: TestApp;
let org: TestOrg;
beforeAll(async () => {
  t = await createTestApp();
  org = await createOrg(t, "owner@credit-cli.test", "Credit Cli", { plan: "business" });
});
afterAll(() => t.close());

const cli = (...args: string[]) => runCli(["admin", ...args], envFor(t));

function oneLine(r: { code: number; stderr: string }, code: number, pattern: RegExp) {
  expect(r.code).toBe(code);
  expect(r.stderr.trim().split("\n")).toHaveLength(1);
  expect(r.stderr).toMatch(pattern);
}

describe("admin credit", () => {
  test("adds credit through the ledger with org.credit.topped_up, printing one JSON line", async () => {
    const r = await cli("credit", "--org", org.slug, "--amount", "12500", "--bonus", "500");
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({ slug: org.slug, balance: 13_000, currency: "USD" });
    expect(await balanceOf(t, org)).toBe(13_000);
    expect((await ledgerOf(t, org)).map((e) => [e.refId, e.amountMinor])).toEqual([
      [`topup:${out.paymentId}`, 12_500],
      [`bonus:${out.paymentId}`, 500],
    ]);
    const [event] = await t.ctx.db.read.select().from(auditEvents).where(eq(auditEvents.type, "org.credit.topped_up"));
    expect(event).toMatchObject({ actorKind: "operator", payload: { amountCents: 12_500, bonusCents: 500, balanceAfterCents: 13_000, currency: "USD", provider: "operator" } });
  });

  test("bad input: one line, exit 1 or 2, nothing added", async () => {
    oneLine(await cli("credit", "--org", org.slug), 2, /needs --amount/);
    oneLine(await cli("credit", "--amount", "5"), 2, /needs --org/);
    oneLine(await cli("credit", "--org", org.slug, "--amount", "1.5"), 2, /whole number/);
    oneLine(await cli("credit", "--org", org.slug, "--amount", "0"), 1, /invalid_amount|whole number of minor units/);
    oneLine(await cli("credit", "--org", org.slug, "--amount", "-100"), 1, /minor units/);
    oneLine(await cli("credit", "--org", org.slug, "--amount", "100", "--currency", "KRW"), 1, /--currency/);
    oneLine(await cli("credit", "--org", org.slug, "--amount", "100", "--currency", "XYZ"), 1, /--currency/);
    oneLine(await cli("credit", "--org", "nope", "--amount", "100"), 1, /no organization/);
    expect(await balanceOf(t, org)).toBe(13_000);
  });
});

describe("admin invoice-correct", () => {
  test("corrects an issued invoice with an adjustment; an open one is refused", async () => {
    expect((await t.request("POST", `/api/org/${org.slug}/settings/addons/audit_analytics`, { token: org.owner.token })).status).toBe(200);
    const before = (await listInvoices(t.ctx.db.read, org.orgId, 5))[0]!;
    expect(before.status).toBe("Open");
    oneLine(await cli("invoice-correct", "--invoice", before.id, "--reason", "early"), 1, /only an issued invoice|invoice_not_issued/);
    t.clock.set("2026-02-01T00:05:00Z");
    await runJob(t, "billing.invoices.close");
    const r = await cli("invoice-correct", "--invoice", before.id, "--reason", "goodwill", "--adjust", "429", "--memo", "Goodwill");
    expect(r.stderr).toBe("");
    expect(JSON.parse(r.stdout)).toMatchObject({ number: "INV-202601-0002", supersedes: before.id, subtotal: 5_429 - 429, currency: "USD" });
    oneLine(await cli("invoice-correct", "--invoice", "inv_nope", "--reason", "x"), 1, /no invoice/);
    oneLine(await cli("invoice-correct", "--invoice", before.id), 2, /needs --reason/);
  });
});
