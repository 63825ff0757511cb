/** The audit events this domain appends (DESIGN §3, §6): organizations, OTP, members, badges, invitations, roles and service accounts. Declared as its module's `events`. */
import { defineEvent } from "../../platform/audit/catalog";

type Id = string;
type Iso = string;
type Change<V> = { from: V; to: V };

export const ORG_EVENTS = {
  orgCreated: defineEvent<{ name: string; slug: string; type: string; plan: string; parentOrgId?: Id }>()("org.created", "An organization is created"),
  orgDeleted: defineEvent<{ slug: string; name: string; parentOrgId: Id }>()("org.deleted", "A sub-organization is deleted (recorded in its own chain)"),
  orgPlanChanged: defineEvent<{ from: string; to: string; via?: "parent" }>()("org.plan_changed", "The plan changes (a sub-organization follows its parent)"),
  orgTypeChanged: defineEvent<{ from: string; to: string }>()("org.type_changed", "The organization type changes"),
  orgRepresentativeSet: defineEvent<{ before: unknown; after: unknown }>()("org.representative_set", "The representative director is set"),
  orgSubOrgCreated: defineEvent<{ subOrgId: Id; slug: string; name: string; type: string }>()("org.sub_org.created", "A sub-organization is created"),
  orgSubOrgDeleted: defineEvent<{ subOrgId: Id; slug: string; name: string }>()("org.sub_org.deleted", "A sub-organization is deleted"),
  orgOtpRequested: defineEvent<{ channel: "phone" | "email"; destination: string; [detail: string]: unknown }>()("org.otp.requested", "An organization OTP code is requested"),
  orgPhoneVerified: defineEvent<{ phone: string; previousPhone: string | null }>()("org.phone_verified", "A contact phone is verified by OTP"),
  orgEmailVerified: defineEvent<{ email: string; previousEmail: string | null }>()("org.email_verified", "A contact e-mail is verified by OTP"),
  memberAdded: defineEvent<{ userId: Id; connectedId: Id; role: string }>()("org.member.added", "A person joins (a sealed record)"),
  memberRoleChanged: defineEvent<{ userId: Id; connectedId: Id | null } & Change<string>>()("org.member.role_changed", "A member's role changes"),
  memberRemoved: defineEvent<{ userId: Id; connectedId: Id | null; role: string; left: boolean }>()("org.member.removed", "A member is removed or leaves"),
  badgeStatusChanged: defineEvent<{ connectedId: Id; userId: Id | null; serviceAccountId: Id | null } & Change<string>>()("org.badge.status_changed", "A badge is activated, suspended or revoked"),
  badgeUpdated: defineEvent<{ connectedId: Id; changes: Record<string, unknown> }>()("org.badge.updated", "A badge's type or membership type changes"),
  invitationCreated: defineEvent<{ invitationId: Id; email: string; role: string; expiresAt: Iso }>()("org.invitation.created", "An invitation is issued (never its code)"),
  invitationRevoked: defineEvent<{ invitationId: Id; email: string; reason: string }>()("org.invitation.revoked", "An invitation is revoked or re-issued"),
  invitationAccepted: defineEvent<{ invitationId: Id; userId: Id; connectedId: Id; role: string }>()("org.invitation.accepted", "An invitation is accepted"),
  roleCreated: defineEvent<{ roleId: Id; key: string; name: string; scopes: string[] }>()("org.role.created", "A custom role is created (a sealed record)"),
  roleUpdated: defineEvent<{ roleId: Id; before: unknown; after: unknown }>()("org.role.updated", "A custom role is replaced"),
  roleDeleted: defineEvent<{ roleId: Id; key: string; name: string; scopes: string[] }>()("org.role.deleted", "A custom role is deleted"),
  serviceAccountCreated: defineEvent<{ serviceAccountId: Id; connectedId: Id; name: string; role: string }>()("org.service_account.created", "A service account is created (a sealed record)"),
  serviceAccountUpdated: defineEvent<{ serviceAccountId: Id; changes: Record<string, unknown> }>()("org.service_account.updated", "A service account changes"),
  serviceAccountDeleted: defineEvent<{ serviceAccountId: Id; connectedId: Id | null; name: string; role: string }>()("org.service_account.deleted", "A service account is deleted"),
} as const;
