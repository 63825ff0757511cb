/**
 * The wire shapes of roles, service accounts and badges, taken from the members model
 * (type-only imports: the bundle carries none of the server's code), and who manages them.
 */
import type { Badge, Role, ServiceAccount } from "../../src/modules/orgs/members/model";
import type { Org } from "./session";

export type OrgRole = typeof Role.static;
export type OrgServiceAccount = typeof ServiceAccount.static;
export type OrgBadge = typeof Badge.static;

/** Roles, service accounts and badges are changed by the owner and admins only (docs/members.md). */
export const managesPeople = (org: Org) => org.role === "owner" || org.role === "admin";

/** Roles one may give through the dashboard: every role but owner (ownership is never handed out here). */
export const assignableRoles = (roles: OrgRole[]): [string, string][] => roles.filter((r) => r.id !== "owner").map((r) => [r.id, r.name]);
