/** How far back each plan may read its audit events (spec §8); Enterprise's is "per contract" (null: no limit here). */
import type { ApiError } from "../../../platform/http/errors";
import { definePlanLimits } from "../../../platform/plans";
import { auditErrors } from "./errors";

export const auditLimits = definePlanLimits<{ retentionDays: number | null }>("audit", {
  free: { retentionDays: 1 },
  pro: { retentionDays: 7 },
  pro_plus: { retentionDays: 30 },
  business: { retentionDays: 90 },
  enterprise: { retentionDays: null },
});

/** 402 UPGRADE_REQUIRED: an audit query range entirely outside the retention window. */
export function auditRetentionExceeded(): ApiError {
  return auditErrors.error("upgradeRequired", { status: 402, feature: "audit.retention" });
}
