/**
 * Behavior analytics (spec 2.5) and the daily rollups anchored in the audit chain.
 *
 * - behavior_events: one row per accepted beacon event. No raw IP, only a country
 *   code; the client uuid deduplicates within an app group. Individual events are
 *   not sealed.
 * - analytics_rollups: one sealed aggregate per app group, kind and completed UTC day
 *   (behavior or sign_in). Its SHA-256 is the one carried by the audit event that
 *   anchored it, so a verifier recomputes it from `rows`.
 * - analytics_collection: the per-app-group switch of the beacon (absent row: on).
 */
import { col, table } from "../../platform/db/kit";
import { appGroups } from "../customers/apps/schema";

export const behaviorEvents = table(
  "behavior_events",
  {
    id: col.id(),
    orgId: col.text().notNull(),
    appGroupId: col.text().notNull().references(() => appGroups.id, { onDelete: "cascade" }),
    applicationId: col.text().notNull(),
    /** The client's uuid: the dedup key within the app group. */
    clientEventId: col.text().notNull(),
    /** page_view | page_leave | identify | custom.<name> */
    type: col.text().notNull(),
    /** Pathname only. */
    path: col.text(),
    /** Referrer domain only. */
    refDomain: col.text(),
    utmSource: col.text(),
    utmMedium: col.text(),
    utmCampaign: col.text(),
    /** page_leave only. */
    dwellMs: col.int(),
    anonId: col.text(),
    endUserId: col.text(),
    /** The client's session id, suffixed when the server saw it idle for over 30 minutes. */
    sessionId: col.text(),
    /** ISO 3166-1 alpha-2, or null when unknown. */
    country: col.text(),
    /** custom.<name> only, at most 2 KB serialized. */
    data: col.json<Record<string, unknown>>(),
    /** The client's ts clamped to ±5 minutes of the server's clock. */
    at: col.time().notNull(),
    receivedAt: col.time().notNull(),
  },
  [
    { name: "behavior_events_group_client_uq", on: ["appGroupId", "clientEventId"], unique: true },
    { name: "behavior_events_group_at_idx", on: ["appGroupId", "at"] },
  ],
);

export const analyticsRollups = table(
  "analytics_rollups",
  {
    id: col.id(),
    orgId: col.text().notNull(),
    appGroupId: col.text().notNull().references(() => appGroups.id, { onDelete: "cascade" }),
    /** behavior | sign_in */
    kind: col.text().notNull(),
    /** The UTC day, YYYY-MM-DD. */
    date: col.text().notNull(),
    /** The aggregate rows; `sha256` is over their canonical JSON document (docs/analytics.md). */
    rows: col.json<unknown[]>().notNull(),
    sha256: col.text().notNull(),
    rowCount: col.int().notNull(),
    eventCount: col.int().notNull(),
    /** SHA-256 of the source partition list (the day's source row ids, sorted). */
    sourceSha256: col.text().notNull(),
    auditEventId: col.text().notNull(),
    createdAt: col.time().notNull(),
  },
  [
    { name: "analytics_rollups_group_kind_date_uq", on: ["appGroupId", "kind", "date"], unique: true },
    { name: "analytics_rollups_org_kind_date_idx", on: ["orgId", "kind", "date"] },
  ],
);

export const analyticsCollection = table("analytics_collection", {
  /** The app group's id. */
  id: col.id().references(() => appGroups.id, { onDelete: "cascade" }),
  orgId: col.text().notNull(),
  eventsEnabled: col.bool().notNull().default(true),
  updatedBy: col.text(),
  updatedAt: col.time().notNull(),
});

export type BehaviorEventRow = typeof behaviorEvents.$inferSelect;
export type AnalyticsRollupRow = typeof analyticsRollups.$inferSelect;
