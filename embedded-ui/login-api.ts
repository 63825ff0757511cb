// The hosted login's calls to the public sign-in routes of its application, and the
// plain words it shows for every error code those routes answer (locales/login.ts).

import { loginCatalog, type LoginKey } from "./locales/login";

/** An answer other than 2xx, with the API's error code and fields. */
export class PortalApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly body: Record<string, unknown>,
    /** Seconds, from Retry-After (429 answers). */
    readonly retryAfter?: number,
  ) {
    super(code);
  }
}

/** Calls /api/public/apps/{appKey}{path} on the portal's own origin (the portal cookie is first-party there). */
export async function callApi<T>(appKey: string, method: "GET" | "POST", path: string, body?: unknown, bearer?: string): Promise<T> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (body !== undefined) headers["content-type"] = "application/json";
  if (bearer) headers.authorization = `Bearer ${bearer}`;
  let response: Response;
  try {
    response = await fetch(`/api/public/apps/${encodeURIComponent(appKey)}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "same-origin",
    });
  } catch {
    throw new PortalApiError(0, "network", {});
  }
  const text = await response.text();
  let parsed: Record<string, unknown> = {};
  try {
    parsed = text ? JSON.parse(text) : {};
  } catch {}
  if (!response.ok) {
    const retryAfter = Number(response.headers.get("retry-after")) || undefined;
    throw new PortalApiError(response.status, typeof parsed.error === "string" ? parsed.error : "unknown", parsed, retryAfter);
  }
  return parsed as T;
}

/** The fields whose check the page can name in words (locales/login.ts, check.*). */
const CHECKED_FIELDS = ["email", "phone", "code", "turnstileToken"] as const;

type Translate = (key: LoginKey, values?: Record<string, string | number>) => string;

/** Words for an error, in the page's language: a known API code, a field to check, else the generic sentence. */
export function plainWords(error: unknown, t: Translate): string {
  if (error instanceof DOMException) {
    if (error.name === "NotAllowedError" || error.name === "AbortError") return t("passkeyCancelled");
    if (error.name === "InvalidStateError") return t("error.passkey_already_registered");
    return t("passkeyUnavailable");
  }
  if (!(error instanceof PortalApiError)) return t("somethingWrong");
  const { code, body } = error;
  if (code === "mfa_code_invalid") {
    const left = body.attemptsLeft ?? body.attemptsRemaining;
    if (typeof left !== "number") return t("codeWrong");
    return left === 1 ? t("codeWrongOneLeft") : t("codeWrongLeft", { count: left });
  }
  const known = `error.${code}` as LoginKey;
  if (known in loginCatalog.en) return t(known);
  const field = typeof body.field === "string" ? body.field.split(/[.[]/)[0]! : "";
  if ((CHECKED_FIELDS as readonly string[]).includes(field)) return t(`check.${field}` as LoginKey);
  return t("somethingWrong");
}
