/**
 * `signet datasource verify --id DATA_SOURCE_ID [--json]`: the operator's check of a
 * managed database's sealed write log (docs/datasources.md "Sealed writes"). It reads
 * the log as the operator's account, recomputes the hash chain, compares it with the
 * heads anchored in the organization's audit chain, and compares every user table with
 * what the log says it holds. Exit 0 intact, 1 when anything is wrong.
 */
import { eq } from "drizzle-orm";
import type { Config } from "../config";
import { closeContext } from "../context";
import { anchorsOf } from "../modules/datasources/anchors";
import { openManagedAdmin } from "../modules/datasources/provider";
import { dataSources } from "../modules/datasources/schema";
import { verifyWriteLog, type Problem } from "../modules/datasources/write-log";
import { parseOptions } from "./args";
import { openCliContext } from "./context";
import { FatalError, UsageError } from "./errors";

const USAGE = "usage: signet datasource verify --id DATA_SOURCE_ID [--json]";

export async function datasourceCommand(config: Config, sub: string | undefined, args: string[]): Promise<number> {
  if (sub !== "verify") throw new UsageError(sub === undefined ? USAGE : `unknown datasource command "${sub}"; ${USAGE}`);
  const json = args.includes("--json");
  const options = parseOptions(args.filter((a) => a !== "--json"), ["id"]);
  if (!options.id) throw new UsageError(`datasource verify needs --id; ${USAGE}`);
  if (!config.managedDatabases) throw new FatalError("datasource verify: no managed database server is configured (SIGNET_MANAGED_DB_URL)");
  const ctx = await openCliContext(config);
  try {
    const [row] = await ctx.db.read.select().from(dataSources).where(eq(dataSources.id, options.id));
    if (!row) throw new FatalError(`datasource verify: no data source with the id "${options.id}"`);
    if (!row.isManaged) throw new FatalError("datasource verify: only managed databases have a write log");
    if (row.status === "deleted") throw new FatalError("datasource verify: the managed database was deleted");
    const anchors = await anchorsOf(ctx.db.read, row);
    const sql = openManagedAdmin(config.managedDatabases, row.database);
    try {
      const report = await verifyWriteLog(sql, anchors);
      if (json) process.stdout.write(JSON.stringify({ dataSourceId: row.id, name: row.name, ...report }) + "\n");
      else if (report.intact) {
        process.stdout.write(`intact: ${report.rows} log rows, head seq ${report.head?.seq ?? 0}, ${report.anchors} anchors in the audit chain agree, every table matches the log\n`);
      } else {
        process.stdout.write(`broken: ${report.problems.length} problem(s) in ${report.rows} log rows\n`);
        for (const p of report.problems.slice(0, 50)) process.stdout.write(`  ${describe(p)}\n`);
      }
      return report.intact ? 0 : 1;
    } catch (e) {
      throw new FatalError(`datasource verify: the managed database could not be read (${(e as Error).message})`);
    } finally {
      await sql.end({ timeout: 5 }).catch(() => {});
    }
  } finally {
    await closeContext(ctx);
  }
}

function describe(p: Problem): string {
  return `${p.kind}${p.seq !== undefined ? ` at seq ${p.seq}` : ""}${p.table ? ` in ${p.table}` : ""}${p.pk ? ` key ${p.pk}` : ""}: ${p.detail}`;
}
