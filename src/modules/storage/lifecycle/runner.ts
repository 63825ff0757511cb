/**
 * The lifecycle job (spec 2.4, §8: every 12 hours): applies each enabled rule its plan
 * still allows to the organization's live files nobody opened for `unaccessedDays`
 * (lastAccessedAt: upload, download or share view), then records lastRunAt,
 * lastRunCount and lastRunBytes on the rule.
 *
 * - transition_ia: the object moves to the infrequent-access class (S3 STANDARD_IA; on
 *   disk the class is only recorded) and files.storageClass follows. The store is asked
 *   first, outside any transaction; a file whose move failed stays `standard` and is
 *   tried again next run.
 * - trash: the files go to the trash exactly as a person's DELETE would (the files
 *   module's trashFileRow: trashedAt, restorableUntil by plan, org.file.trashed). Files
 *   attached to a sealed approval document are never touched.
 *
 * Idempotent: a retried run finds the files it already moved no longer eligible. Each
 * rule handles at most RUN_BATCH files per run; the rest wait for the next run.
 */
import { and, asc, eq, gte, inArray, isNull, lt, lte, type SQL } from "drizzle-orm";
import type { AppContext } from "../../../context";
import { appendAudit, type AuditActor } from "../../../platform/audit/append";
import { auditEvent } from "../../../platform/audit/catalog";
import { STORAGE_EVENTS } from "../events";
import type { JobDefinition } from "../../../platform/jobs/scheduler";
import { files, lifecycleRules } from "../files/schema";
import { trashFileRow, type FileRow } from "../files/service";
import { type Organization, orgById } from "../../orgs/index";
import { planAllowance, type LifecycleRule } from "./service";

const DAY_MS = 24 * 60 * 60 * 1000;
export const RUN_BATCH = 500;
export const LIFECYCLE_JOB = "storage.lifecycle";

const JOB_ACTOR: AuditActor = { kind: "system", id: LIFECYCLE_JOB };

type Deps = Pick<AppContext, "db" | "clock" | "blobs" | "logger">;

export interface LifecycleRunSummary {
  rules: number;
  files: number;
  bytes: number;
}

export function lifecycleJob(ctx: Deps): JobDefinition {
  return {
    name: LIFECYCLE_JOB,
    schedule: "41 */12 * * *",
    description: "Applies storage lifecycle rules: unaccessed files to infrequent access or to the trash",
    async run() {
      ctx.logger.info("lifecycle rules ran", { ...(await runLifecycleRules(ctx)) });
    },
  };
}

/** A rule's scope as a condition on files.scope: exact, or every scope under a `prefix:`. */
function scopeCondition(scope: string | null): SQL | undefined {
  if (scope === null) return undefined;
  if (!scope.endsWith(":")) return eq(files.scope, scope);
  // ';' follows ':' in every collation we meet (ASCII), so this range is the prefix, with no LIKE escaping.
  return and(gte(files.scope, scope), lt(files.scope, `${scope.slice(0, -1)};`));
}

async function candidates(deps: Deps, rule: LifecycleRule, now: number): Promise<FileRow[]> {
  return deps.db.read
    .select()
    .from(files)
    .where(
      and(
        eq(files.orgId, rule.orgId),
        isNull(files.trashedAt),
        lte(files.lastAccessedAt, now - rule.unaccessedDays * DAY_MS),
        rule.action === "transition_ia" ? eq(files.storageClass, "standard") : isNull(files.sealedAt),
        scopeCondition(rule.scope),
      ),
    )
    .orderBy(asc(files.lastAccessedAt), asc(files.id))
    .limit(RUN_BATCH);
}

/** Moves each object at the store first; returns the files whose move succeeded. */
async function moveToInfrequentAccess(deps: Deps, found: FileRow[]): Promise<FileRow[]> {
  const moved: FileRow[] = [];
  for (const file of found) {
    try {
      await deps.blobs.setStorageClass(file.storageKey, "infrequent");
      moved.push(file);
    } catch (error) {
      deps.logger.warn("lifecycle: storage class change failed; retried next run", { fileId: file.id, error: String(error) });
    }
  }
  return moved;
}

async function applyRule(deps: Deps, org: Organization, rule: LifecycleRule, now: number): Promise<{ count: number; bytes: number }> {
  const found = await candidates(deps, rule, now);
  const moved = rule.action === "transition_ia" ? await moveToInfrequentAccess(deps, found) : found;
  return deps.db.write(async (tx) => {
    const applied: FileRow[] = [];
    if (rule.action === "transition_ia" && moved.length > 0) {
      const ids = moved.map((f) => f.id);
      const updated = await tx
        .update(files)
        .set({ storageClass: "infrequent", storageClassChangedAt: now })
        .where(and(inArray(files.id, ids), eq(files.storageClass, "standard")))
        .returning({ id: files.id });
      const done = new Set(updated.map((u) => u.id));
      applied.push(...moved.filter((f) => done.has(f.id)));
    } else if (rule.action === "trash" && moved.length > 0) {
      // Re-read under the write: a file trashed, opened or sealed since the selection stays put.
      const still = await tx
        .select()
        .from(files)
        .where(and(inArray(files.id, moved.map((f) => f.id)), isNull(files.trashedAt), isNull(files.sealedAt), lte(files.lastAccessedAt, now - rule.unaccessedDays * DAY_MS)));
      for (const file of still) {
        await trashFileRow(tx, org, file, { actor: JOB_ACTOR, userId: null, reason: "lifecycle", at: now });
        applied.push(file);
      }
    }
    const bytes = applied.reduce((sum, f) => sum + f.sizeBytes, 0);
    await tx.update(lifecycleRules).set({ lastRunAt: now, lastRunCount: applied.length, lastRunBytes: bytes }).where(eq(lifecycleRules.id, rule.id));
    if (applied.length > 0) {
      await appendAudit(tx, {
        ...auditEvent(STORAGE_EVENTS.lifecycleRuleRan, { ruleId: rule.id, action: rule.action, count: applied.length, bytes, fileIds: applied.map((f) => f.id) }),
        orgId: rule.orgId,
        actor: JOB_ACTOR,
        at: now,
      });
    }
    return { count: applied.length, bytes };
  });
}

/** Runs every organization's enabled, plan-allowed rules once. */
export async function runLifecycleRules(deps: Deps): Promise<LifecycleRunSummary> {
  const now = deps.clock.now();
  const rules = await deps.db.read.select().from(lifecycleRules).orderBy(asc(lifecycleRules.orgId), asc(lifecycleRules.createdAt));
  const byOrg = new Map<string, { org: Organization; rules: LifecycleRule[] }>();
  for (const rule of rules) {
    let entry = byOrg.get(rule.orgId);
    if (!entry) {
      const org = await orgById(deps.db.read, rule.orgId);
      if (!org) continue;
      entry = { org, rules: [] };
      byOrg.set(rule.orgId, entry);
    }
    entry.rules.push(rule);
  }
  const summary: LifecycleRunSummary = { rules: 0, files: 0, bytes: 0 };
  for (const { org, rules } of byOrg.values()) {
    const allowance = planAllowance(org, rules);
    for (const rule of rules) {
      if (!rule.enabled || !allowance.get(rule.id)) continue;
      const result = await applyRule(deps, org, rule, now);
      summary.rules++;
      summary.files += result.count;
      summary.bytes += result.bytes;
    }
  }
  return summary;
}
