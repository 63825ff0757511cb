/**
 * Organization signing keys (RS256, as the spec fixes for permits and end-user
 * tokens). The private key is kept as a JWK sealed with the master key, bound to its
 * row by the kid; the public JWK is what the organization's JWKS publishes.
 *
 * The kid is the key's RFC 7638 thumbprint: unique, and stable for the key's life.
 * Key generation takes tens of milliseconds, so it happens before the transaction
 * that stores the key (keeping the SQLite writer lock short).
 */
import { and, desc, eq, isNull } from "drizzle-orm";
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type JWK } from "jose";
import type { AppContext } from "../../context";
import type { Queryable, Tx } from "../../platform/db/database";
import { orgSigningKeys } from "../orgs/schema";

export const SIGNING_ALG = "RS256";

export interface SigningKeyMaterial {
  kid: string;
  publicJwk: JWK;
  privateJwkSealed: string;
}

function sealContext(kid: string): string {
  return `org_signing_keys:${kid}`;
}

/** A fresh RS256 key pair, private half sealed; not yet stored. */
export async function generateSigningKeyMaterial(deps: Pick<AppContext, "secrets">): Promise<SigningKeyMaterial> {
  const { publicKey, privateKey } = await generateKeyPair(SIGNING_ALG, { modulusLength: 2048, extractable: true });
  const publicJwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(publicJwk, "sha256");
  const privateJwk = await exportJWK(privateKey);
  const privateJwkSealed = await deps.secrets.seal(JSON.stringify(privateJwk), sealContext(kid));
  return { kid, publicJwk: { ...publicJwk, kid, alg: SIGNING_ALG, use: "sig" }, privateJwkSealed };
}

/** Stores generated material as the organization's current signing key. */
export async function storeSigningKey(tx: Tx, orgId: string, material: SigningKeyMaterial, now: number): Promise<string> {
  await tx.insert(orgSigningKeys).values({
    id: material.kid,
    orgId,
    alg: SIGNING_ALG,
    publicJwk: material.publicJwk as Record<string, unknown>,
    privateJwkSealed: material.privateJwkSealed,
    createdAt: now,
  });
  return material.kid;
}

/** The key an organization signs with now (the newest not rotated out), or null: it cannot sign. */
export async function currentSigningKey(reader: Queryable, orgId: string) {
  const [row] = await reader
    .select()
    .from(orgSigningKeys)
    .where(and(eq(orgSigningKeys.orgId, orgId), isNull(orgSigningKeys.rotatedAt)))
    .orderBy(desc(orgSigningKeys.createdAt))
    .limit(1);
  return row ?? null;
}

/** The private key of a stored signing key, for signing. */
export async function openSigningKey(deps: Pick<AppContext, "secrets">, row: typeof orgSigningKeys.$inferSelect): Promise<CryptoKey> {
  const jwk = JSON.parse(await deps.secrets.open(row.privateJwkSealed, sealContext(row.id))) as JWK;
  return (await importJWK(jwk, row.alg)) as CryptoKey;
}
