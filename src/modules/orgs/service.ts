/**
 * Organizations: creation with an owner (the dashboard, the bootstrap command), the
 * views the routes answer with, types and the representative director,
 * sub-organizations, and plan changes. Rules are documented in docs/organizations.md.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { Queryable, Tx } from "../../platform/db/database";
import { appendAudit, type AuditActor } from "../../platform/audit/append";
import { auditEvent } from "../../platform/audit/catalog";
import { ORG_EVENTS } from "./events";
import { canonicalJson } from "../../platform/crypto/canonical-json";
import { kernelErrors } from "../../platform/http/error-catalog";
import type { ApiError } from "../../platform/http/errors";
import { newId } from "../../platform/ids";
import { findOrCreateUser, normaliseEmail, type User, userByEmail, userById } from "../identity/index";
import { assertCan } from "./permissions/service";
import { type Caller, requireOwner, type Organization, type OrgActor } from "./access";
import { orgErrors } from "./errors";
import { addMembership } from "./membership";
import { parsePlan, PLAN_KEYS, type PlanKey } from "./plans";
import { publicOrgView, readinessOf, type Readiness } from "./readiness";
import { memberships, organizations } from "./schema";
import { slugFromName, slugProblem } from "./slugs";
import { assertTypeUpgrade, hasRepresentative, orgTypeOf, type OrgType } from "./types";

const NAME_MAX = 200;
/** The longest slug slugs.ts accepts. */
const SLUG_MAX = 48;
/** Sub-organizations one parent may hold. */
export const SUB_ORG_LIMIT = 100;
/** Sub-organizations are one level deep: a sub-organization has none of its own. */
export const SUB_ORG_MAX_DEPTH = 1;

/** Scopes these rules ask for (Owner and Admin hold them through `org.*`). */
export const ORG_SCOPES = {
  representativeUpdate: "org.representative.update",
  subOrgCreate: "org.sub_org.create",
  subOrgList: "org.sub_org.list",
} as const;

/** A signed-in user acting, with the request to cite in audit events. */
export interface Acting {
  userId: string;
  email: string;
  requestId?: string | null;
}

/** An organization as the routes show it: the public view of 2.1 plus what a member needs. */
export interface OrgView {
  id: string;
  name: string;
  slug: string;
  type: OrgType;
  plan: string;
  ready: boolean;
  /** The caller's role in it; null where the caller is not a member (a parent's sub-org list). */
  role: string | null;
  parentSlug: string | null;
  createdAt: string;
}

export interface Representative {
  name: string;
  email: string;
  phone: string | null;
  title: string | null;
  /** The member account with the representative's e-mail, when there is one. */
  userId: string | null;
}

export interface OrgDetail extends OrgView {
  readiness: Readiness;
  representative: Representative | null;
  verifiedEmail: string | null;
  verifiedPhone: string | null;
}

// ---------------------------------------------------------------------------
// Validation shared by every way an organization is named

/** A trimmed name (an organization's, a representative's), or 400 invalid_name: 1 to 200 characters, no control characters. */
export function validName(value: string): string {
  const name = value.trim();
  if (!name || name.length > NAME_MAX || /[\u0000-\u001f\u007f]/.test(name)) {
    throw orgErrors.error("invalidName", { field: "name", message: `1 to ${NAME_MAX} characters, without control characters` });
  }
  return name;
}

/** An explicit slug, lower-cased, or 400 invalid_slug. */
function validSlug(value: string): string {
  const slug = value.trim().toLowerCase();
  const problem = slugProblem(slug);
  if (problem) throw orgErrors.error("invalidSlug", { field: "slug", message: `slug ${problem}` });
  return slug;
}

function slugTaken(slug: string): ApiError {
  return orgErrors.error("slugTaken", { field: "slug", message: `the slug "${slug}" belongs to another organization` });
}

const notFound = () => orgErrors.error("notFound", { message: "no such organization" });

// ---------------------------------------------------------------------------
// Creating

type NewOrganization = Omit<typeof organizations.$inferInsert, "id" | "slug">;

/** Inserts the row, or returns null when the slug is taken (the unique index decides, so racing creators cannot both win). */
async function insertOrganization(tx: Tx, values: NewOrganization & { slug: string }): Promise<Organization | null> {
  const [row] = await tx
    .insert(organizations)
    .values({ id: newId(), ...values })
    .onConflictDoNothing({ target: organizations.slug })
    .returning();
  return row ?? null;
}

