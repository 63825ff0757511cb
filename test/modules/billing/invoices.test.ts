/**
 * Invoices (spec 2.6, 3.5): an Open statement accrues lines from the ledger; the period
 * close issues it with its number, settlement and seal (selfHash in the audit chain);
 * corrections supersede; the public v1 routes list, read, verify (no key) and render it
 * as a PDF. The verification is redone here with SHA-256 alone, as docs/billing.md says.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inflateSync } from "node:zlib";
import { eq } from "drizzle-orm";
import { correctInvoice } from "../../../src/modules/billing/invoices/service";
import { billingInvoices } from "../../../src/modules/billing/invoices/schema";
import { auditEvents } from "../../../src/platform/audit/schema";
import { addMember, createAppGroup, createOrg, signInAs, type TestOrg } from "../../support/accounts";
import { createTestApp, type TestApp } from "../../support/harness";
import { apiKey, fund, runJob } from "./support";

let t: TestApp;
let org: TestOrg;
let key: string;
let issued: any;
let proOrgId: string;
beforeAll(async () => {
  t = await createTestApp({ env: { SIGNET_DEV: "1" } });
  org = await createOrg(t, "owner@invoices.test", "Invoices Inc", { plan: "business" });
  key = await apiKey(t, org, ["org.invoice.read", "org.sms.send"]);
  await fund(t, org, 100_000);
  // A prorated add-on (proration line) and a metered text (usage line) in January.
  expect((await t.request("POST", `/api/org/${org.slug}/settings/addons/audit_analytics`, { token: org.owner.token })).status).toBe(200);
  expect((await t.request("POST", "/api/public/sms/send", { headers: { "x-api-key": key }, json: { to: "+491701234567", text: "Your order shipped", optedIn: true } })).status).toBe(200);
});
afterAll(() => t.close());

const get = (path: string, headers: Record<string, string> = { "x-api-key": key }) => t.request("GET", `/api/public/v1/invoices${path}`, { headers });

/** RFC 8785 for the JSON an invoice holds (strings, integers, null, arrays, objects): written here from the RFC, not imported. */
function jcs(v: unknown): string {
  if (v === null || typeof v !== "object") return JSON.stringify(v);
  if (Array.isArray(v)) return `[${v.map(jcs).join(",")}]`;
  const keys = Object.keys(v as object).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${jcs((v as any)[k])}`).join(",")}}`;
}
function selfHashOf(invoice: any): string {
  const { status, seal, supersededBy, ...sealed } = invoice;
  return createHash("sha256").update(jcs(sealed)).digest("hex");
}

