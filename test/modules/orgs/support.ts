/**
 * Helpers shared by the organization route suites: reading what the database holds
 * (to prove that a refusal changed nothing) and fixtures the routes cannot make.
 */
import { asc, eq } from "drizzle-orm";
import { auditEvents } from "../../../src/platform/audit/schema";
import { passkeys } from "../../../src/modules/identity/schema";
import { connectedIds, memberships, organizations, orgMasterSeals, orgRoles, orgSettings } from "../../../src/modules/orgs/schema";
import { newId } from "../../../src/platform/ids";
import type { TestApp } from "../../support/harness";
import { addMember, type TestOrg } from "../../support/accounts";

/** Every row of the tables the organization routes write, for before/after comparisons. */
export async function orgState(t: TestApp) {
  const read = t.ctx.db.read;
  const sort = <T extends { id: string }>(rows: T[]) => rows.sort((a, b) => a.id.localeCompare(b.id));
  return {
    organizations: sort(await read.select().from(organizations)),
    memberships: sort(await read.select().from(memberships)),
    badges: sort(await read.select().from(connectedIds)),
    settings: sort(await read.select().from(orgSettings)),
    audit: sort(await read.select().from(auditEvents)),
  };
}

/** The audit events of one organization, in sequence order. */
export async function auditOf(t: TestApp, orgId: string) {
  return t.ctx.db.read.select().from(auditEvents).where(eq(auditEvents.orgId, orgId)).orderBy(asc(auditEvents.seq));
}

export async function orgRow(t: TestApp, slug: string) {
  const [row] = await t.ctx.db.read.select().from(organizations).where(eq(organizations.slug, slug));
  return row ?? null;
}

/** A custom role holding exactly `scopes`, given to a new member of `org`; returns the member's session. */
export async function customRoleMember(t: TestApp, org: TestOrg, email: string, scopes: string[]) {
  const roleId = newId();
  const now = t.clock.now();
  await t.ctx.db.write(async (tx) => {
    await tx.insert(orgRoles).values({ id: roleId, orgId: org.orgId, key: `role_${roleId.slice(0, 8)}`, name: "Custom", scopes, createdAt: now, updatedAt: now });
  });
  return addMember(t, org, email, roleId);
}

/**
 * Makes an organization ready the way the seal ceremonies would leave it: the owner's
 * passkey and the Org Master Seal (their own suites drive the real ceremonies).
 */
export async function makeReady(t: TestApp, org: { orgId: string; owner: { userId: string } }) {
  const now = t.clock.now();
  await t.ctx.db.write(async (tx) => {
    await tx.insert(passkeys).values({
      id: newId(),
      userId: org.owner.userId,
      publicKey: "test-key",
      counter: 0,
      transports: [],
      deviceType: "singleDevice",
      backedUp: false,
      name: "test",
      createdAt: now,
    });
    await tx.insert(orgMasterSeals).values({ id: newId(), orgId: org.orgId, method: "operator", signingKeyId: newId(), recordHash: "test", createdAt: now });
  });
}
