/**
 * Connector modules as data (spec 4.9 leaves the list open; docs/integrations.md lists
 * them). A module is a key, the fields an organization fills in when it enables it, the
 * event types it sends to /api/org/{slug}/inbound, whether it is a hierarchy source (and
 * how its events map onto a directory), and the scopes it needs in the organization.
 *
 * Two real-world shapes: an HR directory (BambooHR, Personio, Workday: people with a
 * department path and a manager) and a ticketing tool (Jira, Linear, Zendesk: tickets
 * with a status and an assignee). A new connector is one more entry here.
 */
export interface ConnectorField {
  key: string;
  label: string;
  kind: "text" | "url" | "select";
  required: boolean;
  /** For text: the value must match (anchored). */
  pattern?: string;
  options?: string[];
  help: string;
}

export interface ConnectorEventType {
  type: string;
  description: string;
  /** Sealed into the audit chain until the organization says otherwise (notarize-scopes). */
  notarizedByDefault: boolean;
}

/** How a hierarchy source's events read as directory entries. */
export interface HierarchySource {
  /** Adds or replaces one person (its data carries the fields below). */
  upsertEvent: string;
  /** Removes one person (its data carries `id`). */
  removeEvent: string;
  /** data.<field> names: the person's id, name, e-mail, unit path ("Engineering/Platform") and manager's id. */
  fields: { externalId: string; displayName: string; email: string; unitPath: string; managerId: string };
}

export interface ConnectorModule {
  key: string;
  name: string;
  category: "hr_directory" | "ticketing";
  description: string;
  /** Shapes it was designed against (and is documented for). */
  shapes: string[];
  /** Listed by /verified-connectors: Signet documents and tests its shape. */
  verified: boolean;
  fields: ConnectorField[];
  eventTypes: ConnectorEventType[];
  hierarchy: HierarchySource | null;
  /** The scopes a connector's work needs in the organization (access requests, analyze, grant). */
  requiredScopes: string[];
}

export const CONNECTOR_MODULES: readonly ConnectorModule[] = [
  {
    key: "hr_directory",
    name: "HR directory",
    category: "hr_directory",
    description: "People, departments and managers from an HR system; the hierarchy source for teams and the reporting graph (materialized on request, never synced on its own).",
    shapes: ["BambooHR employee directory", "Personio employees", "Workday workers"],
    verified: true,
    fields: [
      { key: "tenantUrl", label: "Tenant URL", kind: "url", required: true, help: "The HR system's address for this company, e.g. https://acme.bamboohr.com" },
      { key: "employeeIdAttribute", label: "Employee id attribute", kind: "select", required: true, options: ["employeeNumber", "workEmail", "id"], help: "Which attribute the connector sends as the person's id" },
      { key: "unitSeparator", label: "Department separator", kind: "text", required: false, pattern: "^[/>|]$", help: "The character between department levels in unitPath (default /)" },
    ],
    eventTypes: [
      { type: "employee.upserted", description: "A person is hired or changes (name, e-mail, department, manager)", notarizedByDefault: true },
      { type: "employee.removed", description: "A person leaves", notarizedByDefault: true },
      { type: "department.renamed", description: "A department is renamed (informational: materialize again to follow it)", notarizedByDefault: false },
    ],
    hierarchy: {
      upsertEvent: "employee.upserted",
      removeEvent: "employee.removed",
      fields: { externalId: "id", displayName: "name", email: "email", unitPath: "department", managerId: "managerId" },
    },
    requiredScopes: ["org.member.list", "org.team.list", "org.team.create", "org.team.update", "org.reporting.read", "org.reporting.update"],
  },
  {
    key: "ticketing",
    name: "Ticketing",
    category: "ticketing",
    description: "Tickets from an issue tracker or help desk, so their changes are on record next to the approvals they lead to.",
    shapes: ["Jira issues", "Linear issues", "Zendesk tickets"],
    verified: true,
    fields: [
      { key: "siteUrl", label: "Site URL", kind: "url", required: true, help: "The tracker's address, e.g. https://acme.atlassian.net" },
      { key: "projectKeys", label: "Project keys", kind: "text", required: true, pattern: "^[A-Z][A-Z0-9_]{0,19}(,[A-Z][A-Z0-9_]{0,19}){0,19}$", help: "Comma-separated project keys the connector reports (e.g. OPS,SEC)" },
      { key: "product", label: "Product", kind: "select", required: true, options: ["jira", "linear", "zendesk", "other"], help: "Which tracker sends" },
    ],
    eventTypes: [
      { type: "ticket.created", description: "A ticket is opened", notarizedByDefault: false },
      { type: "ticket.updated", description: "A ticket's fields change", notarizedByDefault: false },
      { type: "ticket.status_changed", description: "A ticket moves to another status (e.g. approved, done)", notarizedByDefault: true },
      { type: "ticket.commented", description: "A comment is added", notarizedByDefault: false },
    ],
    hierarchy: null,
    requiredScopes: ["org.work_item.list", "org.work_item.read", "org.reporting_instance.create", "org.reporting_instance.read"],
  },
];

const byKey = new Map(CONNECTOR_MODULES.map((m) => [m.key, m]));

export function connectorModule(key: string): ConnectorModule | null {
  return byKey.get(key) ?? null;
}
