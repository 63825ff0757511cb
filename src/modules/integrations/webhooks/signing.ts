/**
 * The Standard Webhooks signature (standardwebhooks.com), used both ways: outgoing
 * deliveries are signed with it, and connectors sign what they send to
 * /api/org/{slug}/inbound with it, under the organization's webhook secret.
 *
 * - Signed content: `${webhookId}.${webhookTimestamp}.${body}` (the raw body bytes).
 * - Key: the secret after its `whsec_` prefix, base64-decoded (Signet's secrets use the
 *   URL-safe alphabet; standard decoders such as Node's Buffer accept both).
 * - `webhook-signature`: space-separated `v1,<base64 HMAC-SHA256>` entries; during a
 *   secret's cutover Signet signs with both secrets, and a receiver accepts any match.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

export const SIGNATURE_VERSION = "v1";

function keyOf(secret: string): Buffer {
  return Buffer.from(secret.startsWith("whsec_") ? secret.slice("whsec_".length) : secret, "base64");
}

export function signatureOf(secret: string, webhookId: string, timestampSeconds: number | string, body: string | Uint8Array): string {
  const mac = createHmac("sha256", keyOf(secret));
  mac.update(`${webhookId}.${timestampSeconds}.`);
  mac.update(body);
  return `${SIGNATURE_VERSION},${mac.digest("base64")}`;
}

/** The header value signing `body` with every secret given (current first). */
export function signatureHeader(secrets: readonly string[], webhookId: string, timestampSeconds: number, body: string): string {
  return secrets.map((secret) => signatureOf(secret, webhookId, timestampSeconds, body)).join(" ");
}

/** Whether any v1 entry of `header` is the signature of the content under any of `secrets`, compared in constant time. */
export function verifySignature(secrets: readonly string[], header: string, webhookId: string, timestampSeconds: string, body: Uint8Array): boolean {
  const offered = header
    .split(" ")
    .filter((entry) => entry.startsWith(`${SIGNATURE_VERSION},`))
    .map((entry) => Buffer.from(entry.slice(SIGNATURE_VERSION.length + 1), "base64"));
  let matched = false;
  for (const secret of secrets) {
    const expected = Buffer.from(signatureOf(secret, webhookId, timestampSeconds, body).slice(SIGNATURE_VERSION.length + 1), "base64");
    // Every pair is compared (no early exit), so the time taken says nothing about which one matched.
    for (const candidate of offered) if (candidate.length === expected.length && timingSafeEqual(candidate, expected)) matched = true;
  }
  return matched;
}
