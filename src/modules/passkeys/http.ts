/** Small HTTP helpers the passkey and linked-identity routes share. */
import { ApiError } from "../../platform/http/errors";
import { requestInfo } from "../../platform/http/kernel";
import type { SessionClient } from "../accounts/sessions";

/**
 * A refused rate limit answers 429 with a Retry-After header. Services throw the 429
 * ApiError with `retryAfterSeconds`; the route wraps its call so the header goes out
 * with the error body.
 */
export async function withRetryAfter<T>(set: { headers: Record<string, unknown> }, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof ApiError && e.status === 429 && typeof e.extra.retryAfterSeconds === "number") {
      set.headers["retry-after"] = String(e.extra.retryAfterSeconds);
    }
    throw e;
  }
}

/** What a new session records about the client that started it. */
export function sessionClientOf(request: Request): SessionClient {
  return { userAgent: request.headers.get("user-agent"), ip: requestInfo(request).ip };
}