/** Derived slugs to try: the name's, then numbered, then random variants (the user did not choose it, so any free one will do). */
function* derivedSlugs(name: string): Generator<string> {
  const base = slugFromName(name);
  const withSuffix = (suffix: string) => `${base.slice(0, SLUG_MAX - suffix.length).replace(/-+$/, "")}${suffix}`;
  yield base;
  for (let n = 2; n <= 10; n++) yield withSuffix(`-${n}`);
  for (let i = 0; i < 5; i++) yield withSuffix(`-${crypto.getRandomValues(new Uint32Array(1))[0]!.toString(36)}`);
}

/** Inserts an organization under the explicit slug (409 when taken) or the first free slug derived from its name. */
async function insertWithSlug(tx: Tx, values: NewOrganization, explicitSlug: string | undefined): Promise<Organization> {
  if (explicitSlug !== undefined) {
    const row = await insertOrganization(tx, { ...values, slug: explicitSlug });
    if (!row) throw slugTaken(explicitSlug);
    return row;
  }
  for (const candidate of derivedSlugs(values.name)) {
    if (slugProblem(candidate)) continue;
    const row = await insertOrganization(tx, { ...values, slug: candidate });
    if (row) return row;
  }
  throw slugTaken(slugFromName(values.name));
}

interface NewOrgInput {
  name: string;
  slug?: string;
  type: OrgType;
  plan: string;
  parentOrgId: string | null;
}

/** The organization, its org.created event and the owner's membership (with badge and org.member.added), in the caller's transaction. */
async function insertOrganizationWithOwner(tx: Tx, owner: User, input: NewOrgInput, actor: Acting, at: number): Promise<Organization> {
  const org = await insertWithSlug(tx, { name: input.name, type: input.type, plan: input.plan, parentOrgId: input.parentOrgId, ownerUserId: owner.id, createdAt: at }, input.slug);
  await appendAudit(tx, {
    orgId: org.id,
    ...auditEvent(ORG_EVENTS.orgCreated, { name: org.name, slug: org.slug, type: org.type, plan: org.plan, ...(org.parentOrgId ? { parentOrgId: org.parentOrgId } : {}) }),
    actor: userActor(actor),
    requestId: actor.requestId,
    at,
  });
  await addMembership(tx, { orgId: org.id, user: owner, role: "owner", actor: userActor(actor), requestId: actor.requestId, at });
  return org;
}

async function userRow(reader: Queryable, userId: string): Promise<User> {
  const user = await userById(reader, userId);
  // The session guard resolved this user a moment ago; a missing row is a deleted account.
  if (!user) throw kernelErrors.error("unauthorized", { message: "the account no longer exists" });
  return user;
}

function userActor(actor: { userId: string }): AuditActor {
  return { kind: "user", id: actor.userId };
}

/**
 * POST /api/org/create: a new organization owned by the caller, on Free, without a
 * Master Seal (so not ready until the owner performs the ceremony).
 */
export async function createOrganization(
  deps: Pick<AppContext, "db" | "clock">,
  actor: Acting,
  input: { name: string; slug?: string; type?: OrgType },
): Promise<OrgView> {
  const name = validName(input.name);
  const slug = input.slug === undefined ? undefined : validSlug(input.slug);
  const org = await deps.db.write(async (tx) => {
    const owner = await userRow(tx, actor.userId);
    return insertOrganizationWithOwner(tx, owner, { name, slug, type: input.type ?? "personal", plan: "free", parentOrgId: null }, actor, deps.clock.now());
  });
  return viewOf(deps.db.read, org, "owner", null);
}

// ---------------------------------------------------------------------------
// Reading

async function viewOf(reader: Queryable, org: Organization, role: string | null, parentSlug: string | null): Promise<OrgView> {
  const { ready } = await publicOrgView(reader, org);
  return {
    id: org.id,
    name: org.name,
    slug: org.slug,
    type: orgTypeOf(org.type),
    plan: org.plan,
    ready,
    role,
    parentSlug,
    createdAt: new Date(org.createdAt).toISOString(),
  };
}

