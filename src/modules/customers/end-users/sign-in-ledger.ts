/**
 * What other domains may read of the end-user sign-in ledger (end_user_sign_ins, one row
 * per attempt): analytics' reports and rollups (DESIGN §2: only customers queries it).
 */
import { and, desc, eq, gte, inArray, lt, sql, type SQL } from "drizzle-orm";
import type { Queryable } from "../../../platform/db/database";
import { endUserSignIns } from "./schema";

export type SignInAttempt = Pick<typeof endUserSignIns.$inferSelect, "id" | "appGroupId" | "endUserId" | "method" | "outcome" | "failureReason" | "signup" | "ip" | "at">;

// A function, not a constant: the kit's columns resolve to the active dialect's when a query is built.
const attempt = () => ({
  id: endUserSignIns.id,
  appGroupId: endUserSignIns.appGroupId,
  endUserId: endUserSignIns.endUserId,
  method: endUserSignIns.method,
  outcome: endUserSignIns.outcome,
  failureReason: endUserSignIns.failureReason,
  signup: endUserSignIns.signup,
  ip: endUserSignIns.ip,
  at: endUserSignIns.at,
});

/** One app group's attempts in [from, to). */
export function signInAttemptsOfGroup(reader: Queryable, appGroupId: string, from: number, to: number): Promise<SignInAttempt[]> {
  return reader
    .select(attempt())
    .from(endUserSignIns)
    .where(and(eq(endUserSignIns.appGroupId, appGroupId), gte(endUserSignIns.at, from), lt(endUserSignIns.at, to)));
}

/** The bounds of a sign-in report: the window [windowStart, …), the one before it from prevStart, and today's start. */
export interface SignInWindow {
  prevStart: number;
  windowStart: number;
  today: number;
}

const DAY_MS = 86_400_000;

/**
 * The organization's sign-in report for these app groups, aggregated in SQL so its cost is
 * the index range it reads, never the rows it would otherwise carry into memory. An end
 * user belongs to one app group, so distinct users summed over app groups are distinct
 * users overall.
 */
export async function signInSummaryOfOrg(reader: Queryable, orgId: string, appGroupIds: readonly string[], window: SignInWindow, topIps: number) {
  if (appGroupIds.length === 0) return { kpi: emptyKpi(), days: [], providers: [], byAppGroup: [], topIps: [] };
  const s = endUserSignIns;
  const scope = (since: number) => and(eq(s.orgId, orgId), inArray(s.appGroupId, [...appGroupIds]), gte(s.at, since));
  const success = sql`${s.outcome} = 'success'`;
  const inWindow = sql`${s.at} >= ${window.windowStart}`;
  const count = (when: SQL) => sql<number>`coalesce(sum(case when ${when} then 1 else 0 end), 0)`.mapWith(Number);
  const users = (when: SQL) => sql<number>`count(distinct case when ${when} then ${s.endUserId} end)`.mapWith(Number);
  // A literal, not a parameter: PostgreSQL must see the same expression in SELECT and GROUP BY.
  const day = sql<number>`(${s.at} / ${sql.raw(String(DAY_MS))})`.mapWith(Number);

  const [kpi] = await reader
    .select({
      mau: users(sql`${success} and ${inWindow}`),
      mauPrev: users(sql`${success} and not (${inWindow})`),
      logins: count(sql`${success} and ${inWindow}`),
      loginsPrev: count(sql`${success} and not (${inWindow})`),
      signups: count(sql`${success} and ${s.signup} and ${inWindow}`),
      signupsPrev: count(sql`${success} and ${s.signup} and not (${inWindow})`),
      dauToday: users(sql`${success} and ${s.at} >= ${window.today}`),
    })
    .from(s)
    .where(scope(window.prevStart));
  const current = scope(window.windowStart);
  const days = await reader
    .select({ day, appGroupId: s.appGroupId, logins: count(success), dau: users(success), signups: count(sql`${success} and ${s.signup}`) })
    .from(s)
    .where(current)
    .groupBy(day, s.appGroupId);
  const providers = await reader.select({ method: s.method, count: sql<number>`count(*)`.mapWith(Number) }).from(s).where(and(current, success)).groupBy(s.method);
  const byAppGroup = await reader.select({ appGroupId: s.appGroupId, activeUsers: users(success), logins: count(success) }).from(s).where(current).groupBy(s.appGroupId);
  const ipCount = sql<number>`count(*)`.mapWith(Number);
  const ips = await reader
    .select({ ip: s.ip, count: ipCount, users: sql<number>`count(distinct ${s.endUserId})`.mapWith(Number) })
    .from(s)
    .where(and(current, sql`${s.ip} is not null and ${s.ip} <> ''`))
    .groupBy(s.ip)
    .orderBy(desc(ipCount), s.ip)
    .limit(topIps);
  return {
    kpi: kpi ?? emptyKpi(),
    days: days.map((d) => ({ ...d, at: d.day * DAY_MS })),
    providers,
    byAppGroup,
    topIps: ips.map((row) => ({ ip: row.ip ?? "", count: row.count, users: row.users })),
  };
}

function emptyKpi() {
  return { mau: 0, mauPrev: 0, logins: 0, loginsPrev: 0, signups: 0, signupsPrev: 0, dauToday: 0 };
}

/** Whether the app group has any attempt in [from, to): one index seek. */
export async function hasSignInAttempts(reader: Queryable, appGroupId: string, from: number, to: number): Promise<boolean> {
  const [any] = await reader
    .select({ id: endUserSignIns.id })
    .from(endUserSignIns)
    .where(and(eq(endUserSignIns.appGroupId, appGroupId), gte(endUserSignIns.at, from), lt(endUserSignIns.at, to)))
    .limit(1);
  return any !== undefined;
}
