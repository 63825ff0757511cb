/**
 * Audit events of teams and the reporting graph, under reporting.* so the reporting
 * system grant (spec 5.4) reaches them. reporting.team.lead_changed (spec §6) predates
 * module events and stays in platform/audit/catalog.ts (AUDIT_EVENTS.teamLeadChanged).
 */
import type { AuditEventDefinition } from "../../platform/audit/catalog";

const define =
  <P extends object>() =>
  <T extends string>(type: T, description: string): AuditEventDefinition<T, P> => ({ type, description });

type Id = string;

export const GOVERNANCE_EVENTS = {
  teamCreated: define<{ teamId: Id; name: string; kind: string; parentTeamId: Id | null; leadConnectedId: Id | null }>()("reporting.team.created", "A team is created (its group badge with it)"),
  teamUpdated: define<{ teamId: Id; changes: Record<string, { from: unknown; to: unknown }> }>()("reporting.team.updated", "A team's name, kind or parent team changes"),
  teamMemberAdded: define<{ teamId: Id; connectedId: Id; resolution: "add" | "replace" | "none" | null; reportsToLead: boolean; removedManagers: Id[] }>()(
    "reporting.team.member_added",
    "A member joins a team; removedManagers: reporting edges dropped by Resolution replace",
  ),
  teamMemberRemoved: define<{ teamId: Id; connectedId: Id }>()("reporting.team.member_removed", "A member leaves a team (with the automatic reporting edge to its lead)"),
  relationshipAdded: define<{ type: "reporting" | "reference"; sourceConnectedId: Id; targetConnectedId: Id }>()("reporting.relationship.added", "A reporting or reference edge is added by hand"),
  relationshipRemoved: define<{ type: "reporting" | "reference"; sourceConnectedId: Id; targetConnectedId: Id; manual: boolean; viaTeamIds: Id[] }>()(
    "reporting.relationship.removed",
    "A reporting or reference edge is removed; viaTeamIds: teams whose lead the source no longer follows",
  ),
} as const;
