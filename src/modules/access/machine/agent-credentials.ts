/**
 * Agent credentials (spec 4.8: POST /{agentId}/credential; docs/agents.md): `ah_agent_` plus
 * 256 random bits, shown once, stored as SHA-256 only, issued by the agent's operator for
 * their own agent. The credential is presented directly as `Authorization: Bearer` (on
 * `/api/org/{slug}/*` through the org guards, and on the agent's MCP server); it is not
 * exchanged for an M2M token, because what it may do is decided on every request anyway:
 * the agent's standing and its operator's permissions are read fresh each time.
 *
 * The agents domain, above this one, keeps the roster; it hands down `AgentRoster` at init
 * (as customers hands down `appGroups`), so this module never reads its tables. The gate
 * itself is decided in principal.ts (`agentGate`).
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import type { AppContext } from "../../../context";
import { toIso } from "../../../platform/clock";
import { randomSecret, sha256Hex } from "../../../platform/crypto/hash";
import type { Queryable, Tx } from "../../../platform/db/database";
import { preparedQuery } from "../../../platform/db/prepared";
import type { ApiError } from "../../../platform/http/errors";
import { newId } from "../../../platform/ids";
import { directScopesOf, type MachineOrgActor, type Organization, orgBySlug, personAuthorityOf } from "../../orgs/index";
import { type AgentStanding, agentGate } from "../principal";
import { machineErrors } from "./errors";
import { agentCredentials } from "./schema";

export const AGENT_CREDENTIAL_PREFIX = "ah_agent_";
/** 32 random bytes in base64url: 43 characters, 256 bits. */
const AGENT_CREDENTIAL_SECRET_BYTES = 32;
const AGENT_CREDENTIAL_LENGTH = AGENT_CREDENTIAL_PREFIX.length + 43;
/** How much of the credential views show: the prefix and 8 characters (48 of its 256 bits). */
const SHOWN_PREFIX_LENGTH = AGENT_CREDENTIAL_PREFIX.length + 8;

export type AgentCredential = typeof agentCredentials.$inferSelect;
export type AgentCredentialRevokedReason = "replaced" | "operator_changed" | "agent_revoked";

export interface AgentCredentialView {
  id: string;
  prefix: string;
  issuedByConnectedId: string;
  createdAt: string;
  revokedAt: string | null;
  revokedReason: string | null;
}

export function agentCredentialView(row: AgentCredential): AgentCredentialView {
  return {
    id: row.id,
    prefix: row.prefix,
    issuedByConnectedId: row.issuedByConnectedId,
    createdAt: toIso(row.createdAt),
    revokedAt: row.revokedAt === null ? null : toIso(row.revokedAt),
    revokedReason: row.revokedReason,
  };
}

/** Whether a bearer has the shape of an agent credential (checked before any lookup). */
export function looksLikeAgentCredential(value: string): boolean {
  return value.length === AGENT_CREDENTIAL_LENGTH && value.startsWith(AGENT_CREDENTIAL_PREFIX) && /^[A-Za-z0-9_-]+$/.test(value.slice(AGENT_CREDENTIAL_PREFIX.length));
}

const credentialByHashQuery = preparedQuery((db) => db.select().from(agentCredentials).where(eq(agentCredentials.secretHash, sql.placeholder("secretHash"))).prepare());

/** The stored credential behind a presented secret (revoked ones included), or null. */
export async function findAgentCredential(reader: Queryable, secret: string): Promise<AgentCredential | null> {
  if (!looksLikeAgentCredential(secret)) return null;
  const [row] = await credentialByHashQuery(reader).execute({ secretHash: sha256Hex(secret) });
  return row ?? null;
}

/**
 * Revokes the agent's live credentials in the caller's transaction (the caller records
 * why in its own audit event); the ids revoked.
 */
export async function revokeAgentCredentials(tx: Tx, input: { orgId: string; agentId: string; reason: AgentCredentialRevokedReason; at: number }): Promise<string[]> {
  const rows = await tx
    .update(agentCredentials)
    .set({ revokedAt: input.at, revokedReason: input.reason })
    .where(and(eq(agentCredentials.orgId, input.orgId), eq(agentCredentials.agentId, input.agentId), isNull(agentCredentials.revokedAt)))
    .returning({ id: agentCredentials.id });
  return rows.map((r) => r.id);
}

/**
 * Issues a credential for the agent in the caller's transaction, revoking the one it had
 * (an agent holds one live credential): the secret, shown this once, its view, and the
 * ids of the credentials it replaced. The caller checks who may issue and records the event.
 */
