/**
 * Members routes: /api/org/{slug}/members, badges, invitations, roles and
 * service-accounts, and the public invitation routes. The rules live in the services;
 * docs/members.md describes the routes of our design.
 */
import { Elysia, t } from "elysia";
import type { AppContext } from "../../../context";
import { declaresErrors } from "../../../platform/http/error-catalog";
import { callerOf, type Organization, type OrgActor } from "../access";
import { orgGuard } from "../guard";
import { publicInvitationRoutes } from "./public-routes";
import * as M from "./model";
import { createInvitation, listInvitations, revokeInvitation } from "./invitations";
import { createCustomRole, deleteCustomRole, listRoles, replaceCustomRole } from "./roles";
import { changeMemberRole, listBadges, listMembers, listMembersPage, removeMember, updateBadge } from "./service";
import { createServiceAccount, deleteServiceAccount, getServiceAccount, listServiceAccounts, updateServiceAccount } from "./service-accounts";

const tags = ["Members"];

/** The route context's Caller (access.ts). */
function memberCaller(context: { org: Organization; orgActor: OrgActor; request: Request }) {
  return callerOf(context.org, context.orgActor, context.request);
}

export function memberRoutes(ctx: AppContext) {
  return new Elysia({ name: "members" }).use(orgMemberRoutes(ctx)).use(publicInvitationRoutes(ctx));
}

