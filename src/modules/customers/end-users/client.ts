/** Who is signing in, from where: the SignInClient every sign-in route builds once per request. */
import type { AppGroupRow, ApplicationRow } from "../apps/schema";
import { requestInfo } from "../../../platform/http/kernel";
import type { SignInClient } from "./sign-in";

/** Longest user agent kept with a session or sign-in; real ones are far shorter. */
const USER_AGENT_MAX = 500;

export function signInClientOf(request: Request, found: { application: ApplicationRow; appGroup: AppGroupRow }): SignInClient {
  return {
    application: found.application,
    appGroup: found.appGroup,
    ip: requestInfo(request).ip,
    userAgent: request.headers.get("user-agent")?.slice(0, USER_AGENT_MAX) ?? null,
  };
}
