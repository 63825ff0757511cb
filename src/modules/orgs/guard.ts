/**
 * The organization guards for `/api/org/:slug/*` routes. Both resolve the organization
 * and the caller in it per request, or answer 401 (no or a bad credential) or 404
 * (unknown slug, or not a member: the same answer, so nothing leaks).
 *
 * - `{ org: true }`: routes for people. A dashboard session (cookie or bearer) gives the
 *   handler `org`, `orgActor` (the member) and `session`. An M2M token is checked in
 *   full (so a bad one is 401 as anywhere) and then refused: 403 machine_not_allowed.
 * - `{ orgOrMachine: true }`: routes machines may call too. The handler gets `org` and
 *   `orgCaller`: the member, or a MachineOrgActor for an M2M token, whose organization,
 *   key revocation and service account are re-checked on every request (by `machineTokens`,
 *   which the access domain provides).
 *   A token from a key scoped to one app group is refused here (401
 *   org_wide_key_required): these routes reach the whole organization (DESIGN §5).
 * - `{ orgOrGroupMachine: true }`: the same, and such a token is let in: for routes that
 *   narrow what they show and change to the caller's app group (apps, `/me`).
 *
 * A bearer credential with three dot-separated parts is an M2M token; a session token
 * never has a dot.
 */
import { Elysia } from "elysia";
import type { AppContext } from "../../context";
import { bearerToken, resolveSessionActor } from "../identity/index";
import { orgAccessErrors, orgWideKeyRequired, resolveOrgAccess, type OrgCaller } from "./access";
import { orgErrors } from "./errors";
import { enforceSessionPolicy } from "./security-policy";
import { notePrincipal } from "../../platform/http/kernel";

/** Logs say which organization and who: a person's user id or the API key behind an M2M token. */
function noteCaller(request: Request, orgId: string, caller: { kind: string; userId: string | null; keyId?: string }): void {
  notePrincipal(request, { orgId, principal: caller.kind === "user" ? `user:${caller.userId}` : `key:${caller.keyId}` });
}

type GuardDeps = Pick<AppContext, "db" | "sessions" | "clock" | "machineTokens">;

function slugOf(params: unknown): string {
  return (params as Record<string, string | undefined>).slug ?? "";
}

export function orgGuard(ctx: GuardDeps) {
  const m2mTokenOf = (request: Request): string | null => {
    const bearer = bearerToken(request);
    return bearer && ctx.machineTokens.looksLikeToken(bearer) ? bearer : null;
  };
  const memberAccess = async (request: Request, cookie: Parameters<typeof resolveSessionActor>[2], slug: string) => {
    const actor = await resolveSessionActor(ctx.sessions, request, cookie);
    const access = await resolveOrgAccess(ctx.db.read, slug, { userId: actor.userId, email: actor.email });
    if (!access) throw orgErrors.error("notFound", { message: "no such organization" });
    await enforceSessionPolicy(ctx.db.read, access.org, access.actor, actor.token, ctx.clock.now());
    noteCaller(request, access.org.id, access.actor);
    return { org: access.org, orgActor: access.actor, session: actor };
  };
  return new Elysia({ name: "orgs.guard" }).macro({
    org: {
      async resolve({ request, cookie, params }) {
        const token = m2mTokenOf(request);
        if (token) {
          await ctx.machineTokens.resolve(token, slugOf(params));
          throw orgAccessErrors.error("machineNotAllowed");
        }
        return memberAccess(request, cookie, slugOf(params));
      },
    },
    orgOrMachine: {
      async resolve({ request, cookie, params }) {
        const token = m2mTokenOf(request);
        if (token) {
          const { org, actor } = await ctx.machineTokens.resolve(token, slugOf(params));
          noteCaller(request, org.id, actor);
          if (actor.appGroupId !== null) throw orgWideKeyRequired();
          return { org, orgCaller: actor as OrgCaller };
        }
        const { org, orgActor } = await memberAccess(request, cookie, slugOf(params));
        return { org, orgCaller: orgActor as OrgCaller };
      },
    },
    orgOrGroupMachine: {
      async resolve({ request, cookie, params }) {
        const token = m2mTokenOf(request);
        if (token) {
          const { org, actor } = await ctx.machineTokens.resolve(token, slugOf(params));
          noteCaller(request, org.id, actor);
          return { org, orgCaller: actor as OrgCaller };
        }
        const { org, orgActor } = await memberAccess(request, cookie, slugOf(params));
        return { org, orgCaller: orgActor as OrgCaller };
      },
    },
  });
}
