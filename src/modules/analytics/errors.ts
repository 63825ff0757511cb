/** Error codes of the analytics surface (spec §7 codes where it gives them). */
export const AnalyticsErrors = {
  /** 403: the beacon's Origin is not one of the application's Allowed Origins (spec 4.1 rule 1). */
  originNotAllowed: "ORIGIN_NOT_ALLOWED",
  /** 400: more than 50 events or 64 KB in one beacon request (the spec gives no code). */
  batchTooLarge: "batch_too_large",
  /** 404: no such app group in this organization. */
  notFound: "not_found",
  /** 403: the caller holds no analytics grant (org.analytics.read). */
  permissionDenied: "PERMISSION_DENIED",
} as const;
