/** Error codes of agents, with their statuses (DESIGN §7; docs/agents.md). */
import { defineErrors } from "../../platform/http/error-catalog";

export const agentErrors = defineErrors({
  agentNotFound: { code: "agent_not_found", status: 404, message: "no such agent in this app group" },
  appGroupNotFound: { code: "app_group_not_found", status: 404, message: "no live app group with this id or groupKey in the organization" },
  connectedIdNotFound: { code: "connected_id_not_found", status: 404, message: "no such ConnectedId (badge) in this organization (field names which id)" },
  expiresAtInPast: { code: "expires_at_in_past", status: 400, message: "expiresAt must be in the future" },
  invalidExpiresAt: { code: "invalid_expires_at", status: 400, message: "expiresAt is an ISO 8601 date-time" },
  invalidDisplayName: { code: "invalid_display_name", status: 400, message: "a display name is 1 to 200 characters, not only spaces, without control characters" },
  scopeOutsideKind: { code: "scope_outside_kind", status: 400, message: "an agent's scopes only narrow its kind's role (field names the entry)" },
  operatorNotAPerson: { code: "operator_not_a_person", status: 400, message: "only a person can be an agent's operator: an active member's badge" },
  agentNotAllowed: { code: "agent_not_allowed", status: 403, message: "agents never hire or change agents, whatever their gate holds" },
  hirerBadgeRequired: { code: "hirer_badge_required", status: 403, message: "the hirer needs a badge in the organization (an M2M token hires through a key bound to a service account)" },
  notTheOperator: { code: "not_the_operator", status: 403, message: "only the agent's assigned operator issues its credential" },
  agentRevoked: { code: "agent_revoked", status: 409, message: "the agent is revoked; revoked is final" },
  agentSuspended: { code: "agent_suspended", status: 409, message: "the agent is suspended: no credential is issued until it is activated" },
  agentExpired: { code: "agent_expired", status: 409, message: "the agent's expiresAt has passed: extend it (PUT) before activating" },
});

export const AgentErrors = agentErrors.codes;
