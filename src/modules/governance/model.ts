/**
 * Wire shapes of teams and the reporting graph (they are also the API reference).
 * Request bodies use the spec's PascalCase field names (2.10, 4.7); responses are
 * camelCase like the rest of the API.
 */
import { t } from "elysia";
import { OrgSlug } from "../orgs/index";

const Time = t.String({ format: "date-time" });
const ConnectedId = t.String({ minLength: 1, maxLength: 100 });
export const TEAM_NAME_MAX = 200;

export const TeamParams = t.Object({ slug: OrgSlug, teamId: t.String({ minLength: 1, maxLength: 100, description: "The team's id (its ConnectedId)" }) });
export const TeamMemberParams = t.Object({
  slug: OrgSlug,
  teamId: t.String({ minLength: 1, maxLength: 100, description: "The team's id (its ConnectedId)" }),
  memberId: t.String({ minLength: 1, maxLength: 100, description: "The member's ConnectedId" }),
});

export const TeamKind = t.String({ pattern: "^[a-z][a-z0-9_]{0,39}$", description: 'a-z, 0-9 and _, at most 40 (for example team, department, division, squad); "team" when left out; not "board"' });

export const TeamCreate = t.Object(
  {
    Name: t.String({ maxLength: TEAM_NAME_MAX, description: "1 to 200 characters; unique among the organization's teams (case-insensitive)" }),
    Kind: t.Optional(TeamKind),
    LeadConnectedId: t.Optional(t.Nullable(ConnectedId)),
    ParentTeamId: t.Optional(t.Nullable(ConnectedId)),
  },
  { additionalProperties: false },
);

export const TeamChange = t.Object(
  {
    Name: t.Optional(t.String({ maxLength: TEAM_NAME_MAX })),
    Kind: t.Optional(TeamKind),
    ParentTeamId: t.Optional(t.Nullable(ConnectedId, { description: "null: a top-level team" })),
  },
  { additionalProperties: false },
);

export const LeadChange = t.Object({ LeadConnectedId: t.Nullable(ConnectedId, { description: "A person or AI badge; null clears the lead" }) }, { additionalProperties: false });

export const Resolution = t.Union([t.Literal("add"), t.Literal("replace"), t.Literal("none")], {
  description: "add: keep the existing managers and report to the lead too; replace: drop the existing reporting edges, report to the lead; none: join without a reporting edge",
});

export const TeamMemberAdd = t.Object({ ConnectedIdId: ConnectedId, Resolution: t.Optional(Resolution) }, { additionalProperties: false });

export const MembersQuery = t.Object({ includeSubTeams: t.Optional(t.Boolean({ description: "Also the members of every descendant team" })) });

export const Team = t.Object({
  id: t.String({ description: "The team's ConnectedId (a badge of type group)" }),
  name: t.String(),
  kind: t.String(),
  parentTeamId: t.Nullable(t.String()),
  leadConnectedId: t.Nullable(t.String()),
  memberCount: t.Integer({ description: "Direct members" }),
  createdAt: Time,
  updatedAt: Time,
});

export const BadgeType = t.Union([t.Literal("person"), t.Literal("ai"), t.Literal("group")]);
export const BadgeStatus = t.Union([t.Literal("active"), t.Literal("suspended"), t.Literal("revoked")]);

export const TeamMember = t.Object({
  connectedId: t.String(),
  displayName: t.String(),
  type: BadgeType,
  status: BadgeStatus,
  teamId: t.String({ description: "The team the member belongs to directly (a sub-team with includeSubTeams)" }),
  reportsToLead: t.Boolean({ description: "false after Resolution none: no automatic reporting edge to the lead" }),
  addedAt: Time,
});

export const Manager = t.Object({
  connectedId: t.String(),
  displayName: t.String(),
  type: BadgeType,
  manual: t.Boolean({ description: "The edge was added by hand" }),
  viaTeamIds: t.Array(t.String(), { description: "Teams whose lead this is (automatic edges)" }),
});

export const TeamMemberAdded = t.Object({
  needsResolution: t.Literal(false),
  member: TeamMember,
  managers: t.Array(Manager, { description: "Whom the member reports to now" }),
});

export const TeamMemberRemoved = t.Object({ teamId: t.String(), connectedId: t.String(), removed: t.Literal(true) });

export const EdgeType = t.Union([t.Literal("member_of"), t.Literal("reporting"), t.Literal("reference")]);

export const Edge = t.Object({
  type: EdgeType,
  sourceConnectedId: t.String({ description: "member_of: the member; reporting: who reports; reference: who refers" }),
  targetConnectedId: t.String({ description: "member_of: the team; reporting: the manager; reference: who is referred to" }),
  manual: t.Boolean({ description: "Added by hand (always true for member_of and reference)" }),
  viaTeamIds: t.Array(t.String(), { description: "reporting: the teams whose lead sync made this edge (automatic)" }),
});

export const Person = t.Object({
  connectedId: t.String(),
  displayName: t.String(),
  type: t.Union([t.Literal("person"), t.Literal("ai")]),
  status: t.Union([t.Literal("active"), t.Literal("suspended")]),
  userId: t.Nullable(t.String()),
});

export const Graph = t.Object({ people: t.Array(Person), teams: t.Array(Team), edges: t.Array(Edge) });

export const RelationshipCreate = t.Object(
  { SourceConnectedId: ConnectedId, TargetConnectedId: ConnectedId, Type: EdgeType },
  { additionalProperties: false },
);

export const RelationshipQuery = t.Object({ sourceId: ConnectedId, targetId: ConnectedId, type: EdgeType });

export const RelationshipRemoved = t.Object({ type: EdgeType, sourceConnectedId: t.String(), targetConnectedId: t.String(), removed: t.Literal(true) });

export type TeamView = typeof Team.static;
export type TeamMemberView = typeof TeamMember.static;
export type ManagerView = typeof Manager.static;
export type EdgeView = typeof Edge.static;
export type GraphView = typeof Graph.static;
