/** Error codes of integrations, with their statuses (DESIGN §7; docs/integrations.md). */
import { defineErrors } from "../../platform/http/error-catalog";

export const integrationErrors = defineErrors({
  unknownModule: { code: "unknown_module", status: 404, message: "no connector module with this key (GET …/integrations/verified-connectors lists them)" },
  moduleNotEnabled: { code: "module_not_enabled", status: 409, message: "the connector module is not enabled in this organization" },
  invalidField: { code: "invalid_field", status: 400, message: "a connector field is missing or does not match its pattern (field names it)" },
  unknownEventType: { code: "unknown_event_type", status: 400, message: "the connector module has no such event type (field names it)" },
  noHierarchySource: { code: "no_hierarchy_source", status: 409, message: "this connector module is not a hierarchy source" },
  emptyHierarchy: { code: "empty_hierarchy", status: 409, message: "the connector has reported no directory yet: nothing to materialize" },
  accessRequestNotFound: { code: "access_request_not_found", status: 404, message: "no such access request in this organization" },
  accessRequestDecided: { code: "access_request_decided", status: 409, message: "the access request is already approved or denied" },
  scopeNotGrantable: { code: "scope_not_grantable", status: 400, message: "the scope is not one the connector module asks for (field names it)" },
  accessRequestPending: { code: "access_request_pending", status: 409, message: "you already have a pending request for this connector module" },
  ownRequest: { code: "own_access_request", status: 403, message: "nobody decides their own access request" },
  translationFailed: { code: "translation_failed", status: 502, message: "the configured LLM did not answer with scopes; try again or use the rule-based translation (unset SIGNET_LLM_URL)" },
  badgeNotFound: { code: "badge_not_found", status: 404, message: "no live person's badge with this ConnectedId in the organization" },
});

export const inboundErrors = defineErrors({
  inboundUnauthorized: { code: "inbound_signature_invalid", status: 401, message: "the payload's signature, timestamp or webhook-id does not verify; nothing was stored" },
  inboundInvalid: { code: "invalid_inbound_event", status: 400, message: "the inbound body is not a connector event: JSON with moduleKey, type and data" },
});

export const webhookErrors = defineErrors({
  subscriptionNotFound: { code: "webhook_not_found", status: 404, message: "no such webhook subscription in this organization" },
  deliveryNotFound: { code: "delivery_not_found", status: 404, message: "no such webhook delivery in this organization" },
  invalidUrl: { code: "invalid_webhook_url", status: 400, message: "the webhook URL must be https (http only where the operator allows private networks) without credentials" },
  targetNotAllowed: { code: "webhook_target_not_allowed", status: 400, message: "the webhook URL resolves to a loopback or private address; the operator has not allowed private networks" },
  invalidEventPattern: { code: "invalid_event_pattern", status: 400, message: "an event type pattern is an event type or a prefix ending in .* (field names it)" },
  noWebhookSecret: { code: "webhook_secret_required", status: 409, message: "generate the organization's webhook secret first (POST …/settings/keys/webhook-secret/regenerate)" },
  deliveryNotDead: { code: "delivery_not_dead", status: 409, message: "only a dead delivery is redelivered: a delivered one is never sent twice, a pending one is already queued" },
  subscriptionLimit: { code: "webhook_limit_reached", status: 409, message: "an organization has at most 20 webhook subscriptions" },
});
