import { ApiError } from "../../src/platform/http/errors";

/** The status and body an ApiError thrown by `fn` would send, or null when nothing is thrown. */
export function thrownApiError(fn: () => void): { status: number; body: Record<string, unknown> } | null {
  try {
    fn();
    return null;
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    return { status: e.status, body: e.body() };
  }
}
