/** The audit events this domain appends (DESIGN §3, §6): daily rollups (spec §6) and the collection switch. Declared as its module's `events`. */
import { defineEvent } from "../../platform/audit/catalog";

type Id = string;
type Change<V> = { from: V; to: V };

export const ANALYTICS_EVENTS = {
  behaviorRollupCreated: defineEvent<{ date: string; rollupSha256: string; rowCount: number; eventCount: number; sourceFilesSha256: string }>()(
    "audit.rollup.behavior_created",
    "A daily behavior rollup is built: its SHA-256, row and event counts and a hash of the source file list",
  ),
  signInRollupCreated: defineEvent<{ date: string; rollupSha256: string; rowCount: number; eventCount: number; sourceSha256: string }>()(
    "audit.rollup.sign_in_created",
    "A daily sign-in rollup is built: its SHA-256, row and event counts and a hash of the source row list",
  ),
  analyticsCollectionChanged: defineEvent<{ appGroupId: Id } & Change<boolean>>()("appgroup.analytics.collection_changed", "The beacon's collection switch of an app group is flipped"),
} as const;
