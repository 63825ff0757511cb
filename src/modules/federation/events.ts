/**
 * Audit events of IdP federation (DESIGN §3, §6), declared as the module's `events`.
 * Payloads name connections and people, never a client secret or a token. A sign-in that
 * adds a member also writes orgs' org.member.added (and org.member.role_changed when the
 * mapping changes a role) in the same transaction.
 */
import { defineEvent } from "../../platform/audit/catalog";

type Id = string;

export const FEDERATION_EVENTS = {
  connectionCreated: defineEvent<{ connectionId: Id; type: string; displayName: string; emailDomain: string | null; defaultRole: string }>()(
    "org.idp.connection_created",
    "An identity-provider connection is created",
  ),
  connectionUpdated: defineEvent<{ connectionId: Id; type: string; fields: string[]; clientSecretChanged: boolean }>()(
    "org.idp.connection_updated",
    "An identity-provider connection is replaced; fields names what changed (a client secret only as clientSecretChanged)",
  ),
  connectionDeactivated: defineEvent<{ connectionId: Id; displayName: string }>()("org.idp.connection_deactivated", "An identity-provider connection is deactivated; its row stays"),
  policyUpdated: defineEvent<{ defaultConnectionId: Id | null; jitMembership: boolean }>()("org.idp.policy_updated", "The organization's federation policy is set (settings/federation)"),
  policyReset: defineEvent<Record<string, never>>()("org.idp.policy_reset", "The organization's federation policy returns to its defaults"),
  signIn: defineEvent<{ connectionId: Id; protocol: "oidc" | "saml"; userId: Id; connectedId: Id; email: string; accountCreated: boolean; memberAdded: boolean; identityLinked: boolean; role: string }>()(
    "org.idp.sign_in",
    "A person signs in to the dashboard through the organization's identity provider",
  ),
  signInRefused: defineEvent<{ connectionId: Id; protocol: "oidc" | "saml"; reason: string; email: string | null }>()(
    "org.idp.sign_in_refused",
    "A verified identity-provider sign-in is refused by the organization's rules (e-mail domain, membership)",
  ),
} as const;
