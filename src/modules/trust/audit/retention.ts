/**
 * History past the retention window (spec 2.12, 3.9, §8).
 *
 * Each day the job `audit.retention` looks at every organization:
 * - History older than the window and no cycle open: a cycle starts. It covers the
 *   history older than the window's start at that moment (`cycleCutoffAt`); the owner
 *   gets the first notice and the purge is scheduled 20 days later.
 * - 10 days after the first notice: the final notice. The purge is never less than 10
 *   days after it (a late job run pushes the purge back rather than skip a notice).
 * - At the scheduled time: a sealed tombstone (`audit.history.purged`) is appended and
 *   the covered history is permanently deleted, in one transaction. Organizations under
 *   legal hold are never purged, and no purge runs while the organization has open
 *   integrity violations (deleting would erase the evidence).
 * - Upgrading before the purge restores access: the purge only ever deletes history
 *   that is still outside the (new) window, and a cycle with nothing left to delete is
 *   cancelled.
 * The owner may purge expired history at once with a personal seal (purge-now).
 */
import { and, count, eq, gte, lt, lte, max, min, sql, type SQL } from "drizzle-orm";
import type { AppContext } from "../../../context";
import type { Tx } from "../../../platform/db/database";
import { toIso } from "../../../platform/clock";
import { appendAudit, type AuditActor } from "../../../platform/audit/append";
import { auditEvent } from "../../../platform/audit/catalog";
import { auditDayOf, recountDays } from "../../../platform/audit/day-counts";
import { TRUST_EVENTS } from "../events";
import { auditBaselines, auditEvents } from "../../../platform/audit/schema";
import { type Organization, orgById, orgIdsWhere, orgRecipientLanguage, ownerEmailOf, PLAN_KEYS } from "../../orgs/index";
import { auditRetentionMail, composeMail } from "../../messaging/index";
import { translator, type Language } from "../../../platform/languages";
import { verifyPersonalSeal } from "../../identity/index";
import { requireAuditOwner, userActorOf, type AuditCaller } from "./access";
import { writeCheckpoint, verifyAndRecord } from "./chain";
import { auditErrors } from "./errors";
import { scanAndRecord } from "./integrity";
import { auditRetentionStates, integrityViolations } from "./schema";
import { chainBase } from "./verify";
import { visibilityFor } from "./visibility";
import { DAY_MS, retentionStateOf, windowOf, type RetentionState, type RetentionWindow } from "./window";

export const RETENTION_POLICY = {
  /** Days from the first notice to the purge (spec §8 "20 days in total"). */
  graceDays: 20,
  noticeCount: 2,
  noticeIntervalDays: 10,
} as const;

export const PURGE_NOW_SEAL_PURPOSE = "audit.retention.purge_now";

const CLEARED_CYCLE = { cycleCutoffAt: null, firstNoticeAt: null, finalNoticeAt: null, purgeScheduledAt: null } as const;

async function oldestBefore(reader: AppContext["db"]["read"], orgId: string, instant: number): Promise<number | null> {
  const [row] = await reader
    .select({ at: min(auditEvents.createdAt) })
    .from(auditEvents)
    .where(and(eq(auditEvents.orgId, orgId), lt(auditEvents.createdAt, instant)));
  return row?.at ?? null;
}

async function saveState(tx: Tx, orgId: string, patch: Partial<Omit<RetentionState, "id">>, now: number): Promise<void> {
  const values = { ...patch, updatedAt: now };
  await tx
    .insert(auditRetentionStates)
    .values({ id: orgId, legalHold: false, ...values })
    .onConflictDoUpdate({ target: auditRetentionStates.id, set: values });
}

async function hasOpenViolations(reader: AppContext["db"]["read"], orgId: string): Promise<boolean> {
  const [open] = await reader
    .select({ id: integrityViolations.id })
    .from(integrityViolations)
    .where(and(eq(integrityViolations.orgId, orgId), eq(integrityViolations.status, "open")))
    .limit(1);
  return !!open;
}

