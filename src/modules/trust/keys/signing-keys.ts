/**
 * Organization signing keys (RS256, as the spec fixes for permits and end-user
 * tokens). The private key is kept as a JWK sealed with the master key, bound to its
 * row by the kid; the public JWK is what the organization's JWKS publishes.
 *
 * An organization holds two current keys, both published in its JWKS, both rows of
 * `org_signing_keys` told apart by `use`:
 * - the token key signs end-user tokens and everything else that must stay verifiable
 *   for a while after a rotation; a rotated token key stays published until `retireAt`,
 *   when the longest token it may have signed has expired;
 * - the permit key signs permits only; a rotated permit key leaves the JWKS at once, so
 *   every permit it signed stops verifying (spec 4.4, 5.5).
 *
 * The kid is the key's RFC 7638 thumbprint: unique, and stable for the key's life.
 * Key generation takes tens of milliseconds, so it happens before the transaction
 * that stores the key (keeping the SQLite writer lock short).
 */
import { createPrivateKey, generateKeyPair, type webcrypto } from "node:crypto";
import { promisify } from "node:util";
import { and, desc, eq, gt, isNotNull, isNull } from "drizzle-orm";
import { calculateJwkThumbprint, importJWK, type JWK } from "jose";
import type { AppContext } from "../../../context";
import type { Rs256Signer } from "../../../platform/crypto/rs256";
import type { Queryable, Tx } from "../../../platform/db/database";
import { orgSigningKeys, type SigningKeyUse } from "./schema";

export const SIGNING_ALG = "RS256";

const generateRsaKeyPair = promisify(generateKeyPair);

/**
 * The longest an end-user token (or anything else signed with the token key) may live.
 * Issuers must not exceed it: a rotated token key is published this long, plus
 * TOKEN_KEY_SKEW_MS for clocks that disagree, and no longer.
 */
export const MAX_SIGNED_TOKEN_LIFETIME_SECONDS = 24 * 60 * 60;
export const TOKEN_KEY_SKEW_MS = 5 * 60 * 1000;

export type SigningKeyRow = typeof orgSigningKeys.$inferSelect;
export type PermitKeyRow = SigningKeyRow;

export interface KeyMaterial {
  kid: string;
  publicJwk: JWK;
  privateJwkSealed: string;
}

/** A token key (the top-level fields, as the Master Seal records them) and its permit key. */
export interface SigningKeyMaterial extends KeyMaterial {
  permit: KeyMaterial;
}

/**
 * The context a private key is sealed under binds the ciphertext to its key. The labels
 * name the tables the two uses were first kept in; keys sealed then still open, so the
 * labels stay.
 */
const SEAL_LABEL: Record<SigningKeyUse, string> = { token: "org_signing_keys", permit: "org_permit_keys" };

function sealContext(use: SigningKeyUse, kid: string): string {
  return `${SEAL_LABEL[use]}:${kid}`;
}

async function generateKey(deps: Pick<AppContext, "secrets">, use: SigningKeyUse): Promise<KeyMaterial> {
  // node:crypto generates on the thread pool; WebCrypto's generateKey held the event loop
  // for 60-160 ms per key, stalling every other request (even /healthz) meanwhile.
  const { publicKey, privateKey } = await generateRsaKeyPair("rsa", { modulusLength: 2048 });
  const publicJwk = publicKey.export({ format: "jwk" }) as JWK;
  const kid = await calculateJwkThumbprint(publicJwk, "sha256");
  const privateJwk = privateKey.export({ format: "jwk" }) as JWK;
  const privateJwkSealed = await deps.secrets.seal(JSON.stringify(privateJwk), sealContext(use, kid));
  return { kid, publicJwk: { ...publicJwk, kid, alg: SIGNING_ALG, use: "sig" }, privateJwkSealed };
}

/** A fresh token key and permit key, private halves sealed; not yet stored. */
export async function generateSigningKeyMaterial(deps: Pick<AppContext, "secrets">): Promise<SigningKeyMaterial> {
  const [token, permit] = await Promise.all([generateKey(deps, "token"), generateKey(deps, "permit")]);
  return { ...token, permit };
}

