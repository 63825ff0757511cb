/**
 * Who reads the analytics reports under /api/v1/admin: a dashboard session naming the
 * organization with ?orgId= (spec 4.5), which takes the organization's id or its slug.
 * The same membership, 404 and session-policy rules as the audit routes apply
 * (resolveAuditCaller); reading needs org.analytics.read, held by the Owner and Admin
 * (org.*) and grantable to custom roles.
 */
import type { AppContext } from "../../context";
import { resolveAuditCaller, type AuditCaller } from "../trust/index";
import { orgByIdOrSlug } from "../orgs/index";
import { analyticsErrors } from "./errors";

export const ANALYTICS_SCOPE = "org.analytics.read";

export async function resolveAnalyticsCaller(
  deps: Pick<AppContext, "db" | "clock">,
  session: { userId: string; email: string; token: string },
  orgIdOrSlug: string,
): Promise<AuditCaller> {
  const org = await orgByIdOrSlug(deps.db.read, orgIdOrSlug);
  if (!org) throw analyticsErrors.error("notFound", { message: "no such organization" });
  return resolveAuditCaller(deps, session, org.slug, { requestId: null, ip: null, userAgent: null });
}