export async function issueAgentCredential(
  tx: Tx,
  input: { orgId: string; agentId: string; issuedBy: { connectedId: string; userId: string }; at: number },
): Promise<{ credential: string; view: AgentCredentialView; replaced: string[] }> {
  const replaced = await revokeAgentCredentials(tx, { orgId: input.orgId, agentId: input.agentId, reason: "replaced", at: input.at });
  const credential = `${AGENT_CREDENTIAL_PREFIX}${randomSecret(AGENT_CREDENTIAL_SECRET_BYTES)}`;
  const [row] = await tx
    .insert(agentCredentials)
    .values({
      id: newId(),
      orgId: input.orgId,
      agentId: input.agentId,
      prefix: credential.slice(0, SHOWN_PREFIX_LENGTH),
      secretHash: sha256Hex(credential),
      issuedByConnectedId: input.issuedBy.connectedId,
      issuedByUserId: input.issuedBy.userId,
      createdAt: input.at,
    })
    .returning();
  return { credential, view: agentCredentialView(row!), replaced };
}

/** The live credential of each of the given agents (for roster views). */
export async function liveAgentCredentials(reader: Queryable, orgId: string): Promise<Map<string, AgentCredentialView>> {
  const rows = await reader
    .select()
    .from(agentCredentials)
    .where(and(eq(agentCredentials.orgId, orgId), isNull(agentCredentials.revokedAt)));
  return new Map(rows.map((row) => [row.agentId, agentCredentialView(row)]));
}

/** What the agents domain tells this one about an agent, read fresh per request. */
export interface AgentFacts extends AgentStanding {
  agentId: string;
  orgId: string;
  /** The app group the agent was hired in: its credential reaches that group only (DESIGN §5). */
  appGroupId: string;
  /** Its badge's permission snapshot (its kind's role, narrowed by the scopes it was hired with). */
  snapshot: readonly string[];
  /** Its operator's badge, or null while it has none. */
  operatorConnectedId: string | null;
}

/** The agents domain's roster, as this domain may read it (provided at the agents module's init). */
export interface AgentRoster {
  facts(reader: Queryable, orgId: string, agentId: string): Promise<AgentFacts | null>;
}

export interface AgentAccess {
  org: Organization;
  credential: AgentCredential;
  facts: AgentFacts;
  /** The agent as a machine of the organization; `scopes` is its gate (empty while refused). */
  actor: MachineOrgActor;
  /** Why it may do nothing now (403 agent_suspended, agent_expired, operator_inactive), or null. */
  refusal: ApiError | null;
}

type AgentAccessDeps = Pick<AppContext, "db" | "clock"> & { agentRoster?: AgentRoster };

/**
 * The agent behind a credential presented for organization `slug`, with its gate as of
 * now. 401 invalid_agent_credential for a malformed or unknown credential, one of another
 * organization or an unknown slug (the same answer); 401 agent_credential_revoked for a
 * revoked one (a new operator, a replacement, the agent revoked). A suspended, revoked or
 * expired agent, or one whose operator cannot act, is returned with its `refusal`.
 */
export async function resolveAgentCredential(deps: AgentAccessDeps, secret: string, slug: string): Promise<AgentAccess> {
  const reader = deps.db.read;
  const credential = await findAgentCredential(reader, secret);
  const org = credential && (await orgBySlug(reader, slug));
  if (!credential || !org || org.id !== credential.orgId) throw machineErrors.error("invalidAgentCredential", { message: "the agent credential is not valid for this organization" });
  if (credential.revokedAt !== null) throw machineErrors.error("agentCredentialRevoked", { message: "the agent credential has been revoked" });
  const facts = deps.agentRoster ? await deps.agentRoster.facts(reader, org.id, credential.agentId) : null;
  if (!facts || facts.status === "revoked") throw machineErrors.error("agentCredentialRevoked", { message: "the agent has been revoked" });
  const operator = facts.operatorConnectedId ? await personAuthorityOf(reader, org.id, facts.operatorConnectedId) : null;
  const held = [...new Set([...facts.snapshot, ...(await directScopesOf(reader, facts.agentId))])];
  const gate = agentGate(facts, held, operator?.scopes ?? null, deps.clock.now());
  const actor: MachineOrgActor = {
    kind: "m2m",
    userId: null,
    role: null,
    isOwner: false,
    keyId: credential.id,
    tokenId: credential.id,
    serviceAccountId: null,
    connectedId: facts.agentId,
    appGroupId: facts.appGroupId,
    scopes: gate.scopes,
    expiresAt: facts.expiresAt,
    agentId: facts.agentId,
  };
  const refusal =
    gate.refusal === "agent_suspended"
      ? machineErrors.error("agentSuspended", { message: "the agent is suspended: it may do nothing until it is activated" })
      : gate.refusal === "agent_expired"
        ? machineErrors.error("agentExpired", { message: "the agent's expiresAt has passed" })
        : gate.refusal === "operator_inactive"
          ? machineErrors.error("operatorInactive", { message: "the agent's operator is suspended, gone or not assigned: every gated action refuses" })
          : null;
  return { org, credential, facts, actor, refusal };
}

/** The org guards' path for an agent credential: the organization and the agent, or 401/403. */
export async function resolveAgentAccess(deps: AgentAccessDeps, secret: string, slug: string): Promise<{ org: Organization; actor: MachineOrgActor }> {
  const access = await resolveAgentCredential(deps, secret, slug);
  if (access.refusal) throw access.refusal;
  return { org: access.org, actor: access.actor };
}
