/** Error codes of the members module (members, badges, invitations, roles, service accounts), with their statuses (DESIGN §7). */
import { defineErrors } from "../../../platform/http/error-catalog";

export const memberErrors = defineErrors({
  /** Role changes, badges, roles, service accounts. */
  adminRequired: { code: "admin_required", status: 403, message: "only the owner or an admin may do this" },
  ownerProtected: { code: "owner_protected", status: 409, message: "the owner's role, membership and badge are not changed through these routes" },
  invalidRole: { code: "invalid_role", status: 400, message: "a role that is not assignable here: unknown, another organization's, or owner" },
  scopesNotHeld: { code: "scopes_not_held", status: 403, message: "the role (or the edit) would grant scopes the caller does not hold" },
  alreadyMember: { code: "already_member", status: 409, message: "the person is already a member of this organization" },
  badgeRevoked: { code: "badge_revoked", status: 409, message: "the badge has been revoked, which is final: it is not changed again" },
  invitationEmailMismatch: { code: "invitation_email_mismatch", status: 403, message: "sign in with the address the invitation was sent to" },
  /** 400 on accept; 409 on revoke. */
  invitationExpired: { code: "invitation_expired", status: [400, 409], message: "the invitation has expired" },
  invitationUsed: { code: "invitation_used", status: [400, 409], message: "the invitation was already accepted" },
  invitationRevoked: { code: "invitation_revoked", status: [400, 409], message: "the invitation was revoked" },
  reservedRoleKey: { code: "reserved_role_key", status: 400, message: "the key of a built-in role is reserved" },
  roleKeyTaken: { code: "role_key_taken", status: 409, message: "another role of this organization has this key" },
  builtinRole: { code: "builtin_role", status: 400, message: "built-in roles are not edited or deleted" },
  roleInUse: { code: "role_in_use", status: 409, message: "members or invitations still hold this role" },
  nameTaken: { code: "name_taken", status: 409, message: "another service account of this organization has this name" },
  invalidName: { code: "invalid_name", status: 400, message: "a name that is blank, too long or carries control characters" },
  rateLimited: { code: "rate_limited", status: 429, message: "too many invitation reads or accepts; retry after Retry-After seconds" },
  invalidCursor: { code: "invalid_cursor", status: 400, message: "a cursor this server did not issue: use the nextCursor of a previous page" },
  notFound: { code: "not_found", status: 404, message: "no such member, invitation, role or service account here" },
});