/** Slugs of the given organizations' parents, by parent id. */
async function parentSlugs(reader: Queryable, orgs: Organization[]): Promise<Map<string, string>> {
  const ids = [...new Set(orgs.map((o) => o.parentOrgId).filter((id): id is string => id !== null))];
  if (ids.length === 0) return new Map();
  const rows = await reader.select({ id: organizations.id, slug: organizations.slug }).from(organizations).where(inArray(organizations.id, ids));
  return new Map(rows.map((r) => [r.id, r.slug]));
}

async function parentSlugOf(reader: Queryable, org: Organization): Promise<string | null> {
  if (!org.parentOrgId) return null;
  return (await parentSlugs(reader, [org])).get(org.parentOrgId) ?? null;
}

/** GET /api/org: every organization the user is a member of, with their role, oldest first. */
export async function listOrganizationsOf(deps: Pick<AppContext, "db">, actor: { userId: string }): Promise<OrgView[]> {
  const rows = await deps.db.read
    .select({ org: organizations, role: memberships.role })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.orgId))
    .where(eq(memberships.userId, actor.userId))
    .orderBy(asc(organizations.createdAt), asc(organizations.slug));
  const parents = await parentSlugs(deps.db.read, rows.map((r) => r.org));
  return Promise.all(rows.map((r) => viewOf(deps.db.read, r.org, r.role, r.org.parentOrgId ? (parents.get(r.org.parentOrgId) ?? null) : null)));
}

/** GET /api/org/{slug}: the view, what `ready` still waits for, the representative and the verified contacts. */
export async function describeOrganization(deps: Pick<AppContext, "db">, actor: OrgActor, org: Organization): Promise<OrgDetail> {
  const view = await viewOf(deps.db.read, org, actor.role, await parentSlugOf(deps.db.read, org));
  return {
    ...view,
    readiness: await readinessOf(deps.db.read, org),
    representative: (org.representative as Representative | null) ?? null,
    verifiedEmail: org.verifiedEmail ?? null,
    verifiedPhone: org.verifiedPhone ?? null,
  };
}

async function currentRow(tx: Tx, orgId: string): Promise<Organization> {
  const [row] = await tx.select().from(organizations).where(eq(organizations.id, orgId));
  if (!row) throw notFound();
  return row;
}

// ---------------------------------------------------------------------------
// Type and representative

/**
 * POST /api/org/{slug}/upgrade-type: owner only; the moves of types.ts. Asking for
 * the current type changes and records nothing.
 */
export async function changeOrganizationType(deps: Pick<AppContext, "db" | "clock">, c: Caller<OrgActor>, input: { type: OrgType }): Promise<OrgView> {
  const { actor, org } = c;
  requireOwner(actor);
  const updated = await deps.db.write(async (tx) => {
    await tx.lock(`org-type:${org.id}`);
    const current = await currentRow(tx, org.id);
    const from = orgTypeOf(current.type);
    if (from === input.type) return current;
    assertTypeUpgrade(from, input.type);
    const [row] = await tx.update(organizations).set({ type: input.type }).where(eq(organizations.id, org.id)).returning();
    await appendAudit(tx, { orgId: org.id, ...auditEvent(ORG_EVENTS.orgTypeChanged, { from, to: input.type }), actor: userActor(actor), requestId: c.requestId, at: deps.clock.now() });
    return row!;
  });
  return viewOf(deps.db.read, updated, actor.role, await parentSlugOf(deps.db.read, updated));
}

const E164 = /^\+[1-9]\d{6,14}$/;

/**
 * POST /api/org/{slug}/representative: the representative director of a corporation
 * or project (409 representative_not_applicable on a personal organization). Needs
 * org.representative.update. The whole record is replaced; an unchanged record
 * records nothing.
 */
