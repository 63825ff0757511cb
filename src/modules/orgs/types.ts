/**
 * Organization types: what kind of entity an organization stands for.
 *
 * - personal: one person's workspace (the default).
 * - corporation: a company; it has a representative director.
 * - project: a special-purpose vehicle (SPV) set up for one project; it has a
 *   representative director too, and is what a sub-organization usually is.
 *
 * Types only move up: a person's workspace may become a corporation or a project, and
 * a project may grow into a corporation. Nothing goes back to personal (its
 * representative, board and contracts would lose their meaning), and a corporation
 * does not turn into a project: an SPV is a new organization (a sub-organization).
 */
import { orgErrors } from "./errors";

export const ORG_TYPES = ["personal", "corporation", "project"] as const;
export type OrgType = (typeof ORG_TYPES)[number];

/** The types a sub-organization may have: it belongs to its parent, never to one person. */
export const SUB_ORG_TYPES = ["project", "corporation"] as const satisfies readonly OrgType[];

/** Allowed upgrades, from → to. */
export const TYPE_UPGRADES: Readonly<Record<OrgType, readonly OrgType[]>> = {
  personal: ["corporation", "project"],
  project: ["corporation"],
  corporation: [],
};

/** A stored type; anything unknown reads as personal, which grants nothing extra. */
export function orgTypeOf(value: string): OrgType {
  return (ORG_TYPES as readonly string[]).includes(value) ? (value as OrgType) : "personal";
}

/** Whether the type has a representative director (POST /representative). */
export function hasRepresentative(type: OrgType): boolean {
  return type !== "personal";
}

/**
 * Throws 409 unless `from → to` is an allowed upgrade: type_downgrade_not_allowed for
 * a move back to personal, type_change_not_allowed for any other move off the graph.
 * The body names what is allowed from here. Staying on the same type is not a change
 * and is not checked here.
 */
export function assertTypeUpgrade(from: OrgType, to: OrgType): void {
  const allowed = TYPE_UPGRADES[from];
  if (allowed.includes(to)) return;
  throw orgErrors.error(to === "personal" ? "typeDowngradeNotAllowed" : "typeChangeNotAllowed", {
    field: "type",
    from,
    to,
    allowed,
    message: allowed.length ? `a ${from} organization may become: ${allowed.join(", ")}` : `a ${from} organization keeps its type`,
  });
}
