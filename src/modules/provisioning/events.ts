/**
 * Audit events of SCIM provisioning (DESIGN §3, §6), declared as the module's `events`.
 * A change to a member or a role also writes the org.* event a dashboard change writes
 * (org.member.added, org.badge.status_changed, org.member.role_changed, org.role.*), in
 * the same transaction; these say what SCIM asked for. The actor of each is the SCIM
 * token (kind scim, id the token's id).
 */
import { defineEvent } from "../../platform/audit/catalog";

type Id = string;

export const PROVISIONING_EVENTS = {
  tokenCreated: defineEvent<{ tokenId: Id; prefix: string }>()("org.scim.token_created", "A SCIM token is created (never the token itself)"),
  tokenRevoked: defineEvent<{ tokenIds: Id[]; prefixes: string[] }>()("org.scim.token_revoked", "SCIM tokens are revoked; their rows stay"),
  tokenErased: defineEvent<{ tokenIds: Id[]; prefixes: string[] }>()("org.scim.token_erased", "SCIM tokens are erased (the hard delete)"),
  userCreated: defineEvent<{ connectedId: Id; userId: Id; userName: string; externalId: string | null; adopted: boolean; accountCreated: boolean }>()(
    "org.scim.user_created",
    "A SCIM User is created: a new member, or an existing member it now manages (adopted)",
  ),
  userUpdated: defineEvent<{ connectedId: Id; userId: Id; attributes: string[] }>()("org.scim.user_updated", "A SCIM User is replaced or patched; attributes names those that changed"),
  userDeleted: defineEvent<{ connectedId: Id; userId: Id; userName: string }>()("org.scim.user_deleted", "A SCIM User is deleted: the member's badge is revoked"),
  groupCreated: defineEvent<{ roleId: Id; displayName: string; externalId: string | null; members: Id[] }>()("org.scim.group_created", "A SCIM Group is created: a custom role and its holders"),
  groupUpdated: defineEvent<{ roleId: Id; displayName: string; renamedFrom: string | null; added: Id[]; removed: Id[] }>()(
    "org.scim.group_updated",
    "A SCIM Group is replaced or patched: renamed, or members added and removed",
  ),
  groupDeleted: defineEvent<{ roleId: Id; displayName: string; released: Id[] }>()("org.scim.group_deleted", "A SCIM Group is deleted: its custom role goes and its holders return to Member"),
} as const;
