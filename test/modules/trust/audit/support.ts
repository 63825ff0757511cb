/** Shortcuts for the audit suites: appending events, sealing an org, tampering with rows as an attacker would. */
import { asc, eq } from "drizzle-orm";
import { appendAudit, type AuditEventInput } from "../../../../src/platform/audit/append";
import { auditEvents } from "../../../../src/platform/audit/schema";
import { ensureOperatorMasterSeal } from "../../../../src/modules/trust/keys/master-seal";
import type { TestApp } from "../../../support/harness";

/** Appends `count` events of `type` (each in its own transaction) and returns their ids. */
export async function appendEvents(t: TestApp, orgId: string, count: number, event: Partial<AuditEventInput> = {}): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const { id } = await t.ctx.db.write((tx) =>
      appendAudit(tx, { orgId, type: "test.event", actor: { kind: "system" }, payload: { i }, at: t.clock.now(), ...event }),
    );
    ids.push(id);
  }
  return ids;
}

/** Gives the organization its Master Seal and signing key, as `signet admin bootstrap` does. */
export async function sealOrg(t: TestApp, orgId: string): Promise<void> {
  await ensureOperatorMasterSeal(t.ctx, orgId);
}

export async function eventsOf(t: TestApp, orgId: string) {
  return t.ctx.db.read.select().from(auditEvents).where(eq(auditEvents.orgId, orgId)).orderBy(asc(auditEvents.seq));
}

/** Raw SQL straight at the database, bypassing the application: what an attacker with database access does. */
export async function tamper(t: TestApp, statement: string): Promise<void> {
  await t.ctx.db.execRaw(statement);
}

export const q = (value: string) => `'${value.replaceAll("'", "''")}'`;
