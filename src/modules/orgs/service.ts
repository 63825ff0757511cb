/** Organizations: creation with an owner, as the bootstrap and (later) the dashboard do it. */
import { eq } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { Tx } from "../../platform/db/database";
import { appendAudit, type AuditActor } from "../../platform/audit/append";
import { ApiError } from "../../platform/http/errors";
import { newId } from "../../platform/ids";
import { findOrCreateUser } from "../accounts/service";
import { parsePlan, PLAN_KEYS, type PlanKey } from "./plans";
import { addMembership } from "./membership";
import { organizations } from "./schema";
import { slugFromName, slugProblem } from "./slugs";

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

const NAME_MAX = 200;

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
  const name = input.orgName.trim();
  if (!name || name.length > NAME_MAX) throw new ApiError(400, "invalid_name", { field: "name", message: `1 to ${NAME_MAX} characters` });
  const slug = input.slug?.trim().toLowerCase() ?? slugFromName(name);
  const problem = slugProblem(slug);
  if (problem) throw new ApiError(400, "invalid_slug", { field: "slug", message: `slug ${problem}` });
  const plan = input.plan === undefined ? undefined : parsePlan(input.plan);
  if (plan === null) throw new ApiError(400, "invalid_plan", { field: "plan", message: "one of free, pro, pro_plus, business, enterprise" });

  return deps.db.write(async (tx) => {
    const now = deps.clock.now();
    await tx.lock(`org-slug:${slug}`);
    const { user, created: userCreated } = await findOrCreateUser(tx, input.email, now);
    let [org] = await tx.select().from(organizations).where(eq(organizations.slug, slug));
    const orgCreated = !org;
    if (!org) {
      [org] = await tx
        .insert(organizations)
        .values({ id: newId(), name, slug, plan: plan ?? "free", ownerUserId: user.id, createdAt: now })
        .returning();
      await appendAudit(tx, { orgId: org!.id, type: "org.created", actor, payload: { name, slug, plan: org!.plan }, at: now });
    } else if (org.ownerUserId !== user.id) {
      throw new ApiError(409, "slug_taken", { field: "slug", message: `the slug "${slug}" belongs to another organization` });
    } else if (plan && plan !== org.plan) {
      await changePlan(tx, actor, org.id, org.plan, plan, now);
      org = { ...org, plan };
    }
    const member = await addMembership(tx, { orgId: org!.id, user, role: "owner", actor, at: now });
    return {
      userId: user.id,
      orgId: org!.id,
      slug,
      plan: org!.plan as PlanKey,
      created: { user: userCreated, organization: orgCreated, membership: member.created },
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
 * with org.plan_changed in the same transaction. Setting the current plan changes
 * nothing and records nothing.
 */
export async function setOrganizationPlan(
  deps: Pick<AppContext, "db" | "clock">,
  actor: AuditActor,
  input: { slug: string; plan: string },
): Promise<SetPlanResult> {
  const plan = parsePlan(input.plan);
  if (!plan) throw new ApiError(400, "invalid_plan", { field: "plan", message: `unknown plan "${input.plan}" (one of ${PLAN_KEYS.join(", ")})` });
  const slug = input.slug.trim().toLowerCase();
  return deps.db.write(async (tx) => {
    const [org] = await tx.select().from(organizations).where(eq(organizations.slug, slug));
    if (!org) throw new ApiError(404, "not_found", { field: "org", message: `no organization with the slug "${slug}"` });
    await tx.lock(`org-plan:${org.id}`);
    // Re-read under the lock so two operators changing the plan record a true "from".
    const [current] = await tx.select({ plan: organizations.plan }).from(organizations).where(eq(organizations.id, org.id));
    const previousPlan = current!.plan;
    if (previousPlan === plan) return { orgId: org.id, slug, plan, previousPlan, changed: false };
    await changePlan(tx, actor, org.id, previousPlan, plan, deps.clock.now());
    return { orgId: org.id, slug, plan, previousPlan, changed: true };
  });
}

/** The one way a plan changes: the row and its org.plan_changed event, in the caller's transaction. */
async function changePlan(tx: Tx, actor: AuditActor, orgId: string, from: string, to: PlanKey, at: number): Promise<void> {
  await tx.update(organizations).set({ plan: to }).where(eq(organizations.id, orgId));
  await appendAudit(tx, { orgId, type: "org.plan_changed", actor, payload: { from, to }, at });
}
