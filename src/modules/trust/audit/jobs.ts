/** The audit chain's scheduled jobs (docs/audit.md). */
import type { AppContext } from "../../../context";
import type { JobDefinition } from "../../../platform/jobs/scheduler";
import { allOrgIds } from "../../orgs/index";
import { verifyAndRecord, writeCheckpoint } from "./chain";
import { scanAndRecord } from "./integrity";
import { orgsDueForRetention, runRetention } from "./retention";

async function orgIds(ctx: Pick<AppContext, "db">): Promise<string[]> {
  return allOrgIds(ctx.db.read);
}

/**
 * Runs `work` for every organization (or those `which` names); one organization's failure is logged and does not
 * stop the others, and the run fails at the end so it shows in `signet jobs list`.
 */
async function forEachOrg<T extends string>(ctx: Pick<AppContext, "db" | "logger">, job: string, work: (orgId: string) => Promise<T>, which: () => Promise<string[]> = () => orgIds(ctx)) {
  const tally: Record<string, number> = {};
  const failed: string[] = [];
  for (const orgId of await which()) {
    try {
      const outcome = await work(orgId);
      tally[outcome] = (tally[outcome] ?? 0) + 1;
    } catch (e) {
      failed.push(orgId);
      ctx.logger.error(`${job} failed for an organization`, { orgId, error: (e as Error).message, stack: (e as Error).stack });
    }
  }
  if (failed.length > 0) throw new Error(`${job}: ${failed.length} organization(s) failed: ${failed.join(", ")}`);
  return tally;
}

export function checkpointJob(ctx: AppContext): JobDefinition {
  return {
    name: "audit.checkpoint",
    schedule: "7 * * * *",
    description: "Signs a checkpoint of every organization's audit chain (hourly)",
    // Idempotent: an organization whose latest checkpoint covers its head is left alone.
    run: () => forEachOrg(ctx, "audit.checkpoint", async (orgId) => (await writeCheckpoint(ctx, orgId)).status),
  };
}

export function verifyJob(ctx: AppContext): JobDefinition {
  return {
    name: "audit.verify",
    schedule: "41 2 * * *",
    description: "Verifies every organization's audit chain and sealed records, recording integrity violations (daily)",
    run: () =>
      forEachOrg(ctx, "audit.verify", async (orgId) => {
        const { report } = await verifyAndRecord(ctx, orgId, "verify_job");
        const scan = await scanAndRecord(ctx, orgId, "verify_job");
        return report.intact && scan.findings.length === 0 ? "intact" : "violations";
      }),
  };
}

export function retentionJob(ctx: AppContext): JobDefinition {
  return {
    name: "audit.retention",
    schedule: "17 4 * * *",
    description: "Notices, tombstones and purges of audit history past each organization's retention window (daily)",
    // Idempotent: each step reads the stored cycle, so a retried slot does not notify or purge twice.
    // Only the organizations with something due are visited: the run costs what is due, not
    // how many organizations there are.
    run: () => forEachOrg(ctx, "audit.retention", (orgId) => runRetention(ctx, orgId), () => orgsDueForRetention(ctx.db.read, ctx.clock.now())),
  };
}

