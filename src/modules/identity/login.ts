/**
 * The dashboard login hand-over (spec 5.7): what `/login?returnUrl=&login_hint=&prompt=`
 * does with the browser's current session. The account-owner gate (this page, identity
 * User) is separate from the hosted end-user portal at `/login/{appKey}`.
 */
import type { Config } from "../../config";
import { normaliseEmail } from "./service";

export type HandOver =
  /** Signed in as the hinted account (or no hint was given): go to the returnUrl now. */
  | { kind: "forward" }
  /** Show the sign-in form; first sign out the other account when there is one. */
  | { kind: "sign-in"; signOutCurrent: boolean }
  /** A different account is signed in and prompt=select_account: the person chooses. */
  | { kind: "choose-account" };

/** The only prompt that changes anything; every other value, or none, is the default ("login"). */
export const SELECT_ACCOUNT = "select_account";

/** The login_hint as an e-mail address, or null when it is missing or not an address. */
export function loginHint(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    return normaliseEmail(value);
  } catch {
    return null;
  }
}

/**
 * 5.7: a session matching the hint forwards; no session opens the form; a different
 * session is governed by prompt: select_account lets the person choose, anything else
 * (omitted, "login", unrecognised) lets the hint win and signs the other session out.
 */
export function decideHandOver(signedInAs: string | null, hint: string | null, prompt: string | undefined): HandOver {
  if (signedInAs === null) return { kind: "sign-in", signOutCurrent: false };
  if (hint === null || hint === signedInAs) return { kind: "forward" };
  if (prompt === SELECT_ACCOUNT) return { kind: "choose-account" };
  return { kind: "sign-in", signOutCurrent: true };
}

/** `/login` with the hand-over's query (absent values left out). */
export function loginPath(query: { returnUrl?: string | null; hint?: string | null; prompt?: string }): string {
  const params = new URLSearchParams();
  if (query.returnUrl) params.set("returnUrl", query.returnUrl);
  if (query.hint) params.set("login_hint", query.hint);
  if (query.prompt) params.set("prompt", query.prompt);
  const search = params.toString();
  return search ? `/login?${search}` : "/login";
}

/**
 * Where a magic link requested from the login form returns to: back through /login on
 * the dashboard, so the identity check runs again with the signed-in account before
 * the returnUrl is honoured (someone who typed another address than the hint is not
 * forwarded).
 */
export function returnThroughLogin(config: Pick<Config, "dashboardBase">, returnUrl: string | null, hint: string | null): string {
  return `${config.dashboardBase}${loginPath({ returnUrl, hint })}`;
}
