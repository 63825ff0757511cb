/** Shared helpers for the apps tests: requests as a member, audit reads, API keys and M2M tokens. */
import { and, eq } from "drizzle-orm";
import { auditEvents } from "../../../../src/platform/audit/schema";
import type { TestOrg } from "../../../support/accounts";
import type { TestApp } from "../../../support/harness";

export function orgApi(t: TestApp, org: TestOrg) {
  return (method: string, path: string, token: string, json?: unknown) => t.request(method, `/api/org/${org.slug}${path}`, { token, json });
}

export async function eventsOf(t: TestApp, org: TestOrg, type: string) {
  return t.ctx.db.read.select().from(auditEvents).where(and(eq(auditEvents.orgId, org.orgId), eq(auditEvents.type, type)));
}

/** An org API key created by the owner (scopes within the owner's), returned with its secret. */
export async function createApiKey(t: TestApp, org: TestOrg, body: Record<string, unknown>): Promise<{ id: string; key: string }> {
  const r = await t.request("POST", `/api/org/${org.slug}/settings/keys/api-keys`, { token: org.owner.token, json: body });
  if (r.status !== 201) throw new Error(`create key: ${r.status} ${r.text}`);
  return r.body;
}

/** An M2M token for a new key with the given scopes (and app group, when scoped). */
export async function machineToken(t: TestApp, org: TestOrg, body: Record<string, unknown>): Promise<string> {
  const { key } = await createApiKey(t, org, body);
  const r = await t.request("POST", "/api/m2m/token", { json: { orgSlug: org.slug, apiKey: key } });
  if (r.status !== 200) throw new Error(`m2m token: ${r.status} ${r.text}`);
  return r.body.accessToken;
}

export const ORIGIN = "https://app.example.com";
export const CALLBACK = "https://app.example.com/auth/callback";
