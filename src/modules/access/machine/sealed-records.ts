/** API keys as sealed records (docs/audit.md §Integrity): a key edited in the database is found by the scan. */
import { payloadId, rowRecordType } from "../../../platform/audit/sealed-records";
import { apiKeys } from "./schema";

export const apiKeyRecords = rowRecordType<typeof apiKeys.$inferSelect>({
  entityType: "api_key",
  description: "An org API key: its scopes, ceiling, binding and revocation (the secret only as its SHA-256). entityId: the key id.",
  events: { "org.api_key.created": payloadId("keyId"), "org.api_key.revoked": payloadId("keyId") },
  table: apiKeys,
  idColumn: apiKeys.id,
  idOf: (r) => r.id,
});
