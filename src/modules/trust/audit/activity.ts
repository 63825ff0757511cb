/**
 * Member sessions (GET /audit/sessions) and active time (POST /audit/heartbeat).
 *
 * Heartbeats are not audit events (spec §6: individual behavior events are not
 * sealed): they add up to active seconds per member and UTC day. A beat credits the
 * time since the member's previous beat that day, at most HEARTBEAT.maxCreditSeconds,
 * and nothing after a gap longer than HEARTBEAT.gapSeconds (a new spell of activity)
 * or when the page is not focused.
 */
import { and, eq } from "drizzle-orm";
import type { AppContext } from "../../../context";
import { toIso } from "../../../platform/clock";
import { sha256Hex } from "../../../platform/crypto/hash";
import { newId } from "../../../platform/ids";
import { liveSessions } from "../../identity/index";
import { memberUserIds } from "../../orgs/index";
import { isOwnerOrAdmin, type AuditCaller } from "./access";
import { auditErrors } from "./errors";
import { auditActiveTime } from "./schema";

export const HEARTBEAT = { maxCreditSeconds: 60, gapSeconds: 120 } as const;
const SESSIONS_MAX = 500;

const dayOf = (ms: number) => toIso(ms).slice(0, 10);

/**
 * Live dashboard sessions: the caller's own (scope=mine), or every member's (scope=all,
 * the Owner or an Admin; 403 admin_required otherwise), newest first, with each
 * member's active time today.
 */
export async function memberSessions(deps: Pick<AppContext, "db" | "clock">, caller: AuditCaller, input: { scope?: "mine" | "all"; sessionToken: string }) {
  const scope = input.scope ?? "mine";
  if (scope === "all" && !isOwnerOrAdmin(caller.actor)) throw auditErrors.error("adminRequired", { message: "only the owner or an admin sees every member's sessions" });
  const now = deps.clock.now();
  const who = scope === "all" ? memberUserIds(deps.db.read, caller.org.id) : caller.actor.userId;
  const rows = await liveSessions(deps.db.read, who, now, SESSIONS_MAX);
  const active = await deps.db.read
    .select()
    .from(auditActiveTime)
    .where(and(eq(auditActiveTime.orgId, caller.org.id), eq(auditActiveTime.day, dayOf(now))));
  const activeByUser = new Map(active.map((a) => [a.userId, a]));
  const current = sha256Hex(input.sessionToken);
  return rows.map(({ session, email }) => {
    const today = activeByUser.get(session.userId);
    return {
      userId: session.userId,
      email,
      createdAt: toIso(session.createdAt),
      expiresAt: toIso(session.expiresAt),
      ip: session.ip,
      userAgent: session.userAgent,
      current: session.id === current,
      activeSecondsToday: today?.activeSeconds ?? 0,
      lastActiveAt: today ? toIso(today.lastBeatAt) : null,
    };
  });
}

/** POST /audit/heartbeat: credits the caller's active time in the organization today. */
export async function heartbeat(deps: Pick<AppContext, "db" | "clock">, caller: AuditCaller, input: { focused?: boolean }) {
  const now = deps.clock.now();
  const day = dayOf(now);
  const focused = input.focused ?? true;
  return deps.db.write(async (tx) => {
    const key = and(eq(auditActiveTime.orgId, caller.org.id), eq(auditActiveTime.userId, caller.actor.userId), eq(auditActiveTime.day, day));
    await tx.lock(`heartbeat:${caller.org.id}:${caller.actor.userId}`);
    const [row] = await tx.select().from(auditActiveTime).where(key);
    const gap = row ? Math.max(0, Math.floor((now - row.lastBeatAt) / 1000)) : Infinity;
    const credit = focused && gap <= HEARTBEAT.gapSeconds ? Math.min(gap, HEARTBEAT.maxCreditSeconds) : 0;
    if (row) {
      await tx.update(auditActiveTime).set({ activeSeconds: row.activeSeconds + credit, beats: row.beats + 1, lastBeatAt: now }).where(key);
    } else {
      await tx.insert(auditActiveTime).values({ id: newId(), orgId: caller.org.id, userId: caller.actor.userId, day, activeSeconds: 0, beats: 1, lastBeatAt: now });
    }
    return { day, activeSeconds: (row?.activeSeconds ?? 0) + credit, beats: (row?.beats ?? 0) + 1, creditedSeconds: credit };
  });
}
