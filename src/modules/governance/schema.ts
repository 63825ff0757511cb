/**
 * Teams and the reporting graph (spec 2.10, 4.7; docs/governance.md).
 *
 * - A team is a group badge (a ConnectedId of type group, issued by orgs) plus its row
 *   here: kind, parent team and lead. The row's id is the badge's id.
 * - `team_members` are the member_of edges (member → team), with whether the member
 *   follows the team's lead (reportsToLead; false after Resolution none).
 * - `org_relationships` are the reporting and reference edges, source → target (for
 *   reporting: the source reports to the target). A row with a teamId is automatic: it
 *   exists because the source is a member of that team and the target is its lead, and
 *   it is replaced when the lead changes. A row without one was added by hand.
 */
import { col, table } from "../../platform/db/kit";
import { connectedIds, organizations } from "../orgs/schema";

export const teams = table(
  "teams",
  {
    /** The team's group badge (ConnectedId). */
    id: col.id().references(() => connectedIds.id, { onDelete: "cascade" }),
    orgId: col.text().notNull().references(() => organizations.id, { onDelete: "cascade" }),
    /** a-z, 0-9 and _; "team" when not given. */
    kind: col.text().notNull(),
    /** Another team of the organization (its badge id); the chain never cycles. */
    parentTeamId: col.text().references(() => connectedIds.id),
    /** A person or AI badge of the organization; null: no lead. */
    leadConnectedId: col.text().references(() => connectedIds.id),
    createdBy: col.text(),
    createdAt: col.time().notNull(),
    updatedAt: col.time().notNull(),
  },
  [
    { name: "teams_org_idx", on: ["orgId"] },
    { name: "teams_parent_idx", on: ["parentTeamId"] },
  ],
);

export const teamMembers = table(
  "team_members",
  {
    id: col.id(),
    orgId: col.text().notNull().references(() => organizations.id, { onDelete: "cascade" }),
    teamId: col.text().notNull().references(() => teams.id, { onDelete: "cascade" }),
    /** The member's badge: a person or an AI. */
    connectedId: col.text().notNull().references(() => connectedIds.id),
    /** Whether the member reports to the team's lead (an automatic reporting edge while the team has one). */
    reportsToLead: col.bool().notNull(),
    addedBy: col.text(),
    addedAt: col.time().notNull(),
  },
  [
    { name: "team_members_team_member_uq", on: ["teamId", "connectedId"], unique: true },
    { name: "team_members_org_member_idx", on: ["orgId", "connectedId"] },
  ],
);

export const orgRelationships = table(
  "org_relationships",
  {
    id: col.id(),
    orgId: col.text().notNull().references(() => organizations.id, { onDelete: "cascade" }),
    /** reporting | reference */
    type: col.text().$type<"reporting" | "reference">().notNull(),
    sourceId: col.text().notNull().references(() => connectedIds.id),
    targetId: col.text().notNull().references(() => connectedIds.id),
    /** Set on an automatic reporting edge: the team whose lead the source reports to. */
    teamId: col.text().references(() => teams.id, { onDelete: "cascade" }),
    createdBy: col.text(),
    createdAt: col.time().notNull(),
  },
  [
    { name: "org_relationships_org_type_idx", on: ["orgId", "type"] },
    { name: "org_relationships_source_idx", on: ["sourceId"] },
    { name: "org_relationships_team_idx", on: ["teamId"] },
  ],
);

export type TeamRow = typeof teams.$inferSelect;
export type TeamMemberRow = typeof teamMembers.$inferSelect;
export type RelationshipRow = typeof orgRelationships.$inferSelect;
