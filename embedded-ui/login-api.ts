// The hosted login's calls to the public sign-in routes of its application, and the
// plain words it shows for every error code those routes answer.

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

const FIELD_NAMES: Record<string, string> = {
  email: "e-mail address",
  phone: "phone number",
  code: "code",
  turnstileToken: "bot check",
};

/** Words for an error code; anything else gets the generic sentence. */
const WORDS: Record<string, string> = {
  network: "We could not reach the server. Check your connection and try again.",
  rate_limited: "Too many attempts. Please wait a minute and try again.",
  method_disabled: "This way of signing in is turned off for this app.",
  bot_check_failed: "The bot check did not pass. Please complete it and try again.",
  invalid_token: "This sign-in link is not valid. Ask for a new one.",
  token_used: "This sign-in link was already used. Ask for a new one.",
  token_expired: "This sign-in link has expired. Ask for a new one.",
  token_application_mismatch: "This sign-in link was made for another app.",
  redirect_not_allowed: "The app asked to return to an address it has not registered.",
  end_user_disabled: "This account is disabled. Contact the app's support team.",
  signing_key_missing: "Signing in to this app is not possible right now. Please try again later.",
  invalid_access_token: "Your session has ended. Please sign in again.",
  passkey_unknown: "This passkey is not registered for this app. Sign in another way, then add it.",
  passkey_verification_failed: "The passkey could not be verified. Please try again.",
  passkey_origin_not_allowed: "Passkeys cannot be used on this page for this app.",
  passkey_already_registered: "This passkey is already registered.",
  passkey_limit_reached: "You have as many passkeys as allowed. Remove one in the app first.",
  invalid_number: "This phone number is not valid. Write it in international format, such as +14155550123.",
  region_not_supported: "We cannot send text messages to this country or region.",
  send_failed: "The text message could not be sent. Please try again later.",
  region_daily_limit: "This number has received as many codes as allowed today. Try again tomorrow.",
  region_fuse: "Codes to this region are paused for today. Try again tomorrow.",
  cooldown: "A code was just sent. Please wait a minute before asking for another.",
  mfa_locked: "Too many wrong codes. Please start signing in again.",
  mfa_code_not_sent: "No code has been sent yet. Ask for a new code.",
  mfa_phone_required: "Enter your phone number first.",
  mfa_mode_mismatch: "This sign-in already has a phone. Enter the code we texted you.",
  not_found: "This app could not be found.",
};

export function plainWords(error: unknown): string {
  if (error instanceof DOMException) {
    if (error.name === "NotAllowedError" || error.name === "AbortError") return "The passkey request was cancelled or timed out.";
    if (error.name === "InvalidStateError") return "This passkey is already registered.";
    return "Your browser could not use a passkey here.";
  }
  if (!(error instanceof PortalApiError)) return "Something went wrong. Please try again.";
  const { code, body } = error;
  if (code === "mfa_code_invalid") {
    const left = body.attemptsLeft ?? body.attemptsRemaining;
    return typeof left === "number" ? `That code is not right. ${left} ${left === 1 ? "try" : "tries"} left.` : "That code is not right.";
  }
  if (code === "invalid_request" || WORDS[code] === undefined) {
    const field = typeof body.field === "string" ? FIELD_NAMES[body.field.split(/[.[]/)[0]!] : undefined;
    if (field) return `Please check the ${field}.`;
  }
  return WORDS[code] ?? "Something went wrong. Please try again.";
}
