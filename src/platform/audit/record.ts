/**
 * The sealed form of an audit event (docs/audit-format.md): the canonical record whose
 * SHA-256 is the record hash, and the chain hash that links it to its predecessor.
 * Append and every verifier build records here, so there is one definition of what an
 * event's hash covers.
 */
import { canonicalJson } from "../crypto/canonical-json";
import { sha256Hex } from "../crypto/hash";

/** Version of the record layout; part of every record, so a future layout cannot be confused with this one. */
export const RECORD_VERSION = 1;

/** The chain hash "before" the first event of an organization: 64 zeros. */
export const GENESIS_CHAIN_HASH = "0".repeat(64);

export interface SealedBaselineRef {
  entityType: string;
  entityId: string;
  /** SHA-256 of the record's canonical state; null when the record was deleted. */
  stateHash: string | null;
}

/** The columns of an audit event that its record covers. */
export interface AuditRecordFields {
  id: string;
  orgId: string;
  seq: number;
  type: string;
  createdAt: number;
  actorKind: string;
  actorId: string | null;
  actorConnectedId: string | null;
  appGroupId: string | null;
  requestId: string | null;
  ipHash: string | null;
  userAgentHash: string | null;
  payload: Record<string, unknown>;
  baselines: SealedBaselineRef[] | null;
}

export interface AuditRecord {
  v: number;
  id: string;
  orgId: string;
  seq: number;
  type: string;
  at: number;
  actor: { kind: string; id: string | null; connectedId: string | null };
  appGroupId: string | null;
  requestId: string | null;
  ipHash: string | null;
  userAgentHash: string | null;
  payload: Record<string, unknown>;
  baselines: SealedBaselineRef[] | null;
}

export function auditRecordOf(row: AuditRecordFields): AuditRecord {
  return {
    v: RECORD_VERSION,
    id: row.id,
    orgId: row.orgId,
    seq: row.seq,
    type: row.type,
    at: row.createdAt,
    actor: { kind: row.actorKind, id: row.actorId, connectedId: row.actorConnectedId },
    appGroupId: row.appGroupId,
    requestId: row.requestId,
    ipHash: row.ipHash,
    userAgentHash: row.userAgentHash,
    payload: row.payload,
    baselines: row.baselines,
  };
}

/** SHA-256 (hex) of the record's canonical JSON (RFC 8785). */
export function hashAuditRecord(row: AuditRecordFields): string {
  return sha256Hex(canonicalJson(auditRecordOf(row)));
}

/** chainHash_n = SHA-256 of the ASCII hex of chainHash_{n-1} followed by the hex of recordHash_n. */
export function nextChainHash(previousChainHash: string, recordHash: string): string {
  return sha256Hex(previousChainHash + recordHash);
}

/**
 * A client value (IP address, user agent) as the chain keeps it: SHA-256 of
 * "signet-audit:<kind>:<orgId>:<value>". Pseudonymous, not anonymous: someone who
 * guesses the value can confirm it, so only the hash is ever stored.
 */
export function hashClientValue(kind: "ip" | "user-agent", orgId: string, value: string): string {
  return sha256Hex(`signet-audit:${kind}:${orgId}:${value}`);
}
