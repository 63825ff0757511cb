/** Wire shapes of the org-structure reads and materialize (spec 4.9). */
import { t } from "elysia";

export const HierarchyPreview = t.Object({
  moduleKey: t.String(),
  people: t.Integer({ description: "People in the connector's directory" }),
  matched: t.Integer({ description: "Of them, matched to a member of the organization by e-mail" }),
  unmatched: t.Integer(),
  units: t.Array(
    t.Object({
      key: t.String({ description: "The unit's path, levels joined by ' / '" }),
      name: t.String({ description: "The team name it materializes as" }),
      depth: t.Integer(),
      parentKey: t.Union([t.String(), t.Null()]),
      people: t.Integer(),
      matched: t.Integer(),
    }),
  ),
});

export const OrgStructure = t.Object({
  moduleKey: t.String(),
  units: t.Array(t.Object({ key: t.String(), name: t.String(), parentKey: t.Union([t.String(), t.Null()]) })),
  reportingEdges: t.Integer({ description: "Edges between matched people and their matched managers" }),
});

export const DirectoryMember = t.Object({
  externalId: t.String(),
  displayName: t.String(),
  email: t.Union([t.String(), t.Null()]),
  unit: t.Union([t.String(), t.Null()]),
  managerExternalId: t.Union([t.String(), t.Null()]),
  connectedId: t.Union([t.String(), t.Null()], { description: "The member's badge, when the e-mail matches one" }),
  managerConnectedId: t.Union([t.String(), t.Null()]),
});

export const Materialized = t.Object({
  moduleKey: t.String(),
  teams: t.Array(t.Object({ key: t.String(), teamId: t.String(), name: t.String(), created: t.Boolean() })),
  membersPlaced: t.Integer(),
  edgesAdded: t.Integer(),
  edgesSkipped: t.Array(t.Object({ sourceId: t.String(), targetId: t.String(), reason: t.Union([t.Literal("cycle"), t.Literal("exists"), t.Literal("not_a_member")]) })),
  unmatched: t.Integer(),
});
