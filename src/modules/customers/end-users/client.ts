/** Who is signing in, from where: the SignInClient every sign-in route builds once per request. */
import type { AppGroupRow, ApplicationRow } from "../apps/schema";
import { requestInfo } from "../../../platform/http/kernel";
import { requestLanguage } from "../../../platform/languages";
import type { SignInClient } from "./sign-in";
import { servedDomainOf } from "../domains/host-gate";

/** Longest user agent kept with a session or sign-in; real ones are far shorter. */
const USER_AGENT_MAX = 500;

export function signInClientOf(request: Request, found: { application: ApplicationRow; appGroup: AppGroupRow }): SignInClient {
  return {
    application: found.application,
    appGroup: found.appGroup,
    ip: requestInfo(request).ip,
    userAgent: request.headers.get("user-agent")?.slice(0, USER_AGENT_MAX) ?? null,
    portal: customPortalOf(request, found.appGroup),
    language: requestLanguage(request.headers),
  };
}

/** `https://{domain}` when the request came in on this app group's custom login domain, else null. */
export function customPortalOf(request: Request, appGroup: Pick<AppGroupRow, "id">): { portalBase: string } | null {
  const served = servedDomainOf(request);
  return served && served.appGroupId === appGroup.id ? { portalBase: `https://${served.hostname}` } : null;
}