describe("the open statement and the period close", () => {
  test("during the period the Open statement accrues the ledger's charges; verify says open", async () => {
    const list = await get("");
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(1);
    const open = list.body[0];
    expect(open).toMatchObject({ orgId: org.orgId, number: null, period: "202601", periodStart: "2026-01-01T00:00:00.000Z", periodEnd: "2026-02-01T00:00:00.000Z", status: "Open", currency: "USD", issuedAt: null });
    expect(open.lines.map((l: any) => [l.category, l.amount, l.outcome])).toEqual([
      ["proration", 5_429, "ok"],
      ["usage", 2, "ok"],
    ]);
    expect(open).toMatchObject({ subtotal: 5_431, settled: 5_431, unsettled: 0, settlement: "settled", seal: { selfHash: null, recordHash: null, sealedAt: null } });
    const verify = await t.request("GET", `/api/public/v1/invoices/${open.id}/verify`);
    expect(verify.body).toMatchObject({ id: open.id, status: "open", verdict: "open", selfHash: null, recordHash: null });
    const pdf = await get(`/${open.id}/pdf`);
    expect(pdf.status).toBe(409);
    expect(pdf.body.error).toBe("invoice_not_issued");
  });

  test("the close job issues it once the month has ended: number, frozen lines, seal in the audit chain", async () => {
    t.clock.set("2026-01-31T23:59:00Z");
    await runJob(t, "billing.invoices.close");
    expect((await get("")).body[0].status).toBe("Open");
    t.clock.set("2026-02-01T00:05:00Z");
    await runJob(t, "billing.invoices.close");
    await runJob(t, "billing.invoices.close");
    const list = (await get("")).body;
    expect(list).toHaveLength(1);
    issued = list[0];
    expect(issued).toMatchObject({ number: "INV-202601-0001", status: "Issued", issuedAt: "2026-02-01T00:05:00.000Z", subtotal: 5_431, settlement: "settled", supersedes: null, supersededBy: null });
    expect(issued.seal.sealedAt).toBe("2026-02-01T00:05:00.000Z");
    // The seal: SHA-256 over the canonical JSON without status, seal and supersededBy.
    expect(selfHashOf(issued)).toBe(issued.seal.selfHash);
    const [event] = await t.ctx.db.read.select().from(auditEvents).where(eq(auditEvents.type, "payment.invoice.issued"));
    expect(event!.payload).toEqual({ invoiceId: issued.id, number: "INV-202601-0001", period: "202601", selfHash: issued.seal.selfHash, supersedes: null });
    expect(event!.recordHash).toBe(issued.seal.recordHash);
    expect((await get(`/${issued.id}`)).body).toEqual(issued);
  });

  test("verify: no key, no account; the verdict and the hashes, never amounts; a changed row is a mismatch", async () => {
    const r = await t.request("GET", `/api/public/v1/invoices/${issued.id}/verify`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      id: issued.id,
      number: "INV-202601-0001",
      status: "issued",
      verdict: "valid",
      selfHash: issued.seal.selfHash,
      recomputedHash: issued.seal.selfHash,
      recordHash: issued.seal.recordHash,
      sealedAt: issued.seal.sealedAt,
      supersededBy: null,
    });
    const original = (await t.ctx.db.read.select().from(billingInvoices).where(eq(billingInvoices.id, issued.id)))[0]!;
    await t.ctx.db.write((tx) => tx.update(billingInvoices).set({ subtotal: 1 }).where(eq(billingInvoices.id, issued.id)));
    const tampered = await t.request("GET", `/api/public/v1/invoices/${issued.id}/verify`);
    expect(tampered.body.verdict).toBe("mismatch");
    expect(tampered.body.recomputedHash).not.toBe(issued.seal.selfHash);
    await t.ctx.db.write((tx) => tx.update(billingInvoices).set({ subtotal: original.subtotal }).where(eq(billingInvoices.id, issued.id)));
    expect((await t.request("GET", `/api/public/v1/invoices/${issued.id}/verify`)).body.verdict).toBe("valid");
    expect((await t.request("GET", "/api/public/v1/invoices/inv_nope/verify")).status).toBe(404);
  });

  test("the PDF of an issued invoice is a valid, non-blank PDF", async () => {
    const response = await t.app.handle(new Request(`http://localhost/api/public/v1/invoices/${issued.id}/pdf`, { headers: { "x-api-key": key } }));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    expect(bytes.subarray(-6).toString()).toContain("%%EOF");
    // The page's content stream draws text (BT … Tj … ET) with the number in it.
    const streams = [...bytes.toString("latin1").matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)].map((m) => {
      const raw = Buffer.from(m[1]!, "latin1");
      try {
        return inflateSync(raw).toString("latin1");
      } catch {
        return raw.toString("latin1");
      }
    });
    const content = streams.find((s) => s.includes("BT") && s.includes("Tj"));
    expect(content).toBeDefined();
    const hex = Buffer.from("INV-202601-0001").toString("hex").toUpperCase();
    expect(streams.some((s) => s.includes(hex) || s.includes("INV-202601-0001"))).toBe(true);
    // Where poppler is installed, render the page and check it is not all white.
    const pdftoppm = ["/usr/bin/pdftoppm", "/usr/local/bin/pdftoppm"].find(existsSync);
    if (pdftoppm) {
      const dir = mkdtempSync(join(tmpdir(), "signet-pdf-"));
      try {
        writeFileSync(join(dir, "invoice.pdf"), bytes);
        const run = spawnSync(pdftoppm, ["-r", "30", "-gray", join(dir, "invoice.pdf"), join(dir, "page")]);
        expect(run.status).toBe(0);
        const page = readFileSync(join(dir, readdirSync(dir).find((f) => f.startsWith("page"))!));
        // PGM: header "P5\nW H\n255\n", then one byte per pixel.
        const header = page.toString("latin1", 0, 32).match(/^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/)!;
        const pixels = page.subarray(header[0].length);
        expect(pixels.some((p) => p < 128)).toBe(true);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
  });
});

