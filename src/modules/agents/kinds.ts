/**
 * Kind templates (spec 4.8 rule 5; docs/agents.md "Kind templates"): the scopes the shared
 * role AGENT_{KIND} is brought up to on every hire of that kind. The spec gives each kind
 * a purpose; the concrete lists are ours:
 *
 * - design writes screens: the app group's hosted-login branding (colors, hero copy, icon).
 * - db works on schemas and queries of the group's data sources (the data-source domain
 *   is later work; its scopes are named now so the role is ready when it lands).
 * - api manages keys and webhooks (API keys are minted by people only today, and the
 *   webhooks module is later work: the agent holds what its operator lets it).
 * - test reads and lists only.
 * - infra handles application settings and client registration.
 * - custom starts with nothing: an Admin gives the AGENT_CUSTOM role scopes, or the agent
 *   asks for them through approvals.
 *
 * Every kind but custom also carries the approval forms (org.work_item.list, .read) and
 * documents (org.reporting_instance.create, .read, .list), so it can file approvals; none
 * carries org.reporting_instance.approval_step.*: stamping is a passkey act of a person.
 */
import type { AgentKind } from "./schema";

export const AGENT_KINDS: readonly AgentKind[] = ["design", "db", "api", "test", "infra", "custom"];

/** What every kind but custom carries: the approval forms and the agent's own documents. */
export const APPROVAL_FILING_SCOPES = [
  "org.work_item.list",
  "org.work_item.read",
  "org.reporting_instance.create",
  "org.reporting_instance.read",
  "org.reporting_instance.list",
] as const;

interface KindTemplate {
  description: string;
  /** The kind's own scopes (the approval filing scopes are added to every kind but custom). */
  own: readonly string[];
}

const TEMPLATES: Record<AgentKind, KindTemplate> = {
  design: {
    description: "Writes screens: reads the app group and its applications and changes the group's hosted-login branding.",
    own: ["org.app_group.read", "org.app_group.update", "org.application.list", "org.application.read"],
  },
  db: {
    description: "Schemas and queries: reads the group's data sources, their schemas, changes schemas and runs queries.",
    own: ["org.data_source.list", "org.data_source.read", "org.data_source.schema.read", "org.data_source.schema.update", "org.data_source.query.run"],
  },
  api: {
    description: "Keys and webhooks: lists, creates and revokes API keys, manages webhooks and reads the webhook secret's state.",
    own: ["org.api_key.list", "org.api_key.create", "org.api_key.revoke", "org.webhook.list", "org.webhook.create", "org.webhook.update", "org.webhook.delete", "org.webhook_secret.read"],
  },
  test: {
    description: "Read and list only: the app group and its applications.",
    own: ["org.app_group.read", "org.application.list", "org.application.read"],
  },
  infra: {
    description: "App settings and client registration: registers applications and changes their settings.",
    own: ["org.app_group.read", "org.application.list", "org.application.read", "org.application.create", "org.application.update"],
  },
  custom: {
    description: "Starts with no scopes: give the AGENT_CUSTOM role scopes, or let the agent ask through approvals.",
    own: [],
  },
};

/** The scopes the kind's role is brought up to on every hire (spec 4.8 rule 5). */
export function kindTemplate(kind: AgentKind): string[] {
  const own = TEMPLATES[kind].own;
  return kind === "custom" ? [...own] : [...own, ...APPROVAL_FILING_SCOPES];
}

export function kindDescription(kind: AgentKind): string {
  return TEMPLATES[kind].description;
}

/** The shared role's key (custom role keys are a-z, 0-9 and _) and its name, AGENT_{KIND}. */
export function roleKeyOf(kind: AgentKind): string {
  return `agent_${kind}`;
}

export function roleNameOf(kind: AgentKind): string {
  return `AGENT_${kind.toUpperCase()}`;
}
