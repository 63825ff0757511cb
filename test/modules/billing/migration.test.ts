/**
 * Migration 0015 carries the add-on door's credit rows into billing's ledger: the
 * balance and every entry stay, each entry gets a refId (unique per organization) whose
 * prefix is right for the invoice, its period and the currency; both dialects.
 */
import { afterAll, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { postgresMigrations, sqliteMigrations } from "../../../migrations/index";
import { categoryOf, isInvoiceLine } from "../../../src/modules/billing/ledger/ref-ids";
import { orgCreditAccounts, orgCreditLedger } from "../../../src/modules/billing/ledger/schema";
import { organizations } from "../../../src/modules/orgs/schema";
import { openDatabase, type Database } from "../../../src/platform/db/database";
import { migrate } from "../../../src/platform/db/migrator";
import { createTestDatabase, type TestDatabase } from "../../support/database";

let database: TestDatabase;
let db: Database;
afterAll(async () => {
  await db?.close();
  await database?.drop();
});

test("0015 carries the earlier credit rows: balance, amounts and order kept; refId, period and currency filled", async () => {
  database = await createTestDatabase();
  db = await openDatabase(database.target);
  const all = db.dialect === "sqlite" ? sqliteMigrations : postgresMigrations;
  const upTo = all.findIndex((m) => m.id === "0015_billing_ledger");
  expect(upTo).toBeGreaterThan(0);
  await migrate(db, all.slice(0, upTo));

  const jan15 = Date.parse("2026-01-15T12:00:00Z");
  await db.write(async (tx) => {
    await tx.insert(organizations).values({ id: "org-legacy", name: "Legacy", slug: "legacy", plan: "pro", createdAt: jan15 });
  });
  // The rows as the add-on door wrote them (0010's columns only).
  const q = db.dialect === "sqlite" ? (s: string) => s.replaceAll('"', "`") : (s: string) => s;
  await db.execRaw(q(`INSERT INTO "org_credit_accounts" ("id", "balance_cents", "updated_at") VALUES ('org-legacy', 4571, ${jan15})`));
  await db.execRaw(
    q(`INSERT INTO "org_credit_ledger" ("id", "org_id", "amount_cents", "balance_after_cents", "reason", "actor_id", "at") VALUES
      ('l1', 'org-legacy', 10000, 10000, 'top_up', 'u1', ${jan15}),
      ('l2', 'org-legacy', -5429, 4571, 'addon:audit_analytics', 'u1', ${jan15 + 1}),
      ('l3', 'org-legacy', 5000, 9571, 'top_up', 'u1', ${Date.parse("2026-02-02T00:00:00Z")}),
      ('l4', 'org-legacy', -5000, 4571, 'top_up', 'u1', ${Date.parse("2026-02-02T00:00:01Z")})`),
  );

  await migrate(db, all);
  const [account] = await db.read.select().from(orgCreditAccounts).where(eq(orgCreditAccounts.id, "org-legacy"));
  expect(account).toMatchObject({ balanceMinor: 4571, currency: "USD" });
  const rows = await db.read.select().from(orgCreditLedger).where(eq(orgCreditLedger.orgId, "org-legacy")).orderBy(orgCreditLedger.at);
  expect(rows.map((r) => [r.id, r.amountMinor, r.balanceAfterMinor, r.refId, r.period, r.currency, r.reason])).toEqual([
    ["l1", 10000, 10000, "legacy-topup:l1", "202601", "USD", "top_up"],
    ["l2", -5429, 4571, "proration:addon:audit_analytics:legacy-l2", "202601", "USD", "addon:audit_analytics"],
    ["l3", 5000, 9571, "legacy-topup:l3", "202602", "USD", "top_up"],
    ["l4", -5000, 4571, "legacy-topup:l4", "202602", "USD", "top_up"],
  ]);
  // The add-on charge is a proration line of January's invoice; top-ups are money, not lines.
  expect(rows.map((r) => [categoryOf(r.refId), isInvoiceLine(r.refId)])).toEqual([
    ["other", false],
    ["proration", true],
    ["other", false],
    ["other", false],
  ]);
  // The unique index holds from now on.
  await expect(db.write((tx) => tx.insert(orgCreditLedger).values({ id: "l5", orgId: "org-legacy", amountMinor: 1, balanceAfterMinor: 4572, currency: "USD", refId: "legacy-topup:l1", reason: "x", period: "202602", at: jan15 }))).rejects.toThrow();
});
