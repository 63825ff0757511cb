/** Shared setup for the SCIM suites: an organization, a SCIM token made through its API, and a SCIM client. */
import { createOrg, type TestOrg } from "../../support/accounts";
import type { RequestOptions, TestApp, TestResponse } from "../../support/harness";
import { auditEvents } from "../../../src/platform/audit/schema";
import { and, asc, eq, like } from "drizzle-orm";

export const USER_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:User";
export const GROUP_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:Group";
export const ENTERPRISE = "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User";
export const PATCH_OP = "urn:ietf:params:scim:api:messages:2.0:PatchOp";
export const ERROR_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:Error";

export interface ScimOrg extends TestOrg {
  token: string;
  tokenId: string;
}

/** An organization and a SCIM token its owner created through POST …/settings/scim/tokens. */
export async function scimOrg(t: TestApp, name: string): Promise<ScimOrg> {
  const org = await createOrg(t, `owner@${name.toLowerCase()}.test`, name);
  const r = await t.request("POST", `/api/org/${org.slug}/settings/scim/tokens`, { token: org.owner.token });
  if (r.status !== 201) throw new Error(`scim token: ${r.status} ${r.text}`);
  return { ...org, token: r.body.token, tokenId: r.body.id };
}

/** A SCIM client for one organization: bodies go as application/scim+json, as identity providers send them. */
export function scimClient(t: TestApp, org: ScimOrg) {
  return (method: string, path: string, body?: unknown, options: Omit<RequestOptions, "token"> & { token?: string | null } = {}): Promise<TestResponse> => {
    const token = options.token === undefined ? org.token : options.token;
    const headers: Record<string, string> = { ...(options.headers ?? {}) };
    if (body !== undefined) headers["content-type"] ??= "application/scim+json";
    return t.request(method, `/scim/v2/${org.slug}${path}`, { ...options, token: token ?? undefined, headers, body: body === undefined ? options.body : JSON.stringify(body) });
  };
}

export type Scim = ReturnType<typeof scimClient>;

/** A User body with the given userName and work e-mail. */
export function userBody(userName: string, email = `${userName.toLowerCase().replace(/[^a-z0-9]/g, "")}@example.com`, extra: Record<string, unknown> = {}) {
  return { schemas: [USER_SCHEMA], userName, emails: [{ value: email, type: "work", primary: true }], ...extra };
}

export async function createUser(scim: Scim, userName: string, extra: Record<string, unknown> = {}, email?: string): Promise<any> {
  const r = await scim("POST", "/Users", userBody(userName, email, extra));
  if (r.status !== 201) throw new Error(`create user ${userName}: ${r.status} ${r.text}`);
  return r.body;
}

export function patch(...operations: unknown[]) {
  return { schemas: [PATCH_OP], Operations: operations };
}

/** The organization's audit events whose type starts with `prefix`, oldest first. */
export async function eventsOf(t: TestApp, orgId: string, prefix: string) {
  return t.ctx.db.read
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.orgId, orgId), like(auditEvents.type, `${prefix}%`)))
    .orderBy(asc(auditEvents.seq));
}
