/**
 * Shared fixture of the analytics tests: an organization with one app group whose first
 * application allows ORIGIN, a beacon caller for it, and helpers to read what landed.
 */
import { and, eq } from "drizzle-orm";
import { behaviorEvents } from "../../../src/modules/analytics/schema";
import { endUserSignIns } from "../../../src/modules/customers/end-users/schema";
import { auditEvents } from "../../../src/platform/audit/schema";
import { createOrg, type TestOrg } from "../../support/accounts";
import type { TestApp, TestResponse } from "../../support/harness";
import { ORIGIN, orgApi } from "../customers/apps/support";

export { ORIGIN };

export interface AnalyticsFixture {
  org: TestOrg;
  groupId: string;
  applicationId: string;
  clientKey: string;
  /** POSTs a beacon body (JSON unless `raw` is given) with Origin: ORIGIN. */
  beacon(body: unknown, options?: { headers?: Record<string, string>; raw?: string; clientKey?: string }): Promise<TestResponse>;
}

let groupCounter = 0;

/** An app group (and its first application on ORIGIN) in an organization, a new one unless given. */
export async function createAnalyticsFixture(t: TestApp, email: string, name: string, options: { plan?: string; org?: TestOrg } = {}): Promise<AnalyticsFixture> {
  const org = options.org ?? (await createOrg(t, email, name, { plan: options.plan }));
  const api = orgApi(t, org);
  const created = await api("POST", "/app-groups", org.owner.token, { name: `${name} brand ${++groupCounter}` });
  if (created.status !== 201 && created.status !== 200) throw new Error(`app group: ${created.status} ${created.text}`);
  const first = created.body.applications[0];
  const updated = await api("PUT", `/applications/${first.id}`, org.owner.token, { allowedOrigins: [ORIGIN] });
  if (updated.status !== 200) throw new Error(`application: ${updated.status} ${updated.text}`);
  const clientKey: string = updated.body.clientKey;
  return {
    org,
    groupId: created.body.id,
    applicationId: first.id,
    clientKey,
    beacon: (body, opts = {}) => {
      const headers: Record<string, string> = { origin: ORIGIN, ...(opts.headers ?? {}) };
      const path = `/api/public/apps/${opts.clientKey ?? clientKey}/analytics/events`;
      if (opts.raw !== undefined) return t.request("POST", path, { body: opts.raw, headers: { "content-type": "text/plain;charset=UTF-8", ...headers } });
      return t.request("POST", path, { json: body, headers });
    },
  };
}

export async function storedEvents(t: TestApp, appGroupId: string) {
  return t.ctx.db.read.select().from(behaviorEvents).where(eq(behaviorEvents.appGroupId, appGroupId)).orderBy(behaviorEvents.at, behaviorEvents.clientEventId);
}

export async function auditOf(t: TestApp, orgId: string, type: string) {
  return t.ctx.db.read.select().from(auditEvents).where(and(eq(auditEvents.orgId, orgId), eq(auditEvents.type, type))).orderBy(auditEvents.seq);
}

let eventCounter = 0;
/** A valid page_view (fields overridable). */
export function pageView(extra: Record<string, unknown> = {}) {
  return { id: `evt-${++eventCounter}-${crypto.randomUUID()}`, type: "page_view", path: "/", anon: "anon-1", sid: "sid-1", ...extra };
}

/** Inserts a sign-in attempt row directly (the sign-in routes fill this table in production). */
export async function insertSignIn(
  t: TestApp,
  f: AnalyticsFixture,
  row: { endUserId?: string | null; method?: string; outcome?: "success" | "failure"; failureReason?: string | null; signup?: boolean; ip?: string | null; at: number },
) {
  await t.ctx.db.write((tx) =>
    tx.insert(endUserSignIns).values({
      id: crypto.randomUUID(),
      orgId: f.org.orgId,
      appGroupId: f.groupId,
      applicationId: f.applicationId,
      endUserId: row.endUserId ?? null,
      method: row.method ?? "magic_link",
      outcome: row.outcome ?? "success",
      failureReason: row.failureReason ?? null,
      signup: row.signup ?? false,
      ip: row.ip ?? null,
      at: row.at,
    }),
  );
}
