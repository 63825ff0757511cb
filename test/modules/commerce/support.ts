/** Commerce test helpers: the org's group routes as a caller, API keys, the ledger and audit rows. */
import { and, eq } from "drizzle-orm";
import { orgCreditLedger } from "../../../src/modules/billing/ledger/schema";
import { auditEvents } from "../../../src/platform/audit/schema";
import type { TestOrg } from "../../support/accounts";
import type { TestApp } from "../../support/harness";

export const groupApi = (t: TestApp, org: TestOrg, groupId: string, method: string, path: string, json?: unknown, token = org.owner.token) =>
  t.request(method, `/api/org/${org.slug}/app-groups/${groupId}${path}`, { token, json });

export const orgApi = (t: TestApp, org: TestOrg, method: string, path: string, json?: unknown, token = org.owner.token) => t.request(method, `/api/org/${org.slug}${path}`, { token, json });

/** An org API key with the given scopes (org-wide unless appGroupId). */
export async function apiKey(t: TestApp, org: TestOrg, scopes: string[], appGroupId?: string): Promise<string> {
  const r = await t.request("POST", `/api/org/${org.slug}/settings/keys/api-keys`, { token: org.owner.token, json: { scopes, ...(appGroupId ? { appGroupId } : {}) } });
  if (r.status !== 201) throw new Error(`key: ${r.status} ${r.text}`);
  return r.body.key as string;
}

export const withKey = (t: TestApp, key: string, method: string, path: string, json?: unknown) => t.request(method, path, { json, headers: { "x-api-key": key } });

export async function ledgerOf(t: TestApp, org: TestOrg) {
  return t.ctx.db.read.select().from(orgCreditLedger).where(eq(orgCreditLedger.orgId, org.orgId)).orderBy(orgCreditLedger.at, orgCreditLedger.id);
}

export async function eventsOf(t: TestApp, org: TestOrg, type: string) {
  return t.ctx.db.read.select().from(auditEvents).where(and(eq(auditEvents.orgId, org.orgId), eq(auditEvents.type, type)));
}
