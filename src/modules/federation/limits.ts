/**
 * Enterprise SSO connections an organization may hold (spec §8: Basic 0, Pro 1, Pro+ 3,
 * Business 10, Enterprise unlimited; the lowest plan is "Basic" there, Free here). Only
 * active connections count; read with orgs' limitsOf, so an Enterprise contract's
 * override (family "sso") applies.
 */
import { definePlanLimits } from "../../platform/plans";

export const ssoLimits = definePlanLimits<{ connections: number | null }>("sso", {
  free: { connections: 0 },
  pro: { connections: 1 },
  pro_plus: { connections: 3 },
  business: { connections: 10 },
  enterprise: { connections: null },
});