export async function setRepresentative(
  deps: Pick<AppContext, "db" | "clock">,
  c: Caller<OrgActor>, input: { name: string; email: string; phone?: string | null; title?: string | null }
): Promise<Representative> {
  const { actor, org } = c;
  assertCan(actor, ORG_SCOPES.representativeUpdate);
  const name = validName(input.name);
  const email = normaliseEmail(input.email);
  const phone = input.phone?.trim() || null;
  if (phone !== null && !E164.test(phone)) {
    throw orgErrors.error("invalidPhone", { field: "phone", message: "an E.164 number: + then the country code and number, 8 to 15 digits" });
  }
  const title = input.title?.trim() || null;

  return deps.db.write(async (tx) => {
    await tx.lock(`org-representative:${org.id}`);
    const current = await currentRow(tx, org.id);
    const type = orgTypeOf(current.type);
    if (!hasRepresentative(type)) {
      throw orgErrors.error("representativeNotApplicable", { type, message: "a personal organization has no representative director; upgrade its type first" });
    }
    const person = await userByEmail(tx, email);
    const [member] = person ? await tx.select({ userId: memberships.userId }).from(memberships).where(and(eq(memberships.userId, person.id), eq(memberships.orgId, org.id))) : [];
    const next: Representative = { name, email, phone, title, userId: member?.userId ?? null };
    const before = (current.representative as Representative | null) ?? null;
    if (before && canonicalJson(before) === canonicalJson(next)) return next;
    await tx.update(organizations).set({ representative: { ...next } }).where(eq(organizations.id, org.id));
    await appendAudit(tx, { orgId: org.id, ...auditEvent(ORG_EVENTS.orgRepresentativeSet, { before, after: next }), actor: userActor(actor), requestId: c.requestId, at: deps.clock.now() });
    return next;
  });
}

// ---------------------------------------------------------------------------
// Sub-organizations

// Sub-organization creation and plan changes take the same lock on the parent, so a
// new sub-organization never misses a plan change that is cascading to its siblings.
const planLock = (orgId: string) => `org-plan:${orgId}`;

/**
 * POST /api/org/{slug}/sub-orgs: needs org.sub_org.create in the parent. The caller
 * owns the new organization; the parent's owner (when someone else) joins it as an
 * admin. It starts on the parent's plan and follows it. Audited on both.
 */
export async function createSubOrganization(
  deps: Pick<AppContext, "db" | "clock">,
  c: Caller<OrgActor>, input: { name: string; slug?: string; type?: OrgType }
): Promise<OrgView> {
  const { actor, org: parent } = c;
  assertCan(actor, ORG_SCOPES.subOrgCreate);
  if (parent.parentOrgId) {
    throw orgErrors.error("subOrgNestingLimit", { maxDepth: SUB_ORG_MAX_DEPTH, message: "a sub-organization cannot have sub-organizations of its own" });
  }
  const name = validName(input.name);
  const slug = input.slug === undefined ? undefined : validSlug(input.slug);
  const sub = await deps.db.write(async (tx) => {
    await tx.lock(planLock(parent.id));
    const [{ count }] = (await tx.select({ count: sql<number>`count(*)` }).from(organizations).where(eq(organizations.parentOrgId, parent.id))) as [{ count: number }];
    const current = Number(count);
    if (current >= SUB_ORG_LIMIT) {
      throw orgErrors.error("subOrgLimitReached", { limit: SUB_ORG_LIMIT, current, message: `an organization holds at most ${SUB_ORG_LIMIT} sub-organizations` });
    }
    const at = deps.clock.now();
    const parentNow = await currentRow(tx, parent.id);
    const creator = await userRow(tx, actor.userId);
    const row = await insertOrganizationWithOwner(tx, creator, { name, slug, type: input.type ?? "project", plan: parentNow.plan, parentOrgId: parent.id }, { ...actor, requestId: c.requestId }, at);
    if (parentNow.ownerUserId && parentNow.ownerUserId !== actor.userId) {
      const parentOwner = await userRow(tx, parentNow.ownerUserId);
      await addMembership(tx, { orgId: row.id, user: parentOwner, role: "admin", actor: userActor(actor), requestId: c.requestId, at });
    }
    await appendAudit(tx, {
      orgId: parent.id,
      ...auditEvent(ORG_EVENTS.orgSubOrgCreated, { subOrgId: row.id, slug: row.slug, name: row.name, type: row.type }),
      actor: userActor(actor),
      requestId: c.requestId,
      at,
    });
    return row;
  });
  return viewOf(deps.db.read, sub, "owner", parent.slug);
}

