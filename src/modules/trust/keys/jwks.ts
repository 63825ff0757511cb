/**
 * The organization's JWKS (GET /api/public/orgs/{slug}/jwks.json): the current token
 * key, the current permit key and the rotated token keys not yet retired. Built once
 * into bytes with a strong ETag and served from the keyring's memory until a key
 * changes (a rotation event), a retiring key's time comes, or JWKS_MEMORY_TTL_MS passes.
 */
import type { AppContext } from "../../../context";
import { sha256Hex } from "../../../platform/crypto/hash";
import { orgBySlug } from "../../orgs/index";
import type { JwksEntry } from "./keyring";
import { currentPermitKey, currentSigningKey, retiringSigningKeys } from "./signing-keys";

/** How long a node serves a built JWKS before reading the keys again (a safety net; events invalidate it). */
export const JWKS_MEMORY_TTL_MS = 60_000;
/** What verifiers may cache: a rotation reaches them within this. */
export const JWKS_CACHE_CONTROL = "public, max-age=60";

/** The public members of a JWK, by key type; anything else (a private member above all) never leaves. */
const PUBLIC_MEMBERS: Record<string, readonly string[]> = {
  RSA: ["kty", "n", "e"],
  EC: ["kty", "crv", "x", "y"],
  OKP: ["kty", "crv", "x"],
};

function publicJwk(stored: Record<string, unknown>, kid: string, alg: string): Record<string, unknown> {
  const members = PUBLIC_MEMBERS[stored.kty as string] ?? [];
  const jwk: Record<string, unknown> = {};
  for (const name of members) if (stored[name] !== undefined) jwk[name] = stored[name];
  return { ...jwk, kid, alg, use: "sig" };
}

/** The JWKS of the organization `slug`, or null when there is no such organization. */
export async function jwksOf(deps: Pick<AppContext, "db" | "clock" | "keyring">, slug: string): Promise<JwksEntry | null> {
  const key = slug.toLowerCase();
  const cached = deps.keyring.cachedJwks(key);
  if (cached) return cached;
  await deps.keyring.ready();
  const org = await orgBySlug(deps.db.read, key);
  if (!org) return null;
  const now = deps.clock.now();
  const [token, permit, retiring] = await Promise.all([
    currentSigningKey(deps.db.read, org.id),
    currentPermitKey(deps.db.read, org.id),
    retiringSigningKeys(deps.db.read, org.id, now),
  ]);
  const rows = [token, permit, ...retiring].filter((row) => row !== null);
  const bytes = new TextEncoder().encode(JSON.stringify({ keys: rows.map((row) => publicJwk(row.publicJwk, row.id, row.alg)) }));
  const expiresAt = Math.min(now + JWKS_MEMORY_TTL_MS, ...retiring.map((row) => row.retireAt!));
  const entry: JwksEntry = { orgId: org.id, bytes, etag: `"${sha256Hex(bytes).slice(0, 32)}"`, expiresAt };
  // An organization without keys gets them from its Master Seal, which publishes no
  // event: its empty set is never kept, so the keys show up on the next request.
  if (rows.length > 0) deps.keyring.cacheJwks(key, entry);
  return entry;
}

/** Whether an If-None-Match header matches the ETag (RFC 9110 weak comparison, `*`, lists). */
export function etagMatches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const strip = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || strip(tag) === etag);
}
