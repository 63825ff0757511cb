/** The organization's signing keys as one sealed record (docs/audit.md §Integrity). */
import { asc, eq } from "drizzle-orm";
import { theOrg, type SealedRecordType } from "../../../platform/audit/sealed-records";
import { orgSigningKeys } from "./schema";

type SigningKeyRow = typeof orgSigningKeys.$inferSelect;

/**
 * The state as it was sealed when token and permit keys were two tables, so baselines
 * sealed then still match: rows without `use`, and permit rows without `retireAt`.
 */
interface SigningKeysState {
  tokenKeys: Array<Omit<SigningKeyRow, "use">>;
  permitKeys: Array<Omit<SigningKeyRow, "use" | "retireAt">>;
}

/**
 * The organization's signing keys, all together (token and permit keys, current and
 * rotated): a key slipped into the table, or a rotation undone, changes the set.
 * entityId: the organization id.
 */
export const signingKeyRecords: SealedRecordType<SigningKeysState> = {
  entityType: "signing_keys",
  description: "The organization's token and permit signing keys (public JWKs, sealed private halves, rotation times). entityId: the organization id.",
  events: { "org.master_seal.created": theOrg, "org.signing_key.rotated": theOrg },
  async read(reader, orgId) {
    const rows = await reader.select().from(orgSigningKeys).where(eq(orgSigningKeys.orgId, orgId)).orderBy(asc(orgSigningKeys.id));
    const tokenKeys = rows.filter((r) => r.use === "token").map(({ use: _, ...row }) => row);
    const permitKeys = rows.filter((r) => r.use === "permit").map(({ use: _, retireAt: __, ...row }) => row);
    return rows.length > 0 ? { tokenKeys, permitKeys } : null;
  },
  async list(reader, orgId) {
    const state = await this.read(reader, orgId, orgId);
    return state ? [{ entityId: orgId, state }] : [];
  },
  async restore(tx, orgId, _entityId, state) {
    await tx.delete(orgSigningKeys).where(eq(orgSigningKeys.orgId, orgId));
    for (const row of state?.tokenKeys ?? []) await tx.insert(orgSigningKeys).values({ ...row, use: "token" });
    for (const row of state?.permitKeys ?? []) await tx.insert(orgSigningKeys).values({ ...row, use: "permit" });
  },
};
