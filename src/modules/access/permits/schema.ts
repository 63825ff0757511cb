/**
 * Permits (spec 2.7, 5.5). A permit itself is stateless: an RS256 JWS anyone verifies
 * with the organization's JWKS. Only a request that names an idempotencyKey leaves a
 * row, so that the same key within the permit's lifetime answers the identical permit.
 */
import { col, table } from "../../../platform/db/kit";
import { organizations } from "../../orgs/schema";

export const permitIdempotency = table(
  "permit_idempotency",
  {
    id: col.id(),
    orgId: col.text().notNull().references(() => organizations.id, { onDelete: "cascade" }),
    /** The badge the permit was issued to: idempotency keys are per caller. */
    connectedId: col.text().notNull(),
    idempotencyKey: col.text().notNull(),
    /** SHA-256 of the request (scope, ttl, context): a reused key with another request is refused. */
    requestHash: col.text().notNull(),
    /** The permit as issued, sealed with the master key (it is a credential until it expires). */
    permitSealed: col.text().notNull(),
    /** The permit key that signed it: after a rotation the stored permit is void. */
    permitKeyId: col.text().notNull(),
    expiresAt: col.time().notNull(),
    createdAt: col.time().notNull(),
  },
  [
    { name: "permit_idempotency_key_uq", on: ["orgId", "connectedId", "idempotencyKey"], unique: true },
    { name: "permit_idempotency_expiry_idx", on: ["expiresAt"] },
  ],
);
