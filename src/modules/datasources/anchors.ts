/**
 * Anchoring (docs/datasources.md "Sealed writes"): the head of each managed database's
 * write log is sealed into the organization's audit chain as
 * appgroup.datasource.writes_anchored {dataSourceId, name, seq, chainHash}, so a log
 * rewritten later, even with its hashes recomputed, no longer matches what the chain
 * holds. The segment since the last anchor is checked first; a log that does not verify
 * is not anchored (the job reports it and logs an error).
 */
import { and, eq, inArray } from "drizzle-orm";
import type { AppContext } from "../../context";
import { appendAudit } from "../../platform/audit/append";
import { auditEvent } from "../../platform/audit/catalog";
import { auditEvents } from "../../platform/audit/schema";
import type { Queryable } from "../../platform/db/database";
import { DATASOURCE_EVENTS } from "./events";
import { openManagedAdmin, type ManagedServer } from "./provider";
import { type DataSourceRow, dataSources } from "./schema";
import { checkChain, readLog, type Anchor } from "./write-log";

type Deps = Pick<AppContext, "db" | "clock" | "config" | "logger">;

/** Every head of this data source's log that the organization's audit chain holds, oldest first. */
export async function anchorsOf(reader: Queryable, row: Pick<DataSourceRow, "id" | "orgId">): Promise<Anchor[]> {
  const events = await reader
    .select({ seq: auditEvents.seq, payload: auditEvents.payload })
    .from(auditEvents)
    .where(and(eq(auditEvents.orgId, row.orgId), eq(auditEvents.type, DATASOURCE_EVENTS.writesAnchored.type)));
  return events
    .filter((e) => (e.payload as { dataSourceId?: string }).dataSourceId === row.id)
    .sort((a, b) => a.seq - b.seq)
    .map((e) => {
      const payload = e.payload as { seq: number; chainHash: string };
      return { seq: payload.seq, chainHash: payload.chainHash };
    });
}

/** Anchors one database's new head, if it has one and the log since the last anchor verifies. */
export async function anchorOne(deps: Deps, server: ManagedServer, row: DataSourceRow): Promise<"anchored" | "unchanged" | "broken"> {
  const sql = openManagedAdmin(server, row.database);
  let head: Anchor | null;
  try {
    const rows = await readLog(sql, row.anchoredSeq);
    const base: Anchor | undefined = row.anchoredSeq > 0 ? { seq: row.anchoredSeq, chainHash: row.anchoredHead! } : undefined;
    const problems = checkChain(rows, base);
    if (base && rows[0]?.seq !== base.seq) problems.push({ kind: "deleted", seq: base.seq, detail: `the anchored log row ${base.seq} is gone` });
    else if (base && rows[0]!.chainHash !== base.chainHash) problems.push({ kind: "anchor_mismatch", seq: base.seq, detail: "the anchored row was rewritten" });
    if (problems.length > 0) {
      deps.logger.error("managed database write log does not verify; not anchored", { dataSourceId: row.id, first: problems[0]!.detail, problems: problems.length });
      return "broken";
    }
    const last = rows.at(-1);
    head = last && last.seq > row.anchoredSeq ? { seq: last.seq, chainHash: last.chainHash } : null;
  } finally {
    await sql.end({ timeout: 5 }).catch(() => {});
  }
  if (!head) return "unchanged";
  const anchored = head;
  await deps.db.write(async (tx) => {
    const now = deps.clock.now();
    await tx.update(dataSources).set({ anchoredSeq: anchored.seq, anchoredHead: anchored.chainHash, anchoredAt: now }).where(eq(dataSources.id, row.id));
    await appendAudit(tx, {
      orgId: row.orgId,
      ...auditEvent(DATASOURCE_EVENTS.writesAnchored, { dataSourceId: row.id, name: row.name, seq: anchored.seq, chainHash: anchored.chainHash }),
      actor: { kind: "system" },
      appGroupId: row.appGroupId,
      at: now,
    });
  });
  return "anchored";
}

/** The anchoring job's run: every managed database that still exists on the provider. */
export async function anchorAll(deps: Deps): Promise<{ anchored: number; unchanged: number; broken: number; unreachable: number }> {
  const out = { anchored: 0, unchanged: 0, broken: 0, unreachable: 0 };
  const server = deps.config.managedDatabases;
  if (!server) return out;
  const rows = await deps.db.read
    .select()
    .from(dataSources)
    .where(and(eq(dataSources.isManaged, true), inArray(dataSources.status, ["active", "disconnected", "suspended"])));
  for (const row of rows) {
    try {
      out[await anchorOne(deps, server, row)]++;
    } catch (e) {
      out.unreachable++;
      deps.logger.warn("managed database write log not read", { dataSourceId: row.id, error: (e as Error).message });
    }
  }
  return out;
}