/** GET /api/org/{slug}/sub-orgs: needs org.sub_org.list; each with the caller's role in it, or null. */
export async function listSubOrganizations(deps: Pick<AppContext, "db">, c: Caller<OrgActor>): Promise<OrgView[]> {
  const { actor, org: parent } = c;
  assertCan(actor, ORG_SCOPES.subOrgList);
  const rows = await deps.db.read
    .select({ org: organizations, role: memberships.role })
    .from(organizations)
    .leftJoin(memberships, and(eq(memberships.orgId, organizations.id), eq(memberships.userId, actor.userId)))
    .where(eq(organizations.parentOrgId, parent.id))
    .orderBy(asc(organizations.createdAt), asc(organizations.slug));
  return Promise.all(rows.map((r) => viewOf(deps.db.read, r.org, r.role, parent.slug)));
}

/**
 * DELETE /api/org/{slug}/sub-orgs/{subSlug}: the parent's owner only. A slug that is
 * not a child of this parent is 404, like an unknown one. The row goes and its data
 * with it (every table cascades from organizations); its audit events stay, closed
 * by org.deleted, and the parent records org.sub_org.deleted.
 */
export async function deleteSubOrganization(
  deps: Pick<AppContext, "db" | "clock">,
  c: Caller<OrgActor>, subSlug: string
): Promise<{ id: string; slug: string; deleted: true }> {
  const { actor, org: parent } = c;
  requireOwner(actor);
  return deps.db.write(async (tx) => {
    await tx.lock(planLock(parent.id));
    const [sub] = await tx
      .select()
      .from(organizations)
      .where(and(eq(organizations.slug, subSlug.toLowerCase()), eq(organizations.parentOrgId, parent.id)));
    if (!sub) throw notFound();
    const at = deps.clock.now();
    const audit = { actor: userActor(actor), requestId: c.requestId, at };
    await appendAudit(tx, { ...audit, orgId: sub.id, ...auditEvent(ORG_EVENTS.orgDeleted, { slug: sub.slug, name: sub.name, parentOrgId: parent.id }) });
    await appendAudit(tx, { ...audit, orgId: parent.id, ...auditEvent(ORG_EVENTS.orgSubOrgDeleted, { subOrgId: sub.id, slug: sub.slug, name: sub.name }) });
    await tx.delete(organizations).where(eq(organizations.id, sub.id));
    return { id: sub.id, slug: sub.slug, deleted: true as const };
  });
}

// ---------------------------------------------------------------------------
// Bootstrap and plans

export interface BootstrapInput {
  email: string;
  orgName: string;
  slug?: string;
  plan?: string;
}

export interface BootstrapResult {
  userId: string;
  orgId: string;
  slug: string;
  plan: PlanKey;
  created: { user: boolean; organization: boolean; membership: boolean };
}

/**
 * Creates (or reuses) the owner account, the organization and the owner membership,
 * in one transaction with their audit events. Re-running with the same input changes
 * nothing; a slug that belongs to another owner is refused.
 */
export async function bootstrapOrganization(
  deps: Pick<AppContext, "db" | "clock">,
  actor: AuditActor,
  input: BootstrapInput,
): Promise<BootstrapResult> {
  const name = validName(input.orgName);
  // The operator sees the slug printed; a derived one that is reserved is refused rather than varied.
  const slug = validSlug(input.slug ?? slugFromName(name));
  const plan = input.plan === undefined ? undefined : parsePlan(input.plan);
  if (plan === null) throw orgErrors.error("invalidPlan", { field: "plan", message: "one of free, pro, pro_plus, business, enterprise" });

  return deps.db.write(async (tx) => {
    const now = deps.clock.now();
    await tx.lock(`org-slug:${slug}`);
    const { user, created: userCreated } = await findOrCreateUser(tx, input.email, now);
    const [existing] = await tx.select().from(organizations).where(eq(organizations.slug, slug));
    let org: Organization;
    if (!existing) {
      const inserted = await insertOrganization(tx, { name, slug, plan: plan ?? "free", ownerUserId: user.id, createdAt: now });
      // The dashboard took the slug between the read and the insert.
      if (!inserted) throw slugTaken(slug);
      org = inserted;
      await appendAudit(tx, { orgId: org.id, ...auditEvent(ORG_EVENTS.orgCreated, { name, slug, type: org.type, plan: org.plan }), actor, at: now });
    } else if (existing.ownerUserId !== user.id) {
      throw slugTaken(slug);
    } else if (plan && plan !== existing.plan) {
      await changePlan(tx, actor, existing, plan, now);
      org = { ...existing, plan };
    } else {
      org = existing;
    }
    const member = await addMembership(tx, { orgId: org.id, user, role: "owner", actor, at: now });
    return {
      userId: user.id,
      orgId: org.id,
      slug,
      plan: org.plan as PlanKey,
      created: { user: userCreated, organization: !existing, membership: member.created },
    };
  });
}

