import { col, table } from "../db/kit";

/**
 * Audit events, appended in the transaction of the change they record. Each
 * organization has its own sequence; the sealed chain (hashes, checkpoints) builds on
 * these rows.
 */
export const auditEvents = table(
  "audit_events",
  {
    id: col.id(),
    orgId: col.text().notNull(),
    seq: col.bigint().notNull(),
    type: col.text().notNull(),
    actorKind: col.text().notNull(),
    actorId: col.text(),
    requestId: col.text(),
    payload: col.json<Record<string, unknown>>().notNull(),
    createdAt: col.time().notNull(),
  },
  [
    { name: "audit_events_org_seq_uq", on: ["orgId", "seq"], unique: true },
    { name: "audit_events_org_type_idx", on: ["orgId", "type"] },
  ],
);