function orgMemberRoutes(ctx: AppContext) {
  return (
    new Elysia({ name: "members.org", prefix: "/api/org/:slug" })
      .use(orgGuard(ctx))
      // Members
      .get(
        "/members",
        async (c) => {
          const { q, limit, cursor } = c.query;
          if (q === undefined && limit === undefined && cursor === undefined) return listMembers(ctx, memberCaller(c));
          const page = await listMembersPage(ctx, memberCaller(c), { q, limit, cursor });
          if (page.nextCursor) c.set.headers["x-next-cursor"] = page.nextCursor;
          return page.members;
        },
        {
          org: true,
          params: M.SlugParams,
          query: M.MemberListQuery,
          response: t.Array(M.Member),
          detail: {
            ...declaresErrors("invalid_cursor"),
            tags,
            summary: "List members",
            description:
              "Every member with their role, badge (ConnectedId) and join time, oldest first. Needs org.member.list, which every built-in role holds. " +
              `With q, limit or cursor the list is paged: at most limit members (default ${M.MEMBER_PAGE.default}, at most ${M.MEMBER_PAGE.max}) in join order, ` +
              "those whose address or badge name contains q (case-insensitive), after cursor; the X-Next-Cursor response header carries the cursor " +
              "of the next page and is absent on the last. A cursor this server did not issue is 400 invalid_cursor.",
          },
        },
      )
      .patch("/members/:userId", (c) => changeMemberRole(ctx, memberCaller(c), { userId: c.params.userId, role: c.body.role }), {
        org: true,
        params: M.MemberParams,
        body: M.RoleChange,
        response: M.Member,
        detail: {
          tags,
          summary: "Change a member's role",
          description:
            "Owner or admin only (403 admin_required). The owner's role never changes (409 owner_protected) and nobody is made owner (400 invalid_role). " +
            "Only the owner makes someone admin or changes an admin's role (403 owner_required). A custom role must be one of this organization's " +
            "(else 400 invalid_role) and the caller must hold all its scopes (403 scopes_not_held). Emits org.member.role_changed.",
        },
      })
      .delete("/members/:userId", (c) => removeMember(ctx, memberCaller(c), { userId: c.params.userId }), {
        org: true,
        params: M.MemberParams,
        response: M.MemberRemoved,
        detail: {
          tags,
          summary: "Remove a member, or leave",
          description:
            "Removing someone else needs org.member.remove, and removing an admin needs the owner; any member may remove themselves (leave). " +
            "The owner cannot be removed (409 owner_protected). The membership is deleted and the badge set to revoked, kept as history. Emits org.member.removed.",
        },
      })
      // Badges
      .get("/badges", (c) => listBadges(ctx, memberCaller(c), { status: c.query.status }), {
        org: true,
        params: M.SlugParams,
        query: M.BadgeQuery,
        response: t.Array(M.Badge),
        detail: {
          tags,
          summary: "List badges (ConnectedIds)",
          description: "Every ConnectedId of the organization: people, service accounts, and revoked badges kept as history. Optional ?status= filter. Needs org.member.list.",
        },
      })
      .patch("/badges/:connectedId", (c) => updateBadge(ctx, memberCaller(c), { connectedId: c.params.connectedId, ...c.body }), {
        org: true,
        params: M.BadgeParams,
        body: M.BadgeChange,
        response: M.Badge,
        detail: {
          tags,
          summary: "Change a badge's status, type or membership type",
          description:
            "Owner or admin only. A suspended badge's holder gets 403 badge_suspended on every organization route. Revoked is final (409 badge_revoked) " +
            "and ends what the badge stood for: the person's membership (org.member.removed) or the service account (org.service_account.deleted). " +
            "The owner's badge is never suspended or revoked (409 owner_protected); an admin's badge status only by the owner. " +
            "Emits org.badge.status_changed and, for type or membershipType, org.badge.updated.",
        },
      })
      // Invitations
      .post(
        "/invitations",
        async (c) => c.status(201, await createInvitation(ctx, memberCaller(c), c.body)),
        {
          org: true,
          params: M.SlugParams,
          body: M.InvitationRequest,
          response: { 201: M.IssuedInvitation },
          detail: {
            tags,
            summary: "Invite someone by e-mail",
            description:
              "Needs org.member.invite. Role: not owner; admin only by the owner; a custom role of this organization whose scopes the caller holds. " +
              "An existing member is 409 already_member. Inviting an address with a pending invitation re-issues: the earlier code is revoked. " +
              "The invitation expires after 7 days. The code is mailed as {dashboard_base}/invite/{code} after commit and returned here once; only its SHA-256 is stored. " +
              "Emits org.invitation.created.",
          },
        },
      )
      .get("/invitations", (c) => listInvitations(ctx, memberCaller(c)), {
        org: true,
        params: M.SlugParams,
        response: t.Array(M.Invitation),
        detail: { tags, summary: "List pending invitations", description: "Invitations neither accepted, revoked nor expired. Needs org.member.invite." },
      })
      .delete("/invitations/:id", (c) => revokeInvitation(ctx, memberCaller(c), c.params.id), {
        org: true,
        params: M.InvitationParams,
        response: M.Invitation,
        detail: {
          tags,
          summary: "Revoke an invitation",
          description: "Needs org.member.invite. Only a pending invitation: else 409 invitation_used, invitation_revoked or invitation_expired. Emits org.invitation.revoked.",
        },
      })
      // Roles
      .get("/roles", (c) => listRoles(ctx, memberCaller(c)), {
        org: true,
        params: M.SlugParams,
        response: t.Array(M.Role),
        detail: { tags, summary: "List roles", description: "The built-in roles with their scopes, then the organization's custom roles. Needs org.member.list, which every built-in role holds." },
      })
      .post("/roles", async (c) => c.status(201, await createCustomRole(ctx, memberCaller(c), c.body)), {
        org: true,
        params: M.SlugParams,
        body: M.RoleRequest,
        response: { 201: M.Role },
        detail: {
          tags,
          summary: "Create a custom role",
          description:
            "Owner or admin only. key: a-z, 0-9 and _, at most 40, not a built-in key (400 reserved_role_key), unique here (409 role_key_taken). " +
            "Scopes follow the scope grammar (400 invalid_scope naming scopes[i]) and may not exceed the caller's own (403 scopes_not_held). Emits org.role.created.",
        },
      })
      .put("/roles/:roleId", (c) => replaceCustomRole(ctx, memberCaller(c), c.params.roleId, c.body), {
        org: true,
        params: M.RoleParams,
        body: M.RoleRequest,
        response: M.Role,
        detail: {
          tags,
          summary: "Replace a custom role",
          description:
            "Owner or admin only; the same rules as create, and the caller must hold the role's current scopes too. Holders get the new scopes on their next request. " +
            "Built-in roles: 400 builtin_role. Emits org.role.updated.",
        },
      })
      .delete("/roles/:roleId", (c) => deleteCustomRole(ctx, memberCaller(c), c.params.roleId), {
        org: true,
        params: M.RoleParams,
        response: M.Deleted,
        detail: {
          tags,
          summary: "Delete a custom role",
          description:
            "Owner or admin only. A role held by members, pending invitations or service accounts is 409 role_in_use with their counts. Emits org.role.deleted.",
        },
      })
      // Service accounts
      .get("/service-accounts", (c) => listServiceAccounts(ctx, memberCaller(c)), {
        org: true,
        params: M.SlugParams,
        response: t.Array(M.ServiceAccount),
        detail: { tags, summary: "List service accounts", description: "Machine badges that API keys are bound to. Owner or admin only." },
      })
      .post("/service-accounts", async (c) => c.status(201, await createServiceAccount(ctx, memberCaller(c), c.body)), {
        org: true,
        params: M.SlugParams,
        body: M.ServiceAccountRequest,
        response: { 201: M.ServiceAccount },
        detail: {
          tags,
          summary: "Create a service account",
          description:
            "Owner or admin only. The name is unique in the organization (409 name_taken). Role as for members: not owner, admin only by the owner, " +
            "a custom role of this organization within the caller's scopes. Also creates its badge: type ai, membershipType service_account, active. " +
            "Emits org.service_account.created.",
        },
      })
      .get("/service-accounts/:id", (c) => getServiceAccount(ctx, memberCaller(c), c.params.id), {
        org: true,
        params: M.ServiceAccountParams,
        response: M.ServiceAccount,
        detail: { tags, summary: "Read a service account", description: "Owner or admin only." },
      })
      .patch("/service-accounts/:id", (c) => updateServiceAccount(ctx, memberCaller(c), c.params.id, c.body), {
        org: true,
        params: M.ServiceAccountParams,
        body: M.ServiceAccountChange,
        response: M.ServiceAccount,
        detail: {
          tags,
          summary: "Change a service account",
          description: "Owner or admin only; an admin-role account only by the owner. Any of name, description (null clears), role. Emits org.service_account.updated.",
        },
      })
      .delete("/service-accounts/:id", (c) => deleteServiceAccount(ctx, memberCaller(c), c.params.id), {
        org: true,
        params: M.ServiceAccountParams,
        response: M.Deleted,
        detail: {
          tags,
          summary: "Delete a service account",
          description: "Owner or admin only. Deletes the account and revokes its badge, which stays as history. Emits org.service_account.deleted.",
        },
      })
  );
}
