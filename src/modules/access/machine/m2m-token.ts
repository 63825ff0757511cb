/**
 * The M2M access token format. Only Signet reads these tokens, so they need no
 * public-key signature (the spec fixes RS256 for permits and end-user tokens only):
 * they are compact JWS, HMAC-SHA256 with a deployment secret from
 * `m2m_token_secrets` (sealed with the master key, the same on every node), header
 * `{"alg":"HS256","typ":"at+jwt","kid":<secret id>}`. HMAC signs and verifies in about
 * 2 µs, where RS256 signing costs about 450 µs (see docs/machine-access.md).
 *
 * Verification accepts exactly the header Signet writes (no `alg: none`, no other
 * algorithm, so no key confusion with the org's RSA keys), compares the MAC in constant
 * time, and checks the claims' types before anyone reads them.
 */
import { timingSafeEqual } from "node:crypto";
import { desc, eq } from "drizzle-orm";
import type { AppContext } from "../../../context";
import { randomSecret } from "../../../platform/crypto/hash";
import { newId } from "../../../platform/ids";
import { m2mTokenSecrets } from "./schema";

export const M2M_TOKEN_TYPE = "at+jwt";
const M2M_TOKEN_ALG = "HS256";
/** Tokens longer than this are refused before any parsing. */
const M2M_TOKEN_MAX_LENGTH = 8192;

export interface M2mClaims {
  iss: string;
  /** The API key the token was issued from. */
  sub: string;
  /** The organization's id. */
  org: string;
  /** Space-separated scopes, as in OAuth. */
  scope: string;
  iat: number;
  exp: number;
  jti: string;
  /** The service account the key acts as. */
  sa?: string;
  /** The app group of an app-group-scoped key. */
  ag?: string;
}

type Deps = Pick<AppContext, "db" | "clock" | "secrets" | "keyring">;

function sealContext(id: string): string {
  return `m2m_token_secrets:${id}`;
}

async function openSecret(deps: Deps, row: typeof m2mTokenSecrets.$inferSelect): Promise<Uint8Array> {
  return Buffer.from(await deps.secrets.open(row.secretSealed, sealContext(row.id)), "base64url");
}

/** The secret new tokens are signed with: the newest one, created on first use. */
async function currentSecret(deps: Deps): Promise<{ kid: string; secret: Uint8Array }> {
  const known = deps.keyring.currentTokenSecret;
  if (known) return known;
  const read = async (reader: AppContext["db"]["read"]) => (await reader.select().from(m2mTokenSecrets).orderBy(desc(m2mTokenSecrets.createdAt)).limit(1))[0];
  let row = await read(deps.db.read);
  if (!row) {
    const sealedFor = newId();
    const secretSealed = await deps.secrets.seal(randomSecret(32), sealContext(sealedFor));
    row = await deps.db.write(async (tx) => {
      // Two nodes starting at once must not each create one (either would work, but one is the design).
      await tx.lock("m2m-token-secret");
      const raced = await read(tx);
      if (raced) return raced;
      const created = { id: sealedFor, secretSealed, createdAt: deps.clock.now() };
      await tx.insert(m2mTokenSecrets).values(created);
      return created;
    });
  }
  const current = { kid: row.id, secret: await openSecret(deps, row) };
  deps.keyring.currentTokenSecret = current;
  return current;
}

function encodeJson(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString("base64url");
}

function mac(secret: Uint8Array, signingInput: string): string {
  return new Bun.CryptoHasher("sha256", secret).update(signingInput).digest("base64url");
}

export async function signM2mToken(deps: Deps, claims: M2mClaims): Promise<string> {
  const { kid, secret } = await currentSecret(deps);
  const signingInput = `${encodeJson({ alg: M2M_TOKEN_ALG, typ: M2M_TOKEN_TYPE, kid })}.${encodeJson(claims)}`;
  return `${signingInput}.${mac(secret, signingInput)}`;
}

/** Whether a bearer credential has the shape of an M2M token (three dot-separated parts), as opposed to a session token. */
export function looksLikeM2mToken(credential: string): boolean {
  // Asked on every org request: counted without splitting the token into new strings.
  const first = credential.indexOf(".");
  if (first < 0) return false;
  const second = credential.indexOf(".", first + 1);
  return second >= 0 && credential.indexOf(".", second + 1) < 0;
}

function parseJson(part: string): unknown {
  try {
    return JSON.parse(Buffer.from(part, "base64url").toString("utf8"));
  } catch {
    return null;
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const optionalString = (v: unknown) => v === undefined || typeof v === "string";

function asClaims(value: unknown, issuer: string): M2mClaims | null {
  if (!isObject(value)) return null;
  const { iss, sub, org, scope, iat, exp, jti, sa, ag } = value;
  if (iss !== issuer || typeof sub !== "string" || typeof org !== "string" || typeof scope !== "string" || typeof jti !== "string") return null;
  if (!Number.isInteger(iat) || !Number.isInteger(exp) || !optionalString(sa) || !optionalString(ag)) return null;
  return value as unknown as M2mClaims;
}

/** How many verified tokens a node remembers (about 1 KiB each); past it, it starts again from none. */
export const VERIFIED_TOKENS_MAX = 4096;

/**
 * Tokens this node has verified, by their exact text, per keyring (one per running
 * app): a client sends the same token for minutes, and decoding, parsing and MACing it
 * again was most of a verified request's own work. Only a token of the very same bytes
 * (MAC included) hits, so nothing unverified ever passes; what a cache must not decide
 * is decided on every request by the caller: expiry, the key's revocation (from the
 * keyring's memory, in step on every node) and the service account.
 */
const verifiedTokens = new WeakMap<object, Map<string, M2mClaims>>();

/**
 * The claims of a token Signet issued, or null when it is not one: malformed, another
 * algorithm or type, an unknown secret, a MAC that does not match, or claims of the
 * wrong shape. Expiry is the caller's check (it answers differently).
 */
export async function verifyM2mToken(deps: Deps, token: string, issuer: string): Promise<M2mClaims | null> {
  let known = verifiedTokens.get(deps.keyring);
  if (!known) verifiedTokens.set(deps.keyring, (known = new Map()));
  const remembered = known.get(token);
  if (remembered && remembered.iss === issuer) return remembered;
  const claims = await verifyM2mTokenText(deps, token, issuer);
  if (claims) {
    if (known.size >= VERIFIED_TOKENS_MAX) known.clear();
    known.set(token, Object.freeze(claims));
  }
  return claims;
}

async function verifyM2mTokenText(deps: Deps, token: string, issuer: string): Promise<M2mClaims | null> {
  if (token.length > M2M_TOKEN_MAX_LENGTH) return null;
  const parts = token.split(".");
  if (parts.length !== 3) return null;
  const [headerPart, payloadPart, macPart] = parts as [string, string, string];
  const header = parseJson(headerPart);
  if (!isObject(header) || header.alg !== M2M_TOKEN_ALG || header.typ !== M2M_TOKEN_TYPE || typeof header.kid !== "string") return null;
  if (Object.keys(header).length !== 3) return null;
  const secret = await deps.keyring.tokenSecret(header.kid, async (kid) => {
    const [row] = await deps.db.read.select().from(m2mTokenSecrets).where(eq(m2mTokenSecrets.id, kid));
    return row ? openSecret(deps, row) : null;
  });
  if (!secret) return null;
  // The MAC's text itself is compared (in constant time), so no other spelling of it passes.
  const expected = Buffer.from(mac(secret, `${headerPart}.${payloadPart}`));
  const given = Buffer.from(macPart);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return asClaims(parseJson(payloadPart), issuer);
}