export interface PurgeResult {
  count: number;
  fromSeq: number;
  throughSeq: number;
  cutoffAt: number;
  tombstoneLogId: string;
}

/**
 * Deletes the chain's oldest records, those before `cutoff`, behind a sealed tombstone.
 * Only a prefix of the chain is ever deleted (records up to the first one at or after
 * the cutoff), so the chain stays verifiable from the tombstone. Baselines set by the
 * deleted records are sealed again by the tombstone. Returns null when nothing is due.
 */
export async function purgeBefore(tx: Tx, orgId: string, cutoff: number, input: { reason: "retention" | "purge_now"; actor: AuditActor; requestId?: string | null; at: number }): Promise<PurgeResult | null> {
  await tx.lock(`audit:${orgId}`);
  const base = await chainBase(tx, orgId);
  const [keep] = await tx
    .select({ seq: min(auditEvents.seq) })
    .from(auditEvents)
    .where(and(eq(auditEvents.orgId, orgId), gte(auditEvents.createdAt, cutoff)));
  const doomedRows = keep?.seq != null ? and(eq(auditEvents.orgId, orgId), lt(auditEvents.seq, keep.seq)) : eq(auditEvents.orgId, orgId);
  const [span] = await tx
    .select({ count: count(), throughSeq: max(auditEvents.seq), oldestAt: min(auditEvents.createdAt), newestAt: max(auditEvents.createdAt) })
    .from(auditEvents)
    .where(doomedRows);
  if (!span || span.count === 0 || span.throughSeq === null) return null;
  const [last] = await tx.select({ seq: auditEvents.seq, chainHash: auditEvents.chainHash }).from(auditEvents).where(and(eq(auditEvents.orgId, orgId), eq(auditEvents.seq, span.throughSeq)));
  const resealed = await tx
    .select()
    .from(auditBaselines)
    .where(and(eq(auditBaselines.orgId, orgId), lte(auditBaselines.eventSeq, last!.seq)));
  const tombstone = await appendAudit(tx, {
    orgId,
    ...auditEvent(TRUST_EVENTS.historyPurged, {
      fromSeq: base.seq + 1,
      throughSeq: last!.seq,
      count: span.count,
      throughChainHash: last!.chainHash,
      oldestAt: toIso(span.oldestAt!),
      newestAt: toIso(span.newestAt!),
      cutoffAt: toIso(cutoff),
      reason: input.reason,
    }),
    actor: input.actor,
    baselines: resealed.map((b) => ({ entityType: b.entityType, entityId: b.entityId, state: b.state })),
    requestId: input.requestId,
    at: input.at,
  });
  await tx.delete(auditEvents).where(and(eq(auditEvents.orgId, orgId), lte(auditEvents.seq, last!.seq)));
  // The per-day counts of the purged days go with their events; the last purged day may keep some.
  await recountDays(tx, orgId, auditDayOf(span.oldestAt!), auditDayOf(span.newestAt!));
  return { count: span.count, fromSeq: base.seq + 1, throughSeq: last!.seq, cutoffAt: cutoff, tombstoneLogId: tombstone.id };
}

function noticeText(org: Organization, window: RetentionWindow, notice: 1 | 2, cutoffAt: number, purgeAt: number, language: Language): { subject: string; text: string } {
  const values = {
    org: org.name,
    slug: org.slug,
    date: toIso(purgeAt).slice(0, 10),
    cutoffAt: toIso(cutoffAt),
    days: String(window.retentionDays),
    purgeAt: toIso(purgeAt),
    notice,
    count: RETENTION_POLICY.noticeCount,
  };
  const mail = composeMail(auditRetentionMail, language, values);
  return notice === 2 ? { ...mail, subject: translator(auditRetentionMail, language)("subjectFinal", values) } : mail;
}