/** Stores generated material as the organization's current keys; returns the token key's kid. */
export async function storeSigningKey(tx: Tx, orgId: string, material: SigningKeyMaterial, now: number): Promise<string> {
  await tx.insert(orgSigningKeys).values({
    id: material.kid,
    orgId,
    use: "token",
    alg: SIGNING_ALG,
    publicJwk: material.publicJwk as Record<string, unknown>,
    privateJwkSealed: material.privateJwkSealed,
    createdAt: now,
  });
  await tx.insert(orgSigningKeys).values({
    id: material.permit.kid,
    orgId,
    use: "permit",
    alg: SIGNING_ALG,
    publicJwk: material.permit.publicJwk as Record<string, unknown>,
    privateJwkSealed: material.permit.privateJwkSealed,
    createdAt: now,
  });
  return material.kid;
}

/** The key an organization signs tokens with now (the newest not rotated out), or null: it cannot sign. */
export async function currentSigningKey(reader: Queryable, orgId: string): Promise<SigningKeyRow | null> {
  const [row] = await reader
    .select()
    .from(orgSigningKeys)
    .where(and(eq(orgSigningKeys.orgId, orgId), eq(orgSigningKeys.use, "token"), isNull(orgSigningKeys.rotatedAt)))
    .orderBy(desc(orgSigningKeys.createdAt))
    .limit(1);
  return row ?? null;
}

/** The key an organization signs permits with now, or null: it cannot issue permits. */
export async function currentPermitKey(reader: Queryable, orgId: string): Promise<PermitKeyRow | null> {
  const [row] = await reader
    .select()
    .from(orgSigningKeys)
    .where(and(eq(orgSigningKeys.orgId, orgId), eq(orgSigningKeys.use, "permit"), isNull(orgSigningKeys.rotatedAt)))
    .orderBy(desc(orgSigningKeys.createdAt))
    .limit(1);
  return row ?? null;
}

/** Rotated token keys still published at `now` (their tokens may be unexpired), newest first. */
export async function retiringSigningKeys(reader: Queryable, orgId: string, now: number): Promise<SigningKeyRow[]> {
  return reader
    .select()
    .from(orgSigningKeys)
    .where(and(eq(orgSigningKeys.orgId, orgId), eq(orgSigningKeys.use, "token"), isNotNull(orgSigningKeys.rotatedAt), gt(orgSigningKeys.retireAt, now)))
    .orderBy(desc(orgSigningKeys.createdAt));
}

/** The private key of a stored token key, for signing. */
export async function openSigningKey(deps: Pick<AppContext, "secrets">, row: Pick<SigningKeyRow, "id" | "alg" | "privateJwkSealed">): Promise<CryptoKey> {
  return openKey(deps, "token", row);
}

/** The private key of a stored permit key, for signing. */
export async function openPermitKey(deps: Pick<AppContext, "secrets">, row: Pick<PermitKeyRow, "id" | "alg" | "privateJwkSealed">): Promise<CryptoKey> {
  return openKey(deps, "permit", row);
}

async function openKey(deps: Pick<AppContext, "secrets">, use: SigningKeyUse, row: { id: string; alg: string; privateJwkSealed: string }): Promise<CryptoKey> {
  const jwk = JSON.parse(await deps.secrets.open(row.privateJwkSealed, sealContext(use, row.id))) as JWK;
  return (await importJWK(jwk, row.alg)) as CryptoKey;
}

/**
 * What signs for the organization now: its current token key or permit key, opened, from
 * the keyring's memory after the first use; null when it has none (no Org Master Seal).
 * Sign with signRs256 (platform/crypto/rs256.ts), which runs off the request's thread.
 */
export async function orgSigner(deps: Pick<AppContext, "db" | "secrets" | "keyring">, use: SigningKeyUse, orgId: string): Promise<Rs256Signer | null> {
  return deps.keyring.signer(use, orgId, async () => {
    const row = use === "token" ? await currentSigningKey(deps.db.read, orgId) : await currentPermitKey(deps.db.read, orgId);
    if (!row) return null;
    const jwk = JSON.parse(await deps.secrets.open(row.privateJwkSealed, sealContext(use, row.id))) as JWK;
    return { kid: row.id, key: createPrivateKey({ key: jwk as webcrypto.JsonWebKey, format: "jwk" }) };
  });
}
