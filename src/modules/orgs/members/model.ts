/** Request and response schemas of the members routes (they are also the API reference). */
import { t } from "elysia";
import { OrgSlug } from "../slugs";
import { ROLE_DESCRIPTION_MAX, ROLE_KEY_PATTERN, ROLE_NAME_MAX } from "./roles";
import { SERVICE_ACCOUNT_DESCRIPTION_MAX, SERVICE_ACCOUNT_NAME_MAX } from "./service-accounts";

const Time = t.String({ format: "date-time" });
const Id = t.String({ minLength: 1, maxLength: 100 });
/** A built-in role key (owner, admin, member, org_director; case and - tolerated) or a custom role id. */
export const RoleValue = t.String({ minLength: 1, maxLength: 100, description: "admin, member, org_director, or a custom role id of this organization" });

export const BadgeStatus = t.Union([t.Literal("active"), t.Literal("suspended"), t.Literal("revoked")]);
export const BadgeType = t.Union([t.Literal("person"), t.Literal("ai"), t.Literal("group")]);
export const MembershipType = t.String({ pattern: "^[a-z][a-z0-9_]{0,39}$", description: "member, invited, service_account, or your own (a-z, 0-9, _; at most 40)" });

export { SlugParams } from "../slugs";
export const MemberParams = t.Object({ slug: OrgSlug, userId: Id });
export const BadgeParams = t.Object({ slug: OrgSlug, connectedId: Id });
export const InvitationParams = t.Object({ slug: OrgSlug, id: Id });
export const RoleParams = t.Object({ slug: OrgSlug, roleId: Id });
export const ServiceAccountParams = t.Object({ slug: OrgSlug, id: Id });
export const CodeParams = t.Object({ code: t.String({ minLength: 1, maxLength: 200 }) });

export const Member = t.Object({
  userId: t.String(),
  email: t.String(),
  role: t.String({ description: "A built-in role key or a custom role id" }),
  roleName: t.String(),
  connectedId: t.Nullable(t.String()),
  badge: t.Nullable(t.Object({ type: BadgeType, membershipType: t.String(), status: BadgeStatus })),
  joinedAt: Time,
  isOwner: t.Boolean(),
});

/** Page sizes of the paged member list (DESIGN §11: a page costs the same in an organization of any size). */
export const MEMBER_PAGE = { default: 50, max: 200 } as const;

/** The paged member list (any of these asks for a page; none: every member). */
export const MemberListQuery = t.Object({
  q: t.Optional(t.String({ minLength: 1, maxLength: 100, description: "Part of the address or badge name, case-insensitive" })),
  limit: t.Optional(t.Integer({ minimum: 1, maximum: MEMBER_PAGE.max, description: `Page size (default ${MEMBER_PAGE.default})` })),
  cursor: t.Optional(t.String({ minLength: 1, maxLength: 300, description: "X-Next-Cursor of the previous page" })),
});

export const RoleChange = t.Object({ role: RoleValue });

export const Badge = t.Object({
  connectedId: t.String(),
  type: BadgeType,
  membershipType: t.String(),
  status: BadgeStatus,
  userId: t.Nullable(t.String()),
  email: t.Nullable(t.String()),
  serviceAccountId: t.Nullable(t.String()),
  displayName: t.String(),
  createdAt: Time,
  updatedAt: Time,
});

export const BadgeQuery = t.Object({ status: t.Optional(BadgeStatus) });
export const BadgeChange = t.Object({ status: t.Optional(BadgeStatus), type: t.Optional(BadgeType), membershipType: t.Optional(MembershipType) });

const InvitationStatus = t.Union([t.Literal("pending"), t.Literal("accepted"), t.Literal("revoked"), t.Literal("expired")]);
export const Invitation = t.Object({
  id: t.String(),
  email: t.String(),
  role: t.String(),
  roleName: t.String(),
  status: InvitationStatus,
  invitedBy: t.String({ description: "The inviter's user id" }),
  createdAt: Time,
  expiresAt: Time,
});
export const IssuedInvitation = t.Composite([
  Invitation,
  t.Object({
    code: t.String({ description: "Shown once; also mailed to the invitee" }),
    url: t.String({ description: "{dashboard_base}/invite/{code}" }),
    emailSent: t.Boolean({ description: "false when the mail server refused the message" }),
  }),
]);
export const InvitationRequest = t.Object({ email: t.String({ maxLength: 320 }), role: RoleValue });
export const PublicInvitation = t.Object({
  orgName: t.String(),
  orgSlug: t.String(),
  role: t.String(),
  roleName: t.String(),
  email: t.String({ description: "The invited address, masked (j***@example.com)" }),
  expiresAt: Time,
  status: InvitationStatus,
});
export const AcceptedInvitation = t.Object({ orgSlug: t.String(), orgName: t.String(), role: t.String(), roleName: t.String(), connectedId: t.String() });

export const Role = t.Object({
  id: t.String({ description: "The key for built-in roles; an id for custom roles" }),
  key: t.String(),
  name: t.String(),
  description: t.Nullable(t.String()),
  scopes: t.Array(t.String()),
  builtin: t.Boolean(),
  createdAt: t.Nullable(Time),
  updatedAt: t.Nullable(Time),
});
export const RoleRequest = t.Object({
  key: t.String({ pattern: ROLE_KEY_PATTERN, description: "a-z, 0-9 and _, at most 40; not a built-in role's key; unique in the organization" }),
  name: t.String({ minLength: 1, maxLength: ROLE_NAME_MAX }),
  description: t.Optional(t.Nullable(t.String({ maxLength: ROLE_DESCRIPTION_MAX }))),
  scopes: t.Array(t.String(), { description: "Scopes (org.<resource>.<action>[:constraint], wildcards allowed); none beyond the caller's own" }),
});

export const ServiceAccount = t.Object({
  id: t.String(),
  name: t.String(),
  description: t.Nullable(t.String()),
  role: t.String(),
  roleName: t.String(),
  connectedId: t.Nullable(t.String()),
  status: t.Nullable(BadgeStatus),
  createdBy: t.Nullable(t.String()),
  createdAt: Time,
});
export const ServiceAccountRequest = t.Object({
  name: t.String({ minLength: 1, maxLength: SERVICE_ACCOUNT_NAME_MAX, description: "Unique in the organization" }),
  description: t.Optional(t.Nullable(t.String({ maxLength: SERVICE_ACCOUNT_DESCRIPTION_MAX }))),
  role: RoleValue,
});
export const ServiceAccountChange = t.Partial(ServiceAccountRequest);

export const Deleted = t.Object({ id: t.String(), deleted: t.Literal(true) });
export const MemberRemoved = t.Object({ userId: t.String(), connectedId: t.Nullable(t.String()), removed: t.Literal(true) });
