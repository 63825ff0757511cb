/**
 * The one way to record an audit event: inside the caller's transaction, so the event
 * exists if and only if the change does. Sequence numbers are per organization and
 * gap-free; the per-org lock keeps parallel writers from forking the sequence.
 */
import { desc, eq } from "drizzle-orm";
import type { Tx } from "../db/database";
import { newId } from "../ids";
import { auditEvents } from "./schema";

export interface AuditActor {
  kind: "user" | "api_key" | "m2m" | "system" | "operator";
  id?: string | null;
}

export interface AuditEventInput {
  orgId: string;
  type: string;
  actor: AuditActor;
  payload?: Record<string, unknown>;
  requestId?: string | null;
  at: number;
}

export async function appendAudit(tx: Tx, event: AuditEventInput): Promise<{ id: string; seq: number }> {
  await tx.lock(`audit:${event.orgId}`);
  const [last] = await tx
    .select({ seq: auditEvents.seq })
    .from(auditEvents)
    .where(eq(auditEvents.orgId, event.orgId))
    .orderBy(desc(auditEvents.seq))
    .limit(1);
  const seq = (last?.seq ?? 0) + 1;
  const id = newId();
  await tx.insert(auditEvents).values({
    id,
    orgId: event.orgId,
    seq,
    type: event.type,
    actorKind: event.actor.kind,
    actorId: event.actor.id ?? null,
    requestId: event.requestId ?? null,
    payload: event.payload ?? {},
    createdAt: event.at,
  });
  return { id, seq };
}
