/**
 * The redirect rules of the end-user sign-in routes (spec 4.1). Two kinds of redirect:
 *
 * - where a magic link lands (`redirectUrl` of magic-link/send): the portal's verify
 *   route, or one of the application's Callback URLs. Anything else is refused (400
 *   redirect_not_allowed) because the link itself would carry the token there.
 * - where the user goes once signed in (`postSignInRedirectUrl`, the link's
 *   `redirect_url`, verify's `redirectUrl`): a Callback URL (exact or same origin).
 *   Anything else is dropped: the sign-in goes on, with no redirect, and the value is
 *   never echoed or rewritten.
 *
 * Both go through callbackAllowed (apps/validation.ts), whose strict parser refuses
 * scheme-relative, userinfo, backslash, encoded-slash, whitespace and script URLs.
 */
import type { Config } from "../../../config";
import type { ApplicationRow } from "../apps/schema";
import { callbackAllowed } from "../apps/validation";
import { endUserErrors } from "./errors";
import { portalVerifyUrl } from "./portal";

/** Where a magic link may land; the portal's verify route when none is asked for. Throws 400 redirect_not_allowed. */
export function magicLinkLanding(config: Pick<Config, "portalBase">, application: Pick<ApplicationRow, "clientKey" | "callbackUrls">, requested: string | undefined, field = "redirectUrl"): string {
  const portal = portalVerifyUrl(config, application.clientKey);
  if (requested === undefined || requested === portal) return portal;
  if (callbackAllowed(application, requested)) return requested;
  throw endUserErrors.error("redirectNotAllowed", {
    field,
    message: "a magic link may only land on the hosted login's verify page or one of the application's Callback URLs",
  });
}

/** A post-sign-in redirect when it is an allowed Callback URL, else null (dropped, not an error). */
export function postSignInRedirect(application: Pick<ApplicationRow, "callbackUrls">, requested: string | null | undefined): string | null {
  return requested && callbackAllowed(application, requested) ? requested : null;
}
