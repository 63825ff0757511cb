/**
 * The integrations domain's tables (spec 4.9; docs/integrations.md): the connectors an
 * organization enabled, what they sent in (inbound events and the directory a hierarchy
 * source keeps), access requests, and outgoing webhooks (subscriptions, the delivery queue
 * and its attempt log).
 */
import { col, table } from "../../platform/db/kit";
import { organizations } from "../orgs/schema";

export type ConnectionStatus = "enabled" | "disconnected";

/** One row per organization and connector module, kept when disconnected so history reads. */
export const integrationConnections = table(
  "integration_connections",
  {
    id: col.id(),
    orgId: col.text().notNull().references(() => organizations.id, { onDelete: "cascade" }),
    moduleKey: col.text().notNull(),
    status: col.text().$type<ConnectionStatus>().notNull(),
    /** The connector's non-secret fields as the organization filled them in (validated against the module's fields). */
    settings: col.json<Record<string, string>>().notNull(),
    /** The inbound event types sealed into the audit chain (notarize-scopes). */
    notarizedEventTypes: col.json<string[]>().notNull(),
    enabledAt: col.time().notNull(),
    enabledBy: col.text(),
    disconnectedAt: col.time(),
    lastInboundAt: col.time(),
    updatedAt: col.time().notNull(),
  },
  [{ name: "integration_connections_org_module_uq", on: ["orgId", "moduleKey"], unique: true }],
);

/**
 * What connectors sent to /api/org/{slug}/inbound. `messageId` is the sender's webhook-id:
 * unique per organization, so a replay is refused on every node and after restarts.
 */
export const integrationInboundEvents = table(
  "integration_inbound_events",
  {
    id: col.id(),
    orgId: col.text().notNull().references(() => organizations.id, { onDelete: "cascade" }),
    moduleKey: col.text().notNull(),
    messageId: col.text().notNull(),
    eventType: col.text().notNull(),
    payload: col.json<Record<string, unknown>>().notNull(),
    sentAt: col.time().notNull(),
    receivedAt: col.time().notNull(),
    /** The audit event that seals it, when its type is notarized. */
    auditEventId: col.text(),
  },
  [
    { name: "integration_inbound_org_message_uq", on: ["orgId", "messageId"], unique: true },
    { name: "integration_inbound_org_module_idx", on: ["orgId", "moduleKey", "receivedAt"] },
  ],
);

/** The people a hierarchy-source connector reported (its latest word per external id). */
export const integrationDirectoryEntries = table(
  "integration_directory_entries",
  {
    id: col.id(),
    orgId: col.text().notNull().references(() => organizations.id, { onDelete: "cascade" }),
    moduleKey: col.text().notNull(),
    externalId: col.text().notNull(),
    displayName: col.text().notNull(),
    email: col.text(),
    /** The unit path, outermost first ("Engineering/Platform"). */
    unitPath: col.json<string[]>().notNull(),
    managerExternalId: col.text(),
    updatedAt: col.time().notNull(),
  },
  [{ name: "integration_directory_org_module_ext_uq", on: ["orgId", "moduleKey", "externalId"], unique: true }],
);

export type AccessRequestStatus = "pending" | "approved" | "denied";

/** A member's request for scopes a connector needs (spec 4.9: customer creates, provider decides). */
export const integrationAccessRequests = table(
  "integration_access_requests",
  {
    id: col.id(),
    orgId: col.text().notNull().references(() => organizations.id, { onDelete: "cascade" }),
    moduleKey: col.text().notNull(),
    requesterConnectedId: col.text().notNull(),
    requesterUserId: col.text(),
    scopes: col.json<string[]>().notNull(),
    reason: col.text(),
    status: col.text().$type<AccessRequestStatus>().notNull(),
    decidedByConnectedId: col.text(),
    decisionNote: col.text(),
    createdAt: col.time().notNull(),
    decidedAt: col.time(),
  },
  [{ name: "integration_access_requests_org_status_idx", on: ["orgId", "status", "createdAt"] }],
);

export type SubscriptionStatus = "active" | "disabled";

/**
 * An organization's webhook subscriber. `cursorSeq` is the last audit sequence number of
 * the organization fanned out to it: the chain is gap-free and committed in order, so
 * every event after the cursor reaches the queue exactly once (webhooks/fan-out.ts).
 */
export const webhookSubscriptions = table(
  "webhook_subscriptions",
  {
    id: col.id(),
    orgId: col.text().notNull().references(() => organizations.id, { onDelete: "cascade" }),
    url: col.text().notNull(),
    description: col.text(),
    /** Event type patterns ("agent.*", "org.member.added"); empty: every event. */
    eventTypes: col.json<string[]>().notNull(),
    status: col.text().$type<SubscriptionStatus>().notNull(),
    /** Whether payment.* events reach it (spec 5.4: owner only): set when the owner created it. */
    includesPayment: col.bool().notNull(),
    cursorSeq: col.int().notNull(),
    createdBy: col.text(),
    createdAt: col.time().notNull(),
    updatedAt: col.time().notNull(),
  },
  [{ name: "webhook_subscriptions_org_idx", on: ["orgId", "createdAt"] }],
);

export type DeliveryStatus = "pending" | "delivered" | "dead";

/**
 * The durable queue: one row per event per subscriber, unique on both, its id the
 * webhook-id every attempt carries (the receiver's idempotency key).
 */
export const webhookDeliveries = table(
  "webhook_deliveries",
  {
    id: col.id(),
    orgId: col.text().notNull().references(() => organizations.id, { onDelete: "cascade" }),
    subscriptionId: col.text().notNull().references(() => webhookSubscriptions.id, { onDelete: "cascade" }),
    auditEventId: col.text().notNull(),
    eventSeq: col.int().notNull(),
    eventType: col.text().notNull(),
    status: col.text().$type<DeliveryStatus>().notNull(),
    attempts: col.int().notNull(),
    nextAttemptAt: col.time().notNull(),
    /** A node sending it holds it until then; a node that died mid-send lets go when it passes. */
    leasedUntil: col.time(),
    lastResponseStatus: col.int(),
    lastError: col.text(),
    createdAt: col.time().notNull(),
    deliveredAt: col.time(),
    deadAt: col.time(),
  },
  [
    { name: "webhook_deliveries_sub_event_uq", on: ["subscriptionId", "auditEventId"], unique: true },
    { name: "webhook_deliveries_due_idx", on: ["status", "nextAttemptAt"] },
    { name: "webhook_deliveries_org_idx", on: ["orgId", "subscriptionId", "createdAt"] },
  ],
);

/** The delivery log: one row per attempt. */
export const webhookAttempts = table(
  "webhook_attempts",
  {
    id: col.id(),
    deliveryId: col.text().notNull().references(() => webhookDeliveries.id, { onDelete: "cascade" }),
    orgId: col.text().notNull(),
    attempt: col.int().notNull(),
    at: col.time().notNull(),
    responseStatus: col.int(),
    error: col.text(),
    durationMs: col.int().notNull(),
    /** manual: a redeliver asked for it. */
    trigger: col.text().$type<"queue" | "manual">().notNull(),
  },
  [{ name: "webhook_attempts_delivery_idx", on: ["deliveryId", "at"] }],
);
