/**
 * The organization's SAML service-provider key: RSA 2048, a self-signed certificate (ten
 * years; an IdP trusts it because it is in the SP metadata, not because of who signed
 * it), the private key sealed under the master key. Made on first use: the first SP
 * metadata request or SAML sign-in of the organization. Signs the AuthnRequests Signet
 * sends (HTTP-Redirect binding, RSA-SHA256).
 */
// tsyringe, under @peculiar/x509, needs the Reflect metadata polyfill before it loads.
import "reflect-metadata";
import * as x509 from "@peculiar/x509";
import { generateKeyPair } from "node:crypto";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import type { AppContext } from "../../context";
import { samlSpKeys } from "./schema";

type Deps = Pick<AppContext, "db" | "clock" | "secrets">;

export interface SpKey {
  certificatePem: string;
  privateKeyPem: string;
}

const RSA = { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256", publicExponent: new Uint8Array([1, 0, 1]), modulusLength: 2048 };
const TEN_YEARS_MS = 3650 * 24 * 60 * 60 * 1000;

// node:crypto generates RSA keys on the thread pool; WebCrypto's generateKey held the event
// loop 60-160 ms per key (the fuzz saw /healthz wait behind a first SP metadata request).
const generateRsaKeyPair = promisify(generateKeyPair);

const sealContext = (orgId: string) => `saml_sp_keys:${orgId}`;

function pem(label: string, der: Uint8Array): string {
  const body = Buffer.from(der).toString("base64").replace(/(.{64})/g, "$1\n").replace(/\n$/, "");
  return `-----BEGIN ${label}-----\n${body}\n-----END ${label}-----\n`;
}

async function generate(slug: string, now: number): Promise<SpKey> {
  const pair = await generateRsaKeyPair("rsa", { modulusLength: 2048, publicKeyEncoding: { type: "spki", format: "der" }, privateKeyEncoding: { type: "pkcs8", format: "der" } });
  const keys: CryptoKeyPair = {
    privateKey: await crypto.subtle.importKey("pkcs8", pair.privateKey, RSA, true, ["sign"]),
    publicKey: await crypto.subtle.importKey("spki", pair.publicKey, RSA, true, ["verify"]),
  };
  const cert = await x509.X509CertificateGenerator.createSelfSigned(
    {
      serialNumber: Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("hex").replace(/^[89a-f]/, "1"),
      name: `CN=Signet SAML SP ${slug.replace(/[^a-z0-9-]/g, "")}`,
      notBefore: new Date(now - 60_000),
      notAfter: new Date(now + TEN_YEARS_MS),
      keys,
      signingAlgorithm: RSA,
    },
    crypto,
  );
  return { certificatePem: cert.toString("pem"), privateKeyPem: pem("PRIVATE KEY", pair.privateKey) };
}

/** Keys being generated on this node, per organization: concurrent first uses share one (RSA generation is costly). */
const generating = new Map<string, Promise<SpKey>>();

/** The organization's SP key, made and stored on first use (of two first uses at once, one wins). */
export async function spKeyOf(deps: Deps, org: { id: string; slug: string }): Promise<SpKey> {
  const [row] = await deps.db.read.select().from(samlSpKeys).where(eq(samlSpKeys.orgId, org.id));
  if (row) return { certificatePem: row.certificatePem, privateKeyPem: await deps.secrets.open(row.privateKeySealed, sealContext(org.id)) };
  let pending = generating.get(org.id);
  if (!pending) {
    pending = storeFirstKey(deps, org).finally(() => generating.delete(org.id));
    generating.set(org.id, pending);
  }
  return pending;
}

async function storeFirstKey(deps: Deps, org: { id: string; slug: string }): Promise<SpKey> {
  // Generated before the transaction opens, so the SQLite writer lock stays short.
  const fresh = await generate(org.slug, deps.clock.now());
  const sealed = await deps.secrets.seal(fresh.privateKeyPem, sealContext(org.id));
  const stored = await deps.db.write(async (tx) => {
    await tx.insert(samlSpKeys).values({ orgId: org.id, certificatePem: fresh.certificatePem, privateKeySealed: sealed, createdAt: deps.clock.now() }).onConflictDoNothing();
    const [kept] = await tx.select().from(samlSpKeys).where(eq(samlSpKeys.orgId, org.id));
    return kept!;
  });
  return { certificatePem: stored.certificatePem, privateKeyPem: await deps.secrets.open(stored.privateKeySealed, sealContext(org.id)) };
}

/** A PEM certificate's base64 body, as SAML metadata carries it. */
export function certificateBody(certificatePem: string): string {
  return certificatePem.replace(/-----(BEGIN|END) CERTIFICATE-----/g, "").replace(/\s+/g, "");
}
