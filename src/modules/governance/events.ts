/**
 * Audit events of teams and the reporting graph (spec §6 names lead_changed), under
 * reporting.* so the reporting system grant (spec 5.4) reaches them.
 */
import { defineEvent } from "../../platform/audit/catalog";

type Id = string;

export const GOVERNANCE_EVENTS = {
  teamLeadChanged: defineEvent<{ teamId: Id; from: Id | null; to: Id | null }>()("reporting.team.lead_changed", "A team lead is set or cleared"),
  teamCreated: defineEvent<{ teamId: Id; name: string; kind: string; parentTeamId: Id | null; leadConnectedId: Id | null }>()("reporting.team.created", "A team is created (its group badge with it)"),
  teamUpdated: defineEvent<{ teamId: Id; changes: Record<string, { from: unknown; to: unknown }> }>()("reporting.team.updated", "A team's name, kind or parent team changes"),
  teamMemberAdded: defineEvent<{ teamId: Id; connectedId: Id; resolution: "add" | "replace" | "none" | null; reportsToLead: boolean; removedManagers: Id[] }>()(
    "reporting.team.member_added",
    "A member joins a team; removedManagers: reporting edges dropped by Resolution replace",
  ),
  teamMemberRemoved: defineEvent<{ teamId: Id; connectedId: Id }>()("reporting.team.member_removed", "A member leaves a team (with the automatic reporting edge to its lead)"),
  relationshipAdded: defineEvent<{ type: "reporting" | "reference"; sourceConnectedId: Id; targetConnectedId: Id }>()("reporting.relationship.added", "A reporting or reference edge is added by hand"),
  relationshipRemoved: defineEvent<{ type: "reporting" | "reference"; sourceConnectedId: Id; targetConnectedId: Id; manual: boolean; viaTeamIds: Id[] }>()(
    "reporting.relationship.removed",
    "A reporting or reference edge is removed; viaTeamIds: teams whose lead the source no longer follows",
  ),
} as const;
