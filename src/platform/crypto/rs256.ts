/**
 * RS256 compact JWS signing off the request's thread. An RSA-2048 signature costs about
 * 0.45 ms of CPU; node:crypto's callback form runs it on the libuv thread pool, so
 * signatures proceed on every core in parallel while the event loop keeps serving
 * requests (WebCrypto's subtle.sign in Bun runs them one at a time, off-thread).
 * Verifiers use any JOSE library against the organization's JWKS.
 */
import { sign as signAsync, type KeyObject } from "node:crypto";

export interface Rs256Signer {
  /** The key's id, written in the JWS header and published in the JWKS. */
  kid: string;
  key: KeyObject;
}

function base64urlJson(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString("base64url");
}

/** A compact JWS `header.payload.signature`, with alg RS256 and the signer's kid in the header. */
export function signRs256(signer: Rs256Signer, header: Record<string, unknown>, claims: Record<string, unknown>): Promise<string> {
  const signingInput = `${base64urlJson({ ...header, alg: "RS256", kid: signer.kid })}.${base64urlJson(claims)}`;
  return new Promise((resolve, reject) => {
    signAsync("sha256", Buffer.from(signingInput), signer.key, (error, signature) => {
      if (error) reject(error);
      else resolve(`${signingInput}.${signature.toString("base64url")}`);
    });
  });
}
