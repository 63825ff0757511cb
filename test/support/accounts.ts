/**
 * Shortcuts for tests that need a signed-in user or an organization without going
 * through the sign-in ceremonies (which have their own suites).
 */
import { findOrCreateUser } from "../../src/modules/identity/service";
import { startSession } from "../../src/modules/identity/sessions";
import { bootstrapOrganization } from "../../src/modules/orgs/service";
import { addMembership } from "../../src/modules/orgs/membership";
import { organizations } from "../../src/modules/orgs/schema";
import { eq } from "drizzle-orm";
import type { TestApp } from "./harness";

export interface SignedInUser {
  userId: string;
  email: string;
  /** Session token: pass as `token` to t.request. */
  token: string;
}

/** A user (created when new) with a fresh dashboard session. */
export async function signInAs(t: TestApp, email: string): Promise<SignedInUser> {
  const user = await t.ctx.db.write(async (tx) => (await findOrCreateUser(tx, email, t.clock.now())).user);
  const { token } = await startSession(t.ctx.sessions, user.id);
  return { userId: user.id, email: user.email, token };
}

export interface TestOrg {
  orgId: string;
  slug: string;
  owner: SignedInUser;
}

/** An organization owned by `ownerEmail` (signed in), on the given plan (default free). */
export async function createOrg(t: TestApp, ownerEmail: string, name: string, options: { slug?: string; plan?: string } = {}): Promise<TestOrg> {
  const result = await bootstrapOrganization(t.ctx, { kind: "system" }, { email: ownerEmail, orgName: name, slug: options.slug, plan: options.plan });
  return { orgId: result.orgId, slug: result.slug, owner: await signInAs(t, ownerEmail) };
}

/** Adds a member with a role (built-in key or custom role id) and signs them in. */
export async function addMember(t: TestApp, org: TestOrg, email: string, role = "member"): Promise<SignedInUser> {
  const member = await signInAs(t, email);
  await t.ctx.db.write(async (tx) => {
    const [row] = await tx.select().from(organizations).where(eq(organizations.id, org.orgId));
    if (!row) throw new Error(`no org ${org.orgId}`);
    await addMembership(tx, { orgId: org.orgId, user: { id: member.userId, email: member.email }, role, actor: { kind: "system" }, at: t.clock.now() });
  });
  return member;
}

/** A live app group of the organization, created by its owner through the API: its id and groupKey. */
export async function createAppGroup(t: TestApp, org: TestOrg, name = "Web"): Promise<{ id: string; groupKey: string }> {
  const r = await t.request("POST", `/api/org/${org.slug}/app-groups`, { token: org.owner.token, json: { orgId: org.orgId, name } });
  if (r.status !== 201) throw new Error(`app group: ${r.status} ${r.text}`);
  return { id: r.body.id, groupKey: r.body.groupKey };
}
