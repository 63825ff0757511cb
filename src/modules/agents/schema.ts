/**
 * The agents' roster (spec 2.9, 3.3, 4.8; docs/agents.md).
 *
 * - An agent is a machine badge (a ConnectedId of type ai, no user, membership type none,
 *   issued by orgs) plus its roster row here. The row's id is the badge's id, so the
 *   agent's id is its ConnectedId.
 * - `roleId` is the shared custom role AGENT_{KIND} (key `agent_{kind}`) of the
 *   organization; `snapshot` is the copy of its scopes the agent's badge holds (narrowed by
 *   `requestedScopes` when it was hired with some), taken at hire and re-taken on every
 *   hire of its kind. The gate of its credential is the snapshot (and what approvals
 *   granted the badge directly) intersected with the operator's permissions.
 * - Revoking keeps the row (status revoked, `revokedAt`): the roster row is retired, the
 *   badge revoked, history stays.
 * - Credentials are access's (`agent_credentials`), as every credential is.
 */
import { col, table } from "../../platform/db/kit";
import { appGroups } from "../customers/apps/schema";
import { connectedIds, organizations } from "../orgs/schema";

export type AgentKind = "design" | "db" | "api" | "test" | "infra" | "custom";
export type AgentStatus = "active" | "suspended" | "revoked";
export type SuspendReason = "manual" | "expired";

export const agents = table(
  "agents",
  {
    /** The agent's machine badge (ConnectedId). */
    id: col.id().references(() => connectedIds.id, { onDelete: "cascade" }),
    orgId: col.text().notNull().references(() => organizations.id, { onDelete: "cascade" }),
    /** The app group it was hired in; its credential reaches that group only. */
    appGroupId: col.text().notNull().references(() => appGroups.id, { onDelete: "cascade" }),
    kind: col.text().$type<AgentKind>().notNull(),
    description: col.text(),
    systemPrompt: col.text(),
    model: col.text(),
    /** The shared role AGENT_{KIND} (an org custom role id). */
    roleId: col.text().notNull(),
    /** The scopes it was hired (or updated) with, narrowing its kind's role; null: the whole role. */
    requestedScopes: col.json<string[]>(),
    /** The permission snapshot its badge holds. */
    snapshot: col.json<string[]>().notNull(),
    snapshotAt: col.time().notNull(),
    status: col.text().$type<AgentStatus>().notNull(),
    /** Why it is suspended: manual (POST suspend) or expired (the TTL job). */
    suspendedReason: col.text().$type<SuspendReason>(),
    expiresAt: col.time().notNull(),
    /** The hirer's ConnectedId (a person, or a service account's badge), and who that was (user or API key id). */
    hiredByConnectedId: col.text().notNull(),
    hiredBy: col.text(),
    /** The person operating it (their badge); null until one is assigned. */
    operatorConnectedId: col.text(),
    operatorAssignedAt: col.time(),
    createdAt: col.time().notNull(),
    updatedAt: col.time().notNull(),
    suspendedAt: col.time(),
    revokedAt: col.time(),
  },
  [
    { name: "agents_org_group_idx", on: ["orgId", "appGroupId", "createdAt"] },
    { name: "agents_org_kind_idx", on: ["orgId", "kind"] },
    { name: "agents_expiry_idx", on: ["status", "expiresAt"] },
  ],
);

export type AgentRow = typeof agents.$inferSelect;
