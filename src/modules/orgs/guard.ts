/**
 * The organization guard: `{ org: true }` on a `/api/org/:slug/*` route resolves the
 * signed-in user (session cookie or bearer session token), the organization and the
 * caller's role and scopes, or answers 401 (no session) or 404 (unknown slug, or not
 * a member: the same answer, so nothing leaks). The machine-access issue adds M2M
 * tokens to the same macro.
 */
import { Elysia } from "elysia";
import type { AppContext } from "../../context";
import { ApiError } from "../../platform/http/errors";
import { resolveSessionActor } from "../accounts/guard";
import { resolveOrgAccess } from "./access";
import { enforceSessionPolicy } from "./security-policy";

export function orgGuard(ctx: Pick<AppContext, "db" | "sessions" | "clock">) {
  return new Elysia({ name: "orgs.guard" }).macro({
    org: {
      async resolve({ request, cookie, params }) {
        const actor = await resolveSessionActor(ctx.sessions, request, cookie);
        const slug = (params as Record<string, string | undefined>).slug ?? "";
        const access = await resolveOrgAccess(ctx.db.read, slug, { userId: actor.userId, email: actor.email });
        if (!access) throw new ApiError(404, "not_found", { message: "no such organization" });
        await enforceSessionPolicy(ctx.db.read, access.org, access.actor, actor.token, ctx.clock.now());
        return { org: access.org, orgActor: access.actor, session: actor };
      },
    },
  });
}
