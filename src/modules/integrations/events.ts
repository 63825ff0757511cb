/**
 * The audit events of integrations and webhooks (not named by spec §6; ours, so that no
 * change goes unrecorded). An inbound event of a notarized type is sealed as
 * integration.inbound_notarized with its payload's hash, never the payload.
 */
import { defineEvent } from "../../platform/audit/catalog";

type Id = string;

export const INTEGRATION_EVENTS = {
  enabled: defineEvent<{ moduleKey: string; fields: string[]; reenabled: boolean }>()("integration.enabled", "A connector module is enabled (the names of the fields set, never their values)"),
  disconnected: defineEvent<{ moduleKey: string }>()("integration.disconnected", "A connector module is disconnected; what it sent is kept"),
  notarizeScopesChanged: defineEvent<{ moduleKey: string; from: string[]; to: string[] }>()("integration.notarize_scopes_changed", "The inbound event types sealed for a connector change"),
  inboundNotarized: defineEvent<{ moduleKey: string; inboundEventId: Id; messageId: string; eventType: string; payloadHash: string; sentAt: string }>()(
    "integration.inbound_notarized",
    "An inbound connector event of a notarized type is stored; payloadHash is the SHA-256 of its canonical JSON",
  ),
  structureMaterialized: defineEvent<{ moduleKey: string; teamsCreated: Id[]; teamsReused: Id[]; membersPlaced: number; edgesAdded: number; unmatched: number }>()(
    "integration.org_structure_materialized",
    "A connector's directory is materialized as teams and reporting edges, in one transaction",
  ),
  accessRequested: defineEvent<{ moduleKey: string; requestId: Id; scopes: string[] }>()("integration.access_requested", "A member asks for the scopes a connector needs"),
  accessRequestDecided: defineEvent<{ moduleKey: string; requestId: Id; decision: "approved" | "denied"; requesterConnectedId: Id; scopes: string[] }>()(
    "integration.access_request_decided",
    "An access request is approved (its scopes granted to the requester's badge) or denied",
  ),
  permissionsGranted: defineEvent<{ moduleKey: string; connectedId: Id; scopes: string[]; alreadyHeld: string[] }>()(
    "integration.permissions_granted",
    "Scopes a connector needs are granted to a badge",
  ),
  webhookCreated: defineEvent<{ subscriptionId: Id; host: string; eventTypes: string[] }>()("webhook.subscription_created", "A webhook subscriber is added (its host, not the full URL)"),
  webhookUpdated: defineEvent<{ subscriptionId: Id; changes: string[] }>()("webhook.subscription_updated", "A webhook subscriber's URL, event types, description or status change"),
  webhookDeleted: defineEvent<{ subscriptionId: Id; host: string }>()("webhook.subscription_deleted", "A webhook subscriber is removed with its queue"),
  webhookRedelivered: defineEvent<{ subscriptionId: Id; deliveryId: Id; eventType: string; wasDead: boolean }>()("webhook.redelivered", "A delivery is queued again by hand (from the dead letters or the log)"),
} as const;