export type RetentionStep = "unlimited" | "nothing_expired" | "notice_1" | "notice_2" | "waiting" | "held" | "integrity_hold" | "cancelled" | "purged";

/** One organization's daily retention step (idempotent within a day). */
export async function retentionStep(deps: Pick<AppContext, "db" | "clock" | "mail" | "secrets" | "logger">, org: Organization): Promise<RetentionStep> {
  const now = deps.clock.now();
  const state = await retentionStateOf(deps.db.read, org.id);
  const window = windowOf(org, state, now);
  const cycleOpen = state?.firstNoticeAt != null;
  const system: AuditActor = { kind: "system" };
  const expiredOldest = window.windowStart === null ? null : await oldestBefore(deps.db.read, org.id, Math.min(window.windowStart, state?.cycleCutoffAt ?? window.windowStart));

  if (cycleOpen && expiredOldest === null) {
    await deps.db.write(async (tx) => {
      await saveState(tx, org.id, CLEARED_CYCLE, now);
      await appendAudit(tx, { ...auditEvent(TRUST_EVENTS.retentionCycleCancelled, { reason: "nothing_outside_window", retentionDays: window.retentionDays }), orgId: org.id, actor: system, at: now });
    });
    return "cancelled";
  }
  if (window.windowStart === null) return "unlimited";
  if (expiredOldest === null) return "nothing_expired";

  if (!cycleOpen) {
    const purgeAt = now + RETENTION_POLICY.graceDays * DAY_MS;
    await deps.db.write(async (tx) => {
      await saveState(tx, org.id, { cycleCutoffAt: window.windowStart, firstNoticeAt: now, finalNoticeAt: null, purgeScheduledAt: purgeAt }, now);
      await appendAudit(tx, { ...auditEvent(TRUST_EVENTS.retentionNoticeSent, { notice: 1, cutoffAt: toIso(window.windowStart!), purgeScheduledAt: toIso(purgeAt) }), orgId: org.id, actor: system, at: now });
    });
    await sendNotice(deps, org, window, 1, window.windowStart, purgeAt);
    return "notice_1";
  }

  const s = state!;
  if (s.finalNoticeAt === null) {
    if (now < s.firstNoticeAt! + RETENTION_POLICY.noticeIntervalDays * DAY_MS) return "waiting";
    const purgeAt = Math.max(s.purgeScheduledAt!, now + RETENTION_POLICY.noticeIntervalDays * DAY_MS);
    await deps.db.write(async (tx) => {
      await saveState(tx, org.id, { finalNoticeAt: now, purgeScheduledAt: purgeAt }, now);
      await appendAudit(tx, { ...auditEvent(TRUST_EVENTS.retentionNoticeSent, { notice: 2, cutoffAt: toIso(s.cycleCutoffAt!), purgeScheduledAt: toIso(purgeAt) }), orgId: org.id, actor: system, at: now });
    });
    await sendNotice(deps, org, window, 2, s.cycleCutoffAt!, purgeAt);
    return "notice_2";
  }
  if (now < s.purgeScheduledAt!) return "waiting";
  if (s.legalHold) return "held";
  if (!(await integrityAllowsPurge(deps, org.id))) return "integrity_hold";

  // Only what is still outside the window: an upgrade since the notices keeps the rest.
  const cutoff = Math.min(s.cycleCutoffAt!, window.windowStart);
  const purged = await deps.db.write(async (tx) => {
    const result = await purgeBefore(tx, org.id, cutoff, { reason: "retention", actor: system, at: now });
    await saveState(tx, org.id, { ...CLEARED_CYCLE, lastPurgedAt: now, ...(result ? { purgedThroughSeq: result.throughSeq } : {}) }, now);
    return result;
  });
  if (purged) await writeCheckpoint(deps, org.id);
  return purged ? "purged" : "cancelled";
}

