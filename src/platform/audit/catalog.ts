/**
 * The event catalog: every audit event type with its payload type. Each domain declares
 * the events it appends in its own `events.ts` (`defineEvent`) and lists them as its
 * module's `events`; the context registers them here, with the settings sections'
 * `org.settings.{key}_updated` events. Emit through `auditEvent`, which types the payload:
 *
 *   await appendAudit(tx, { ...auditEvent(ORG_EVENTS.memberAdded, { userId, connectedId, role }), orgId, actor, at });
 *
 * test/modules/trust/audit/catalog.test.ts checks that every type appended in src/ is
 * catalogued. Every event also carries, outside its payload: the actor (kind, id,
 * ConnectedId), the organization, the app group, the request id, and hashed client IP
 * and user agent where a request caused it (docs/audit-format.md). Payloads never carry
 * credentials: appendAudit refuses CREDENTIAL_FIELDS at any depth.
 *
 * Where the spec gives an event only a code (RPT031…), the type is named under the
 * system it belongs to (reporting.*), so system grants (5.4) reach it, and `code` keeps
 * the spec's name.
 */

export interface AuditEventDefinition<T extends string = string, P = Record<string, unknown>> {
  type: T;
  description: string;
  /** The spec's code for the event, where it names one (RPT031). */
  code?: string;
  /** Phantom: the payload's type. */
  readonly payload?: P;
}

/** `defineEvent<Payload>()(type, description, code?)`: one event of a domain's `events.ts`. */
export const defineEvent =
  <P extends object = Record<string, never>>() =>
  <T extends string>(type: T, description: string, code?: string): AuditEventDefinition<T, P> =>
    code ? { type, description, code } : { type, description };

export type AuditPayload<D> = D extends AuditEventDefinition<string, infer P> ? P : never;

const byType = new Map<string, AuditEventDefinition>();

export function catalogEntry(type: string): AuditEventDefinition | null {
  return byType.get(type) ?? null;
}

/**
 * Adds a module's own event types (its `events` in src/modules.ts) to the catalog. The
 * same definition may be registered again (every context registers its modules); a
 * different definition of a type is refused.
 */
export function registerAuditEvents(definitions: readonly AuditEventDefinition[]): void {
  for (const definition of definitions) {
    const existing = byType.get(definition.type);
    const same = existing && existing.description === definition.description && existing.code === definition.code;
    if (existing && !same) throw new Error(`audit event "${definition.type}" is already in the catalog`);
    byType.set(definition.type, definition);
  }
}

/** The type and a payload checked against the catalog, to spread into appendAudit's input. */
export function auditEvent<D extends AuditEventDefinition<string, any>>(definition: D, payload: AuditPayload<D>): { type: D["type"]; payload: Record<string, unknown> } {
  return { type: definition.type, payload: payload as Record<string, unknown> };
}

/** Payload field names that would carry a credential; appendAudit refuses them at any depth. */
export const CREDENTIAL_FIELDS: ReadonlySet<string> = new Set(
  [
    "password",
    "secret",
    "clientSecret",
    "token",
    "accessToken",
    "refreshToken",
    "sessionToken",
    "shareToken",
    "apiKey",
    "privateKey",
    "privateJwk",
    "privateJwkSealed",
    "otp",
    "otpCode",
    "assertion",
    "assertionResponseJson",
    "SealAssertionJson",
    "connectionString",
  ].map((f) => f.toLowerCase()),
);

/** The path of the first credential field in a payload, or null. */
export function credentialFieldIn(value: unknown, path = "payload"): string | null {
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) {
      const found = credentialFieldIn(v, `${path}[${i}]`);
      if (found) return found;
    }
  } else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      if (CREDENTIAL_FIELDS.has(k.toLowerCase())) return `${path}.${k}`;
      const found = credentialFieldIn(v, `${path}.${k}`);
      if (found) return found;
    }
  }
  return null;
}