describe("corrections", () => {
  test("a correction issues a new invoice for the same period and marks the old one Superseded; the old seal still verifies", async () => {
    const corrected = await correctInvoice(t.ctx, { kind: "operator" }, { invoiceId: issued.id, reason: "SMS price goodwill", adjustment: { amount: 2, memo: "SMS refunded as goodwill" } });
    expect(corrected).toMatchObject({ number: "INV-202601-0002", period: "202601", status: "Issued", supersedes: issued.id, subtotal: 5_429, settled: 5_429, settlement: "settled" });
    expect(corrected.lines.at(-1)).toMatchObject({ category: "other", amount: -2, memo: "SMS refunded as goodwill", outcome: "ok" });
    const list = (await get("")).body;
    expect(list.map((i: any) => [i.number, i.status])).toEqual([
      ["INV-202601-0002", "Issued"],
      ["INV-202601-0001", "Superseded"],
    ]);
    expect(list[1].supersededBy).toBe(corrected.id);
    // The old invoice's content is untouched: its seal still verifies, now reported as superseded.
    expect(list[1].seal).toEqual(issued.seal);
    expect((await t.request("GET", `/api/public/v1/invoices/${issued.id}/verify`)).body).toMatchObject({ status: "superseded", verdict: "valid", supersededBy: corrected.id });
    expect((await t.request("GET", `/api/public/v1/invoices/${corrected.id}/verify`)).body.verdict).toBe("valid");
    expect(selfHashOf(list[0])).toBe(corrected.seal.selfHash!);
    const superseded = await t.ctx.db.read.select().from(auditEvents).where(eq(auditEvents.type, "payment.invoice.superseded"));
    expect(superseded[0]!.payload).toMatchObject({ invoiceId: issued.id, byInvoiceId: corrected.id, reason: "SMS price goodwill" });
    // Only an issued invoice can be corrected.
    await expect(correctInvoice(t.ctx, { kind: "operator" }, { invoiceId: issued.id, reason: "again" })).rejects.toMatchObject({ status: 409, code: "invoice_not_issued" });
  });
});