export interface SetPlanResult {
  orgId: string;
  slug: string;
  plan: PlanKey;
  previousPlan: string;
  changed: boolean;
}

/**
 * Sets an organization's plan (the operator's `admin plan`, later the billing module),
 * with org.plan_changed in the same transaction; its sub-organizations follow. Setting
 * the current plan changes nothing and records nothing. A sub-organization's plan is
 * its parent's: 409 plan_follows_parent.
 */
export async function setOrganizationPlan(
  deps: Pick<AppContext, "db" | "clock">,
  actor: AuditActor,
  input: { slug: string; plan: string },
): Promise<SetPlanResult> {
  const plan = parsePlan(input.plan);
  if (!plan) throw orgErrors.error("invalidPlan", { field: "plan", message: `unknown plan "${input.plan}" (one of ${PLAN_KEYS.join(", ")})` });
  const slug = input.slug.trim().toLowerCase();
  return deps.db.write(async (tx) => {
    const [org] = await tx.select().from(organizations).where(eq(organizations.slug, slug));
    if (!org) throw orgErrors.error("notFound", { field: "org", message: `no organization with the slug "${slug}"` });
    await tx.lock(planLock(org.id));
    // Re-read under the lock so two operators changing the plan record a true "from".
    const current = await currentRow(tx, org.id);
    const previousPlan = current.plan;
    if (previousPlan === plan) return { orgId: org.id, slug, plan, previousPlan, changed: false };
    await changePlan(tx, actor, current, plan, deps.clock.now());
    return { orgId: org.id, slug, plan, previousPlan, changed: true };
  });
}

/**
 * A plan change made by billing (an owner's paid upgrade, a downgrade at the period end,
 * the delinquency clock dropping to Free), in billing's transaction: the organization
 * re-read under the plan lock, then the one way a plan changes. Returns the plan it had.
 */
export async function changePlanInTx(tx: Tx, actor: AuditActor, orgId: string, to: PlanKey, at: number): Promise<{ previousPlan: string; changed: boolean }> {
  await tx.lock(planLock(orgId));
  const current = await currentRow(tx, orgId);
  if (current.plan === to) return { previousPlan: current.plan, changed: false };
  await changePlan(tx, actor, current, to, at);
  return { previousPlan: current.plan, changed: true };
}

/**
 * The one way a plan changes: the row and its org.plan_changed event, then the same
 * for each sub-organization (marked `via: "parent"`), in the caller's transaction.
 */
async function changePlan(tx: Tx, actor: AuditActor, org: Organization, to: PlanKey, at: number): Promise<void> {
  if (org.parentOrgId) {
    const [parent] = await tx.select({ slug: organizations.slug }).from(organizations).where(eq(organizations.id, org.parentOrgId));
    throw orgErrors.error("planFollowsParent", {
      field: "org",
      parentSlug: parent?.slug ?? null,
      message: `"${org.slug}" is a sub-organization; it follows the plan of ${parent ? `"${parent.slug}"` : "its parent"}`,
    });
  }
  await tx.update(organizations).set({ plan: to }).where(eq(organizations.id, org.id));
  await appendAudit(tx, { orgId: org.id, ...auditEvent(ORG_EVENTS.orgPlanChanged, { from: org.plan, to }), actor, at });
  const children = await tx.select({ id: organizations.id, plan: organizations.plan }).from(organizations).where(eq(organizations.parentOrgId, org.id));
  for (const child of children) {
    if (child.plan === to) continue;
    await tx.update(organizations).set({ plan: to }).where(eq(organizations.id, child.id));
    await appendAudit(tx, { orgId: child.id, ...auditEvent(ORG_EVENTS.orgPlanChanged, { from: child.plan, to, via: "parent" }), actor, at });
  }
}
