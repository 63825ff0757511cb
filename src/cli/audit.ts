/**
 * `signet audit …`: the operator's view of an organization's audit chain, offline (no
 * server needed; it works beside a running one).
 *
 *   signet audit verify --org SLUG [--json]   whole chain; exit 0 intact, 1 broken
 *   signet audit checkpoint --org SLUG        sign a checkpoint of the head now
 *   signet audit hold --org SLUG --state on|off [--reason TEXT]
 *                                              legal hold: nothing of the org's history is purged
 *   signet audit retention --org SLUG --days N|plan
 *                                              a contract's retention window, or back to the plan's
 */
import { eq } from "drizzle-orm";
import type { Config } from "../config";
import { closeContext, type AppContext } from "../context";
import { organizations } from "../modules/orgs/schema";
import { verifyAndRecord, writeCheckpoint } from "../modules/trust/audit/chain";
import type { ChainProblem } from "../modules/trust/audit/verify";
import { setContractRetention, setLegalHold } from "../modules/trust/audit/retention";
import { parseOptions } from "./args";
import { openCliContext } from "./context";
import { FatalError, UsageError } from "./errors";

const USAGE =
  "usage: signet audit verify --org SLUG [--json] | checkpoint --org SLUG | hold --org SLUG --state on|off [--reason TEXT] | retention --org SLUG --days N|plan";
const MAX_CONTRACT_DAYS = 3650;

export async function auditCommand(config: Config, sub: string | undefined, args: string[]): Promise<number> {
  switch (sub) {
    case "verify": {
      const json = args.includes("--json");
      const slug = requiredOrg(parseOptions(args.filter((a) => a !== "--json"), ["org"]), "verify");
      return withOrg(config, slug, (ctx, orgId) => verify(ctx, orgId, json));
    }
    case "checkpoint": {
      const slug = requiredOrg(parseOptions(args, ["org"]), "checkpoint");
      return withOrg(config, slug, (ctx, orgId) => checkpoint(ctx, orgId));
    }
    case "hold": {
      const options = parseOptions(args, ["org", "state", "reason"]);
      const slug = requiredOrg(options, "hold");
      if (options.state !== "on" && options.state !== "off") throw new UsageError("audit hold needs --state on or --state off");
      const on = options.state === "on";
      return withOrg(config, slug, async (ctx, orgId) => {
        await setLegalHold(ctx, orgId, { on, reason: options.reason ?? null });
        process.stdout.write(JSON.stringify({ slug, legalHold: on, reason: on ? (options.reason ?? null) : null }) + "\n");
        return 0;
      });
    }
    case "retention": {
      const options = parseOptions(args, ["org", "days"]);
      const slug = requiredOrg(options, "retention");
      const days = parseContractDays(options.days);
      return withOrg(config, slug, async (ctx, orgId) => {
        await setContractRetention(ctx, orgId, days);
        process.stdout.write(JSON.stringify({ slug, contractRetentionDays: days }) + "\n");
        return 0;
      });
    }
    case undefined:
      throw new UsageError(USAGE);
    default:
      throw new UsageError(`unknown audit command "${sub}"; ${USAGE}`);
  }
}

function parseContractDays(value: string | undefined): number | null {
  if (value === "plan") return null;
  const days = Number(value);
  if (!value || !Number.isInteger(days) || days < 1 || days > MAX_CONTRACT_DAYS) {
    throw new UsageError(`audit retention needs --days 1..${MAX_CONTRACT_DAYS}, or --days plan to return to the plan's window`);
  }
  return days;
}

function requiredOrg(options: Record<string, string>, command: string): string {
  if (!options.org) throw new UsageError(`audit ${command} needs --org SLUG`);
  return options.org;
}

async function withOrg(config: Config, slug: string, fn: (ctx: AppContext, orgId: string) => Promise<number>): Promise<number> {
  const ctx = await openCliContext(config);
  try {
    const [org] = await ctx.db.read.select({ id: organizations.id }).from(organizations).where(eq(organizations.slug, slug.toLowerCase()));
    if (!org) throw new FatalError(`audit: no organization with the slug "${slug}" (--org)`);
    return await fn(ctx, org.id);
  } finally {
    await closeContext(ctx);
  }
}

function describe(p: ChainProblem): string {
  const where = p.logId ? ` (logId ${p.logId})` : p.checkpointId ? ` (checkpoint ${p.checkpointId})` : "";
  return `${p.reason} at seq ${p.seq}${where}`;
}

/**
 * Records between two full garbage collections in a whole-chain walk. The walk keeps no
 * record past its batch, but JSC promotes the rows alive at an eden collection to the old
 * generation, which only a full collection empties, and a one-shot walk of a long chain
 * rarely triggers one: its heap, and the process's RSS, then grow with the chain
 * (docs/performance.md, "signet audit verify"). A full collection this often keeps them flat
 * (about 200 MiB at 100,000 and at 1,000,000 records) for about 2 s of a million-record walk.
 */
const RECORDS_PER_FULL_GC = 50_000;

async function verify(ctx: AppContext, orgId: string, json: boolean): Promise<number> {
  let collectedAt = 0;
  const afterBatch = (examined: number) => {
    if (examined - collectedAt < RECORDS_PER_FULL_GC) return;
    collectedAt = examined;
    Bun.gc(true);
  };
  const { report, newViolations } = await verifyAndRecord(ctx, orgId, "cli", {}, { afterBatch });
  if (json) process.stdout.write(JSON.stringify({ ...report, newViolations: newViolations.length }) + "\n");
  else if (report.intact) {
    process.stdout.write(`intact: ${report.count} events, head seq ${report.headSeq ?? 0}, head hash ${report.headHash ?? "-"}, ${report.checkpoints.valid} signed checkpoints\n`);
  } else {
    process.stdout.write(`broken at seq ${report.firstBreak!.seq}: ${describe(report.firstBreak!)}; ${report.problemCount} problem(s) in ${report.count} events\n`);
    for (const p of report.problems.slice(1, 20)) process.stdout.write(`  also: ${describe(p)}\n`);
  }
  return report.intact ? 0 : 1;
}

async function checkpoint(ctx: AppContext, orgId: string): Promise<number> {
  const outcome = await writeCheckpoint(ctx, orgId);
  switch (outcome.status) {
    case "signed":
    case "up_to_date":
      process.stdout.write(JSON.stringify({ status: outcome.status, seq: outcome.checkpoint.seq, chainHash: outcome.checkpoint.chainHash, kid: outcome.checkpoint.kid }) + "\n");
      return 0;
    case "empty":
      throw new FatalError("audit checkpoint: the chain has no events yet");
    case "no_signing_key":
      throw new FatalError("audit checkpoint: the organization has no signing key yet (no Org Master Seal); its checkpoints wait");
    case "chain_broken":
      throw new FatalError(`audit checkpoint: the chain does not verify (${describe(outcome.problems[0]!)}); nothing signed`);
  }
}
