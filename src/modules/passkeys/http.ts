/**
 * A refused rate limit answers 429 with a Retry-After header. Services throw the 429
 * ApiError with `retryAfterSeconds`; the route wraps its call in `withRetryAfter` so
 * the header goes out with the error body.
 */
import { ApiError } from "../../platform/http/errors";

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
