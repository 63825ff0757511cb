/**
 * The organization's RS256 signing keys, created with its Org Master Seal (the seal's row
 * is the organization's: orgs/schema.ts), of two uses (signing-keys.ts says why).
 */
import { col, table } from "../../../platform/db/kit";
import { organizations } from "../../orgs/schema";

/** What a signing key signs: end-user tokens and checkpoints, or permits. */
export type SigningKeyUse = "token" | "permit";

/**
 * An organization's RS256 signing keys. The private key is a JWK encrypted with the
 * SecretBox; the public JWK is what the JWKS publishes. The current key of a use is the
 * newest of that use with no `rotatedAt`. A rotated token key stays published until
 * `retireAt` (the longest token it signed has expired); a rotated permit key is never
 * published again, so `retireAt` is always null for permit keys.
 */
export const orgSigningKeys = table(
  "org_signing_keys",
  {
    id: col.id(),
    orgId: col.text().notNull().references(() => organizations.id, { onDelete: "cascade" }),
    use: col.text().$type<SigningKeyUse>().notNull().default("token"),
    alg: col.text().notNull(),
    publicJwk: col.json<Record<string, unknown>>().notNull(),
    privateJwkSealed: col.text().notNull(),
    createdAt: col.time().notNull(),
    rotatedAt: col.time(),
    retireAt: col.time(),
  },
  [{ name: "org_signing_keys_org_use_idx", on: ["orgId", "use", "createdAt"] }],
);
