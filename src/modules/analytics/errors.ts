/** Error codes of the analytics surface (spec §7 codes where it gives them), with their statuses (DESIGN §7). */
import { defineErrors } from "../../platform/http/error-catalog";

export const analyticsErrors = defineErrors({
  /** Spec 4.1 rule 1. */
  originNotAllowed: { code: "ORIGIN_NOT_ALLOWED", status: 403, message: "this Origin is not one of the application's Allowed Origins" },
  /** The spec gives no code. */
  batchTooLarge: { code: "batch_too_large", status: 400, message: "more than 50 events or 64 KB in one beacon request (limit)" },
  notFound: { code: "not_found", status: 404, message: "no such app group in this organization" },
  permissionDenied: { code: "PERMISSION_DENIED", status: 403, message: "the caller holds no analytics grant (org.analytics.read)" },
});

export const AnalyticsErrors = analyticsErrors.codes;
