/**
 * Shared set-up for the members suites: an organization with one person per built-in
 * role, custom roles made through the API, and readers for what the database holds
 * (to check that a refusal changed nothing and that changes left their audit events).
 */
import { asc, eq } from "drizzle-orm";
import { auditEvents } from "../../../../src/platform/audit/schema";
import { outboxMessages } from "../../../../src/platform/outbound/schema";
import { connectedIds, invitations, memberships, orgRoles, serviceAccounts } from "../../../../src/modules/orgs/schema";
import { addMember, createOrg, type SignedInUser, type TestOrg } from "../../../support/accounts";
import type { TestApp } from "../../../support/harness";

export interface Staff {
  org: TestOrg;
  owner: SignedInUser;
  admin: SignedInUser;
  member: SignedInUser;
  director: SignedInUser;
}

/** An organization `name` (slug from the name) with an owner, an admin, a member and a director. */
export async function orgWithStaff(t: TestApp, name: string): Promise<Staff> {
  const domain = `${name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}.example`;
  const org = await createOrg(t, `owner@${domain}`, name);
  return {
    org,
    owner: org.owner,
    admin: await addMember(t, org, `admin@${domain}`, "admin"),
    member: await addMember(t, org, `member@${domain}`, "member"),
    director: await addMember(t, org, `director@${domain}`, "org_director"),
  };
}

/** Creates a custom role through the API as `by` (the owner by default) and returns its id. */
export async function createRole(t: TestApp, org: TestOrg, key: string, scopes: string[], by: SignedInUser = org.owner): Promise<string> {
  const r = await t.request("POST", `/api/org/${org.slug}/roles`, { token: by.token, json: { key, name: `Role ${key}`, scopes } });
  if (r.status !== 201) throw new Error(`role ${key}: ${r.status} ${r.text}`);
  return r.body.id;
}

export async function auditTypes(t: TestApp, orgId: string): Promise<string[]> {
  const rows = await t.ctx.db.read.select({ type: auditEvents.type }).from(auditEvents).where(eq(auditEvents.orgId, orgId)).orderBy(asc(auditEvents.seq));
  return rows.map((r) => r.type);
}

export async function lastAudit(t: TestApp, orgId: string) {
  const rows = await t.ctx.db.read.select().from(auditEvents).where(eq(auditEvents.orgId, orgId)).orderBy(asc(auditEvents.seq));
  return rows[rows.length - 1]!;
}

/** Everything this module writes for one organization, for "nothing changed" checks. */
export async function orgState(t: TestApp, orgId: string) {
  const read = t.ctx.db.read;
  const byId = <T extends { id: string }>(rows: T[]) => rows.sort((a, b) => a.id.localeCompare(b.id));
  return {
    memberships: byId(await read.select().from(memberships).where(eq(memberships.orgId, orgId))),
    badges: byId(await read.select().from(connectedIds).where(eq(connectedIds.orgId, orgId))),
    roles: byId(await read.select().from(orgRoles).where(eq(orgRoles.orgId, orgId))),
    serviceAccounts: byId(await read.select().from(serviceAccounts).where(eq(serviceAccounts.orgId, orgId))),
    invitations: byId(await read.select().from(invitations).where(eq(invitations.orgId, orgId))),
    audit: await auditTypes(t, orgId),
  };
}

/** Mail sent to an address, oldest first. */
export async function mailTo(t: TestApp, address: string) {
  return t.ctx.db.read.select().from(outboxMessages).where(eq(outboxMessages.to, address.toLowerCase())).orderBy(asc(outboxMessages.createdAt));
}

/** The invitation code carried by the last invitation link mailed to `address`. */
export async function invitationCodeMailedTo(t: TestApp, address: string): Promise<string> {
  const mails = await mailTo(t, address);
  const link = mails.flatMap((m) => m.links).reverse().find((l) => l.includes("/invite/"));
  if (!link) throw new Error(`no invitation mailed to ${address}`);
  return link.split("/invite/")[1]!;
}
