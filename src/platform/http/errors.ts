/**
 * ApiError is what services throw; the error plugin turns it into the specified body
 * `{ "error": code, ...extra }` with its status.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(code);
  }

  body(): Record<string, unknown> {
    return { error: this.code, ...this.extra };
  }
}

/** Kernel error codes (modules list their own in errors.ts). */
export const KernelErrors = {
  invalidJson: "invalid_json",
  invalidRequest: "invalid_request",
  notFound: "not_found",
  payloadTooLarge: "payload_too_large",
  unsupportedMediaType: "unsupported_media_type",
  unauthorized: "unauthorized",
  internal: "internal",
  databaseUnavailable: "database_unavailable",
} as const;

/**
 * 429 `rate_limited` with `retryAfterSeconds`; the kernel copies the wait into the
 * Retry-After header (it does so for any ApiError carrying retryAfterSeconds).
 */
export class RateLimitedError extends ApiError {
  constructor(
    readonly retryAfterSeconds: number,
    detail: { field?: string; message?: string } = {},
  ) {
    super(429, "rate_limited", { ...detail, retryAfterSeconds });
  }
}
