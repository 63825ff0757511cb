/**
 * Audit events of data sources (spec §6). Payloads name the source, its host and database,
 * never a password or a connection string (the catalog's credential guard refuses
 * password-like fields anyway). `writes_anchored` is this domain's own: the head of a
 * managed database's write log sealed into the organization's chain.
 */
import { defineEvent } from "../../platform/audit/catalog";

type Id = string;
type Source = { dataSourceId: Id; name: string; isManaged: boolean };

export const DATASOURCE_EVENTS = {
  connected: defineEvent<Source & { host: string; database: string; region: string; purpose: string; tier: string | null }>()(
    "appgroup.datasource.connected",
    "A data source is registered, or a managed database created, for an app group",
  ),
  disconnected: defineEvent<Source & { reason: "manual" | "non_payment" }>()(
    "appgroup.datasource.disconnected",
    "A data source is disconnected (the row stays); reason non_payment when a managed database is suspended",
  ),
  reconnected: defineEvent<Source & { passwordRotated: boolean }>()("appgroup.datasource.reconnected", "A disconnected or suspended data source passes its test and is active again"),
  deleted: defineEvent<Source & { pd: boolean; reason: "sealed" | "non_payment"; sealCredentialId: string | null }>()(
    "appgroup.datasource.deleted",
    "A data source is deleted for good; pd records that the managed database was dropped on the provider first",
  ),
  tested: defineEvent<Source & { ok: boolean; error: string | null; latencyMs: number }>()("appgroup.datasource.tested", "A data source's stored connection is tested"),
  primaryChanged: defineEvent<{ from: Id | null; to: Id | null }>()("appgroup.datasource.primary_changed", "The app group's primary data source changes"),
  updated: defineEvent<Source & { purpose: { from: string; to: string } }>()("appgroup.datasource.updated", "A data source's purpose changes (production or staging)"),
  writesAnchored: defineEvent<{ dataSourceId: Id; name: string; seq: number; chainHash: string }>()(
    "appgroup.datasource.writes_anchored",
    "The head of a managed database's write log is sealed into the organization's audit chain",
  ),
} as const;
