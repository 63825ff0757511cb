/**
 * Signed checkpoints of an organization's chain: the head (seq, chainHash) at a moment,
 * signed RS256 with the organization's signing key as a compact JWS whose header names
 * the kid, so anyone holding the org's JWKS can check it (docs/audit-format.md).
 *
 * An organization without a signing key (no Org Master Seal yet) cannot sign: its chain
 * grows, and its first checkpoint covers everything up to the moment it gets one.
 * A checkpoint is only signed over a chain that verifies from the previous checkpoint,
 * so a tampered tail is never blessed.
 */
import { and, desc, eq } from "drizzle-orm";
import { CompactSign, compactVerify, importJWK, type JWK } from "jose";
import type { AppContext } from "../../../context";
import type { Queryable } from "../../../platform/db/database";
import { canonicalJson } from "../../../platform/crypto/canonical-json";
import { auditCheckpoints, auditEvents } from "../../../platform/audit/schema";
import { newId } from "../../../platform/ids";
import { openSigningKey, SIGNING_ALG } from "../keys/signing-keys";
import { orgSigningKeys } from "../keys/schema";

export const CHECKPOINT_TYPE = "signet.audit.checkpoint";
export const CHECKPOINT_JWS_TYP = "signet-audit-checkpoint+jws";

export type Checkpoint = typeof auditCheckpoints.$inferSelect;

/** The signed statement: canonical JSON of this object is the JWS payload. */
export interface CheckpointClaims {
  typ: typeof CHECKPOINT_TYPE;
  v: 1;
  orgId: string;
  seq: number;
  chainHash: string;
  /** Epoch milliseconds when the checkpoint was signed. */
  at: number;
}

export async function chainHead(reader: Queryable, orgId: string): Promise<{ seq: number; chainHash: string; id: string } | null> {
  const [row] = await reader
    .select({ seq: auditEvents.seq, chainHash: auditEvents.chainHash, id: auditEvents.id })
    .from(auditEvents)
    .where(eq(auditEvents.orgId, orgId))
    .orderBy(desc(auditEvents.seq))
    .limit(1);
  return row ?? null;
}

export async function latestCheckpoint(reader: Queryable, orgId: string): Promise<Checkpoint | null> {
  const [row] = await reader.select().from(auditCheckpoints).where(eq(auditCheckpoints.orgId, orgId)).orderBy(desc(auditCheckpoints.seq)).limit(1);
  return row ?? null;
}

export async function signCheckpoint(deps: Pick<AppContext, "secrets">, key: typeof orgSigningKeys.$inferSelect, claims: CheckpointClaims): Promise<string> {
  const privateKey = await openSigningKey(deps, key);
  return new CompactSign(new TextEncoder().encode(canonicalJson(claims)))
    .setProtectedHeader({ alg: SIGNING_ALG, kid: key.id, typ: CHECKPOINT_JWS_TYP })
    .sign(privateKey);
}

export async function storeCheckpoint(deps: Pick<AppContext, "db">, claims: CheckpointClaims, kid: string, jws: string): Promise<Checkpoint> {
  return deps.db.write(async (tx) => {
    const row = { id: newId(), orgId: claims.orgId, seq: claims.seq, chainHash: claims.chainHash, kid, jws, createdAt: claims.at };
    // Two nodes may sign the same head; the first one stands.
    await tx.insert(auditCheckpoints).values(row).onConflictDoNothing();
    const [stored] = await tx.select().from(auditCheckpoints).where(and(eq(auditCheckpoints.orgId, claims.orgId), eq(auditCheckpoints.seq, claims.seq)));
    return stored!;
  });
}

export type CheckpointCheck = { valid: true; claims: CheckpointClaims } | { valid: false; reason: string };

/**
 * Checks a checkpoint's signature with the organization's public keys (the ones its
 * JWKS publishes, rotated ones included) and that the signed claims are the row's.
 */
export class CheckpointVerifier {
  private readonly keys = new Map<string, CryptoKey | null>();
  constructor(
    private readonly reader: Queryable,
    private readonly orgId: string,
  ) {}

  private async key(kid: string): Promise<CryptoKey | null> {
    if (!this.keys.has(kid)) {
      const [row] = await this.reader.select().from(orgSigningKeys).where(and(eq(orgSigningKeys.orgId, this.orgId), eq(orgSigningKeys.use, "token"), eq(orgSigningKeys.id, kid)));
      this.keys.set(kid, row ? ((await importJWK(row.publicJwk as JWK, row.alg)) as CryptoKey) : null);
    }
    return this.keys.get(kid)!;
  }

  async check(cp: Checkpoint): Promise<CheckpointCheck> {
    const key = await this.key(cp.kid);
    if (!key) return { valid: false, reason: "unknown_key" };
    let claims: CheckpointClaims;
    try {
      const { payload, protectedHeader } = await compactVerify(cp.jws, key, { algorithms: [SIGNING_ALG] });
      if (protectedHeader.kid !== cp.kid) return { valid: false, reason: "kid_mismatch" };
      claims = JSON.parse(new TextDecoder().decode(payload));
    } catch {
      return { valid: false, reason: "bad_signature" };
    }
    if (claims.typ !== CHECKPOINT_TYPE || claims.orgId !== this.orgId || claims.seq !== cp.seq || claims.chainHash !== cp.chainHash) {
      return { valid: false, reason: "claims_mismatch" };
    }
    return { valid: true, claims };
  }
}