describe("who may read", () => {
  test("another org's invoice is 404; no key 401; a key without org.invoice.read 403; an app-group key 401; limit 1 to 120", async () => {
    const other = await createOrg(t, "owner@invoices-other.test", "Other Invoices", { plan: "pro" });
    const otherKey = await apiKey(t, other, ["org.invoice.read"]);
    expect((await get(`/${issued.id}`, { "x-api-key": otherKey })).status).toBe(404);
    expect((await get(`/${issued.id}/pdf`, { "x-api-key": otherKey })).status).toBe(404);
    expect((await get("", { "x-api-key": otherKey })).body).toEqual([]);
    expect((await get("/inv_missing")).status).toBe(404);
    expect((await get("", {})).status).toBe(401);
    expect((await get(`/${issued.id}`, {})).status).toBe(401);
    const narrow = await apiKey(t, org, ["org.member.list"]);
    const denied = await get("", { "x-api-key": narrow });
    expect(denied.status).toBe(403);
    expect(denied.body.error).toBe("PERMISSION_DENIED");
    const group = await createAppGroup(t, org);
    const groupKey = await apiKey(t, org, ["org.*"], group.groupKey);
    expect((await get("", { "x-api-key": groupKey })).body.error).toBe("org_wide_key_required");
    expect((await get("?limit=1")).body).toHaveLength(1);
    expect((await get("?limit=0")).status).toBe(400);
    expect((await get("?limit=121")).status).toBe(400);
    expect((await get("?limit=abc")).status).toBe(400);
  });

  test("verify is 403 UPGRADE_REQUIRED when the issuing organization is below Business", async () => {
    const pro = await createOrg(t, "owner@invoices-pro.test", "Pro Invoices", { plan: "pro" });
    proOrgId = pro.orgId;
    await fund(t, pro, 10_000);
    const token = (await signInAs(t, pro.owner.email)).token;
    expect((await t.request("POST", `/api/org/${pro.slug}/settings/addons/audit_analytics`, { token })).status).toBe(200);
    const [row] = await t.ctx.db.read.select().from(billingInvoices).where(eq(billingInvoices.orgId, pro.orgId));
    const r = await t.request("GET", `/api/public/v1/invoices/${row!.id}/verify`);
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ error: "UPGRADE_REQUIRED", feature: "billing.verify" });
  });

  test("numbers run across organizations within a period (the Pro organization above issued February's first)", async () => {
    const second = await createOrg(t, "owner@invoices-second.test", "Second", { plan: "business" });
    await fund(t, second, 10_000);
    t.clock.set("2026-02-10T00:00:00Z");
    const token = (await signInAs(t, second.owner.email)).token;
    expect((await t.request("POST", `/api/org/${second.slug}/settings/addons/audit_analytics`, { token })).status).toBe(200);
    t.clock.set("2026-03-01T00:05:00Z");
    await runJob(t, "billing.invoices.close");
    const numbers = (await t.ctx.db.read.select().from(billingInvoices).where(eq(billingInvoices.period, "202602"))).map((r) => [r.orgId, r.number]);
    expect(numbers.sort((a, b) => a[1]!.localeCompare(b[1]!))).toEqual([
      [proOrgId, "INV-202602-0001"],
      [second.orgId, "INV-202602-0002"],
    ]);
  });
});

describe("the owner's dashboard session", () => {
  test("lists the invoices and renders an issued one's PDF as the key routes do; an admin or member is 403, an open statement's PDF 409", async () => {
    const owner = (await signInAs(t, org.owner.email)).token;
    const session = (path: string, token = owner) => t.request("GET", `/api/org/${org.slug}/billing/invoices${path}`, { token });
    const list = await session("");
    expect(list.status).toBe(200);
    expect(list.body).toEqual((await get("")).body);
    expect((await session("?limit=0")).status).toBe(400);
    const response = await t.app.handle(new Request(`http://localhost/api/org/${org.slug}/billing/invoices/${issued.id}/pdf`, { headers: { authorization: `Bearer ${owner}` } }));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(Buffer.from(await response.arrayBuffer()).subarray(0, 5).toString()).toBe("%PDF-");
    for (const role of ["admin", "member"]) {
      const someone = await addMember(t, org, `${role}@invoices.test`, role);
      const denied = await session("", someone.token);
      expect(denied.status).toBe(403);
      expect(denied.body.error).toBe("PERMISSION_DENIED");
      expect((await session(`/${issued.id}/pdf`, someone.token)).status).toBe(403);
    }
    expect((await session("/inv_missing/pdf")).status).toBe(404);
    const other = await createOrg(t, "owner@invoices-session.test", "Session Invoices", { plan: "business" });
    await fund(t, other, 10_000);
    expect((await t.request("POST", `/api/org/${other.slug}/settings/addons/audit_analytics`, { token: other.owner.token })).status).toBe(200);
    const open = (await t.request("GET", `/api/org/${other.slug}/billing/invoices`, { token: other.owner.token })).body[0];
    expect(open.status).toBe("Open");
    const notIssued = await t.request("GET", `/api/org/${other.slug}/billing/invoices/${open.id}/pdf`, { token: other.owner.token });
    expect(notIssued.status).toBe(409);
    expect(notIssued.body.error).toBe("invoice_not_issued");
    expect((await t.request("GET", `/api/org/${other.slug}/billing/invoices/${issued.id}/pdf`, { token: other.owner.token })).status).toBe(404);
  });
});