/** Verifies the chain and the sealed records first; any open violation keeps the history. */
async function integrityAllowsPurge(deps: Pick<AppContext, "db" | "clock">, orgId: string): Promise<boolean> {
  await verifyAndRecord(deps, orgId, "retention");
  await scanAndRecord(deps, orgId, "retention");
  return !(await hasOpenViolations(deps.db.read, orgId));
}

async function sendNotice(deps: Pick<AppContext, "db" | "mail" | "logger">, org: Organization, window: RetentionWindow, notice: 1 | 2, cutoffAt: number, purgeAt: number): Promise<void> {
  const to = await ownerEmailOf(deps.db.read, org);
  if (!to) return;
  try {
    await deps.mail.send({ to, ...noticeText(org, window, notice, cutoffAt, purgeAt, await orgRecipientLanguage(deps.db.read, org.id, to)) });
  } catch (e) {
    // The notice is recorded in the chain and the outbox; a refused send does not stop the clock.
    deps.logger.warn("audit retention notice not delivered", { orgId: org.id, notice, error: (e as Error).message });
  }
}

/**
 * The organizations a retention run must visit: those with a cycle open (a notice to send,
 * a purge to make, or a cycle to cancel) and those whose oldest event is older than their
 * window's start now. Every other organization's step would answer "unlimited" or
 * "nothing_expired" and change nothing. The window is the one windowOf gives (the plan's,
 * unless a contract sets it) written in SQL, and read from the plan as it is at the run, so
 * a downgrade that shortens the window makes the organization due at the next run. One
 * query: per organization, an index lookup of its oldest event on (org_id, created_at).
 */
export async function orgsDueForRetention(reader: AppContext["db"]["read"], now: number): Promise<string[]> {
  const at = (instant: number | null) => (instant === null ? sql`null` : sql`cast(${instant} as bigint)`);
  return orgIdsWhere(reader, (org) => {
    const state = (column: SQL) => sql`(select ${column} from ${auditRetentionStates} where ${auditRetentionStates.id} = ${org.id})`;
    // planOf reads an unknown plan as Free, and so does the else branch.
    const planStart = sql.join(
      PLAN_KEYS.map((key) => sql` when ${key} then ${at(windowOf({ plan: key }, null, now).windowStart)}`),
      sql``,
    );
    const contractStart = sql`cast(${now} as bigint) - cast(${state(sql`${auditRetentionStates.contractRetentionDays}`)} as bigint) * ${DAY_MS}`;
    const windowStart = sql`coalesce(${contractStart}, case ${org.plan}${planStart} else ${at(windowOf({ plan: "free" }, null, now).windowStart)} end)`;
    const oldest = sql`(select min(${auditEvents.createdAt}) from ${auditEvents} where ${auditEvents.orgId} = ${org.id})`;
    return sql`(${state(sql`${auditRetentionStates.firstNoticeAt}`)} is not null or ${oldest} < ${windowStart})`;
  });
}

export async function runRetention(deps: Pick<AppContext, "db" | "clock" | "mail" | "secrets" | "logger">, orgId: string): Promise<RetentionStep> {
  const org = await orgById(deps.db.read, orgId);
  return org ? retentionStep(deps, org) : "nothing_expired";
}

/** GET /audit/retention: every field of spec 2.12, plus legalHold and lastPurgedAt. */
export async function retentionView(deps: Pick<AppContext, "db" | "clock">, caller: AuditCaller) {
  visibilityFor(caller.actor, caller.org, "mine");
  const now = deps.clock.now();
  const state = await retentionStateOf(deps.db.read, caller.org.id);
  const window = windowOf(caller.org, state, now);
  const expired = window.windowStart === null ? null : await oldestBefore(deps.db.read, caller.org.id, window.windowStart);
  const legalHold = state?.legalHold ?? false;
  const purgeUnlocked = expired !== null && !legalHold;
  const iso = (ms: number | null | undefined) => (ms == null ? null : toIso(ms));
  return {
    planKey: window.planKey,
    retentionDays: window.retentionDays,
    unlimited: window.retentionDays === null,
    windowStartUtc: iso(window.windowStart),
    isContractOverride: window.isContractOverride,
    graceDays: RETENTION_POLICY.graceDays,
    noticeCount: state?.firstNoticeAt == null ? 0 : state.finalNoticeAt == null ? 1 : 2,
    noticeCountPolicy: RETENTION_POLICY.noticeCount,
    noticeIntervalDays: RETENTION_POLICY.noticeIntervalDays,
    firstNoticeAt: iso(state?.firstNoticeAt),
    finalNoticeAt: iso(state?.finalNoticeAt),
    purgeScheduledAt: iso(state?.purgeScheduledAt),
    purgeUnlocked,
    canPurgeNow: purgeUnlocked && caller.actor.isOwner,
    legalHold,
    oldestExpiredAt: iso(expired),
    lastPurgedAt: iso(state?.lastPurgedAt),
  };
}

/**
 * POST /audit/retention/purge-now: the owner deletes every record past the window now,
 * with a personal seal (purpose audit.retention.purge_now, subject the org slug).
 */
export async function purgeNow(deps: Pick<AppContext, "db" | "clock" | "config" | "secrets">, caller: AuditCaller, assertion: unknown): Promise<PurgeResult> {
  requireAuditOwner(caller.actor);
  const now = deps.clock.now();
  const state = await retentionStateOf(deps.db.read, caller.org.id);
  if (state?.legalHold) throw auditErrors.error("legalHold", { message: "the organization is under legal hold; nothing is purged" });
  const window = windowOf(caller.org, state, now);
  if (window.windowStart === null || (await oldestBefore(deps.db.read, caller.org.id, window.windowStart)) === null) {
    throw auditErrors.error("nothingToPurge", { message: "no audit history is past the retention window" });
  }
  if (!(await integrityAllowsPurge(deps, caller.org.id))) {
    throw auditErrors.error("integrityViolationsOpen", { message: "restore or resolve the open integrity violations first; purging would erase their evidence" });
  }
  const result = await deps.db.write(async (tx) => {
    await verifyPersonalSeal(tx, deps, { userId: caller.actor.userId, purpose: PURGE_NOW_SEAL_PURPOSE, subject: caller.org.slug, assertion });
    const purged = await purgeBefore(tx, caller.org.id, window.windowStart!, { reason: "purge_now", actor: userActorOf(caller), requestId: caller.requestId, at: now });
    if (!purged) throw auditErrors.error("nothingToPurge", { message: "no audit history is past the retention window" });
    await saveState(tx, caller.org.id, { ...CLEARED_CYCLE, lastPurgedAt: now, purgedThroughSeq: purged.throughSeq }, now);
    return purged;
  });
  await writeCheckpoint(deps, caller.org.id);
  return result;
}

/** The operator's legal hold (`signet audit hold`): while on, nothing is purged. */
export async function setLegalHold(deps: Pick<AppContext, "db" | "clock">, orgId: string, input: { on: boolean; reason: string | null }): Promise<void> {
  const now = deps.clock.now();
  await deps.db.write(async (tx) => {
    await saveState(tx, orgId, { legalHold: input.on, legalHoldReason: input.on ? input.reason : null }, now);
    await appendAudit(tx, { ...auditEvent(TRUST_EVENTS.retentionLegalHoldSet, { on: input.on, reason: input.reason }), orgId, actor: { kind: "operator" }, at: now });
  });
}

/** The operator's contract override of the retention window (`signet audit retention`); null returns to the plan's. */
export async function setContractRetention(deps: Pick<AppContext, "db" | "clock">, orgId: string, days: number | null): Promise<void> {
  const now = deps.clock.now();
  await deps.db.write(async (tx) => {
    await saveState(tx, orgId, { contractRetentionDays: days }, now);
    await appendAudit(tx, { ...auditEvent(TRUST_EVENTS.retentionContractSet, { retentionDays: days }), orgId, actor: { kind: "operator" }, at: now });
  });
}
