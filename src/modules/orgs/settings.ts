/**
 * Organization settings: one JSON document per section in org_settings. Each section
 * has a body schema (validated by the route, so a wrong type or an unknown field is a
 * 400 naming it), domain checks beyond the schema, defaults for an organization that
 * never wrote it, and gates. PUT replaces the whole document: an optional field left
 * out takes its default. Other modules read settings through readSettingsSection /
 * securityModeOf. The contract is documented in docs/organizations.md.
 */
import { and, eq, ne, sql } from "drizzle-orm";
import { t, type Static, type TSchema } from "elysia";
import type { TLiteral, TUnion } from "@sinclair/typebox";
import type { AppContext } from "../../context";
import type { Queryable, Tx } from "../../platform/db/database";
import { preparedQuery } from "../../platform/db/prepared";
import { appendAudit } from "../../platform/audit/append";
import { canonicalJson } from "../../platform/crypto/canonical-json";
import { ApiError } from "../../platform/http/errors";
import { newId } from "../../platform/ids";
import { normaliseEmail } from "../identity/index";
import { permissionErrors } from "./permissions/errors";
import { KNOWN_SCOPES } from "./permissions/roles";
import { assertCan, coversAll, validateScopes } from "./permissions/service";
import type { Organization, OrgActor } from "./access";
import { requirePlan } from "./plans";
import { organizations, orgSettings } from "./schema";
import { validName, type OrgActing } from "./service";

export const SETTINGS_SCOPES = {
  read: "org.setting.read",
  update: "org.setting.update",
  blockExternalSharing: KNOWN_SCOPES.blockExternalSharing,
} as const;

/** Security modes, weakest first; permits derive their seal tier from the mode (spec 5.5). */
export const SECURITY_MODES = ["standard", "elevated", "strict"] as const;
export type SecurityMode = (typeof SECURITY_MODES)[number];

/** Token lifetime an org may set without a personal seal; longer ceilings are per key and sealed (spec §8). */
export const TOKEN_LIFETIME = { min: 60, max: 300, default: 300 } as const;

/**
 * A string enum. t.UnionEnum would also do, but it declares its first value as the
 * default, which the API reference then shows on required fields.
 */
export function stringEnum<const T extends readonly string[]>(values: T, options: { description?: string } = {}) {
  return t.Union(values.map((value) => t.Literal(value)), options) as unknown as TUnion<[TLiteral<T[number]>]>;
}

const strict = { additionalProperties: false } as const;
/** A JSON integer. Elysia's t.Integer also accepts numeric strings (it is meant for query strings). */
const integer = (options: { minimum: number; maximum: number; description?: string }) => t.Number({ multipleOf: 1, ...options });
const optionalText = (maxLength: number, description?: string) => t.Optional(t.Nullable(t.String({ maxLength, description })));
const hostname = (description: string) => t.String({ minLength: 1, maxLength: 253, description });

// ---------------------------------------------------------------------------
// Schemas: the request body and the stored document of each section

const General = {
  body: t.Object(
    {
      name: t.String({ minLength: 1, maxLength: 200, description: "The organization's name (also renames it)" }),
      displayName: optionalText(200, "Name shown to end users, when different"),
      website: optionalText(500, "http(s) URL"),
      logoUrl: optionalText(500, "http(s) URL of the logo"),
      locale: optionalText(35, "BCP 47 language tag, e.g. ko-KR"),
      timezone: optionalText(64, "IANA time zone, e.g. Asia/Seoul"),
    },
    strict,
  ),
  document: t.Object({
    name: t.String(),
    displayName: t.Nullable(t.String()),
    website: t.Nullable(t.String()),
    logoUrl: t.Nullable(t.String()),
    locale: t.Nullable(t.String()),
    timezone: t.Nullable(t.String()),
  }),
};

const Security = {
  body: t.Object(
    {
      securityMode: stringEnum(SECURITY_MODES, { description: "standard | elevated | strict; permits derive their seal tier from it" }),
      requirePasskeyForAdmins: t.Boolean({ description: "Owners and admins must sign in with a passkey" }),
      sessionMaxAgeDays: integer({ minimum: 1, maximum: 30, description: "Dashboard sessions older than this are not accepted in this organization (1-30)" }),
      blockExternalSharing: t.Boolean({ description: "Refuse link sharing of files (changing it needs org.setting.block_external_sharing)" }),
      allowedEmailDomains: t.Array(hostname("E-mail domain"), { maxItems: 50, description: "Domains members' e-mail addresses must belong to; empty: any" }),
    },
    strict,
  ),
  document: t.Object({
    securityMode: stringEnum(SECURITY_MODES),
    requirePasskeyForAdmins: t.Boolean(),
    sessionMaxAgeDays: t.Integer(),
    blockExternalSharing: t.Boolean(),
    allowedEmailDomains: t.Array(t.String()),
  }),
};

const LoginDomain = t.Object(
  {
    domain: hostname("Hostname users sign in at, e.g. login.example.com (an apex domain works too)"),
    appGroupId: t.Optional(t.Nullable(t.String({ minLength: 1, maxLength: 100, description: "The app group whose hosted login it serves; null: the organization's default" }))),
  },
  strict,
);

const Domains = {
  body: t.Object({ customLoginDomains: t.Array(LoginDomain, { maxItems: 20, description: "Custom login domains (Pro; removal is always free)" }) }, strict),
  document: t.Object({ customLoginDomains: t.Array(t.Object({ domain: t.String(), appGroupId: t.Nullable(t.String()) })) }),
};

const ApiKeyScope = {
  body: t.Object(
    {
      defaultScopes: t.Array(t.String({ maxLength: 200 }), { maxItems: 200, description: "Scopes a new API key gets when its request names none; each within the caller's own" }),
      maxTokenLifetimeSeconds: t.Optional(
        integer({ minimum: TOKEN_LIFETIME.min, maximum: TOKEN_LIFETIME.max, description: "Ceiling of M2M token lifetimes, 60-300 s (default 300); longer ceilings are per key and need the owner's seal" }),
      ),
    },
    strict,
  ),
  document: t.Object({ defaultScopes: t.Array(t.String()), maxTokenLifetimeSeconds: t.Integer() }),
};

const Onboarding = {
  body: t.Object(
    {
      completedSteps: t.Array(t.String({ pattern: "^[a-z][a-z0-9_]*$", maxLength: 64 }), { maxItems: 50, description: "Identifiers of the steps done (lower_snake_case)" }),
      dismissed: t.Boolean({ description: "The owner closed the onboarding checklist" }),
    },
    strict,
  ),
  document: t.Object({ completedSteps: t.Array(t.String()), dismissed: t.Boolean() }),
};

const Notifications = {
  body: t.Object(
    {
      emails: t.Object(
        {
          billing: t.Boolean({ description: "Invoices, credit and payment notices" }),
          security: t.Boolean({ description: "Keys, seals and sign-in notices" }),
          members: t.Boolean({ description: "Invitations accepted and members removed" }),
        },
        strict,
      ),
      recipients: t.Array(t.String({ maxLength: 254 }), { maxItems: 20, description: "Extra addresses; the owner always receives them" }),
    },
    strict,
  ),
  document: t.Object({
    emails: t.Object({ billing: t.Boolean(), security: t.Boolean(), members: t.Boolean() }),
    recipients: t.Array(t.String()),
  }),
};

// ---------------------------------------------------------------------------
// Checks beyond the schemas

const HOST_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** A public DNS hostname, lower-cased, without a trailing dot; or 400 invalid_hostname. IPs and single labels are refused. */
function validHostname(value: string, field: string): string {
  const host = value.trim().toLowerCase().replace(/\.$/, "");
  const labels = host.split(".");
  const ok = host.length <= 253 && labels.length >= 2 && labels.every((l) => HOST_LABEL.test(l)) && /[a-z]/.test(labels.at(-1)!);
  if (!ok) throw new ApiError(400, "invalid_hostname", { field, message: "a DNS hostname such as login.example.com" });
  return host;
}

function validUrl(value: string | null | undefined, field: string): string | null {
  const text = value?.trim();
  if (!text) return null;
  let url: URL | null = null;
  try {
    url = new URL(text);
  } catch {}
  if (!url || (url.protocol !== "https:" && url.protocol !== "http:")) throw new ApiError(400, "invalid_url", { field, message: "an http or https URL" });
  return text;
}

function validLocale(value: string | null | undefined): string | null {
  const text = value?.trim();
  if (!text) return null;
  try {
    return Intl.getCanonicalLocales(text)[0]!;
  } catch {
    throw new ApiError(400, "invalid_locale", { field: "locale", message: "a BCP 47 language tag such as en or ko-KR" });
  }
}

function validTimezone(value: string | null | undefined): string | null {
  const text = value?.trim();
  if (!text) return null;
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: text }).resolvedOptions().timeZone;
  } catch {
    throw new ApiError(400, "invalid_timezone", { field: "timezone", message: "an IANA time zone such as Asia/Seoul or UTC" });
  }
}

function validEmailAt(value: string, field: string): string {
  try {
    return normaliseEmail(value);
  } catch (e) {
    if (e instanceof ApiError) throw new ApiError(400, e.code, { field, message: "an e-mail address" });
    throw e;
  }
}

const unique = <T>(list: readonly T[]): T[] => [...new Set(list)];

function duplicate(field: string): ApiError {
  return new ApiError(400, "duplicate_value", { field, message: "listed twice" });
}

// ---------------------------------------------------------------------------
// Sections

/** What a section's gate may consult: the transaction, the organization's current row, the caller. */
interface GateContext {
  tx: Tx;
  org: Organization;
  actor: OrgActor;
}

interface SectionDefinition<Body extends TSchema, Document extends TSchema> {
  /** The URL segment under /settings/. */
  path: string;
  /** The key of the section in GET /settings. */
  wireKey: string;
  body: Body;
  document: Document;
  summary: string;
  description: string;
  defaults(org: Pick<Organization, "name">): Static<Document>;
  /** Checks the body beyond its schema (400s) and returns the document to store. */
  normalise(body: Static<Body>, actor: OrgActor): Static<Document>;
  /** Gates that depend on the current state (plan, scopes for one field, other organizations). */
  authorise?(ctx: GateContext, next: Static<Document>, before: Static<Document>): Promise<void> | void;
}

function section<B extends TSchema, D extends TSchema>(definition: SectionDefinition<B, D>): SectionDefinition<B, D> {
  return definition;
}

export const SETTINGS_SECTIONS = {
  general: section({
    path: "general",
    wireKey: "general",
    ...General,
    summary: "Replace the general settings",
    description: "Name (1-200; renames the organization), displayName, website and logoUrl (http(s) URLs), locale (BCP 47) and timezone (IANA). Fields left out are cleared.",
    defaults: (org) => ({ name: org.name, displayName: null, website: null, logoUrl: null, locale: null, timezone: null }),
    normalise: (body) => ({
      name: validName(body.name),
      displayName: body.displayName?.trim() || null,
      website: validUrl(body.website, "website"),
      logoUrl: validUrl(body.logoUrl, "logoUrl"),
      locale: validLocale(body.locale),
      timezone: validTimezone(body.timezone),
    }),
  }),

  security: section({
    path: "security",
    wireKey: "security",
    ...Security,
    summary: "Replace the security settings",
    description:
      "Every field is required. Turning blockExternalSharing on or off needs the scope org.setting.block_external_sharing (403 PERMISSION_DENIED). allowedEmailDomains are hostnames, stored lower-case without duplicates.",
    defaults: () => ({ securityMode: "standard" as SecurityMode, requirePasskeyForAdmins: false, sessionMaxAgeDays: 30, blockExternalSharing: false, allowedEmailDomains: [] }),
    normalise: (body) => ({
      ...body,
      allowedEmailDomains: unique(body.allowedEmailDomains.map((d, i) => validHostname(d, `allowedEmailDomains[${i}]`))),
    }),
    authorise: ({ actor }, next, before) => {
      if (next.blockExternalSharing !== before.blockExternalSharing) assertCan(actor, SETTINGS_SCOPES.blockExternalSharing);
    },
  }),

  domains: section({
    path: "domains",
    wireKey: "domains",
    ...Domains,
    summary: "Replace the custom login domains",
    description:
      "Adding a domain needs Pro (403 UPGRADE_REQUIRED, feature custom_login_domain); keeping or removing domains is always allowed. A hostname used by another organization is 409 domain_in_use. Each domain and each appGroupId appears once.",
    defaults: () => ({ customLoginDomains: [] }),
    normalise: (body) => {
      const seenDomains = new Set<string>();
      const seenGroups = new Set<string>();
      return {
        customLoginDomains: body.customLoginDomains.map((entry, i) => {
          const domain = validHostname(entry.domain, `customLoginDomains[${i}].domain`);
          const appGroupId = entry.appGroupId ?? null;
          if (seenDomains.has(domain)) throw duplicate(`customLoginDomains[${i}].domain`);
          if (appGroupId !== null && seenGroups.has(appGroupId)) throw duplicate(`customLoginDomains[${i}].appGroupId`);
          seenDomains.add(domain);
          if (appGroupId !== null) seenGroups.add(appGroupId);
          return { domain, appGroupId };
        }),
      };
    },
    authorise: async ({ tx, org }, next, before) => {
      const had = new Set(before.customLoginDomains.map((d) => d.domain));
      if (next.customLoginDomains.some((d) => !had.has(d.domain))) requirePlan(org, "custom_login_domain");
      await assertDomainsFree(tx, org.id, next.customLoginDomains);
    },
  }),

  api_key_scope: section({
    path: "api-key-scope",
    wireKey: "apiKeyScope",
    ...ApiKeyScope,
    summary: "Replace the API key scope defaults",
    description:
      "defaultScopes follow the scope grammar (400 invalid_scope naming the entry) and must lie within the caller's own scopes (403 PERMISSION_DENIED): a key may only narrow. maxTokenLifetimeSeconds is 60-300, default 300.",
    defaults: () => ({ defaultScopes: [], maxTokenLifetimeSeconds: TOKEN_LIFETIME.default }),
    normalise: (body, actor) => {
      const defaultScopes = validateScopes(body.defaultScopes, "defaultScopes");
      body.defaultScopes.forEach((scope, i) => {
        if (!coversAll(actor.scopes, [scope])) {
          throw permissionErrors.error("permissionDenied", { field: `defaultScopes[${i}]`, scope, message: "a default scope must be one you hold" });
        }
      });
      return { defaultScopes, maxTokenLifetimeSeconds: body.maxTokenLifetimeSeconds ?? TOKEN_LIFETIME.default };
    },
  }),

  onboarding: section({
    path: "onboarding",
    wireKey: "onboarding",
    ...Onboarding,
    summary: "Replace the onboarding progress",
    description: "completedSteps are lower_snake_case identifiers (at most 50, duplicates dropped); dismissed hides the checklist.",
    defaults: () => ({ completedSteps: [], dismissed: false }),
    normalise: (body) => ({ completedSteps: unique(body.completedSteps), dismissed: body.dismissed }),
  }),

  notifications: section({
    path: "notifications",
    wireKey: "notifications",
    ...Notifications,
    summary: "Replace the notification settings",
    description: "Which e-mails the organization gets (billing, security, members) and up to 20 extra recipients (lower-cased, duplicates dropped).",
    defaults: () => ({ emails: { billing: true, security: true, members: true }, recipients: [] }),
    normalise: (body) => ({ emails: body.emails, recipients: unique(body.recipients.map((r, i) => validEmailAt(r, `recipients[${i}]`))) }),
  }),
};

export type SettingsSection = keyof typeof SETTINGS_SECTIONS;
export type SettingsBody<S extends SettingsSection> = Static<(typeof SETTINGS_SECTIONS)[S]["body"]>;
export type SettingsDocument<S extends SettingsSection> = Static<(typeof SETTINGS_SECTIONS)[S]["document"]>;

/** The GET /settings response: every section under its wire key. */
export const AllSettingsSchema = t.Object({
  general: General.document,
  security: Security.document,
  domains: Domains.document,
  apiKeyScope: ApiKeyScope.document,
  onboarding: Onboarding.document,
  notifications: Notifications.document,
});

/** Login hostnames route to one organization: 409 domain_in_use when another already lists one. */
async function assertDomainsFree(tx: Tx, orgId: string, domains: ReadonlyArray<{ domain: string }>): Promise<void> {
  // One lock for every organization's domains, so two cannot claim the same hostname at once.
  await tx.lock("org-settings:domains");
  const others = await tx
    .select({ value: orgSettings.value })
    .from(orgSettings)
    .where(and(eq(orgSettings.section, "domains"), ne(orgSettings.orgId, orgId)));
  const taken = new Set(others.flatMap((row) => ((row.value as SettingsDocument<"domains">).customLoginDomains ?? []).map((d) => d.domain)));
  const index = domains.findIndex((d) => taken.has(d.domain));
  if (index >= 0) {
    throw new ApiError(409, "domain_in_use", { field: `customLoginDomains[${index}].domain`, message: `${domains[index]!.domain} is used by another organization` });
  }
}

// ---------------------------------------------------------------------------
// Reading and writing

/** A stored document over the section's defaults (fields added later read as their defaults); general's name is the organization's. */
function withDefaults<S extends SettingsSection>(section: S, org: Pick<Organization, "name">, stored: unknown): SettingsDocument<S> {
  const merged = { ...SETTINGS_SECTIONS[section].defaults(org), ...((stored as object | null) ?? {}) };
  return (section === "general" ? { ...merged, name: org.name } : merged) as SettingsDocument<S>;
}

/** One section of an organization's settings, with defaults (for other modules: files read security, keys read api_key_scope). */
// Prepared: the org guard reads the security section on every dashboard request.
const settingsSectionQuery = preparedQuery((db) =>
  db.select({ value: orgSettings.value }).from(orgSettings).where(and(eq(orgSettings.orgId, sql.placeholder("orgId")), eq(orgSettings.section, sql.placeholder("section")))).prepare(),
);

export async function readSettingsSection<S extends SettingsSection>(reader: Queryable, org: Pick<Organization, "id" | "name">, section: S): Promise<SettingsDocument<S>> {
  const [row] = await settingsSectionQuery(reader).execute({ orgId: org.id, section });
  return withDefaults(section, org, row?.value);
}

/** The organization's security mode (spec 5.5: permits derive their seal tier from it). */
export async function securityModeOf(reader: Queryable, orgId: string): Promise<SecurityMode> {
  return (await readSettingsSection(reader, { id: orgId, name: "" }, "security")).securityMode;
}

/** GET /api/org/{slug}/settings: every section, with defaults where none was written. Needs org.setting.read. */
export async function readSettings(deps: Pick<AppContext, "db">, actor: OrgActor, org: Organization): Promise<Static<typeof AllSettingsSchema>> {
  assertCan(actor, SETTINGS_SCOPES.read);
  const rows = await deps.db.read.select({ section: orgSettings.section, value: orgSettings.value }).from(orgSettings).where(eq(orgSettings.orgId, org.id));
  const stored = new Map(rows.map((r) => [r.section, r.value]));
  return Object.fromEntries(
    (Object.keys(SETTINGS_SECTIONS) as SettingsSection[]).map((key) => [SETTINGS_SECTIONS[key].wireKey, withDefaults(key, org, stored.get(key))]),
  ) as Static<typeof AllSettingsSchema>;
}

/**
 * PUT /api/org/{slug}/settings/{section}: needs org.setting.update. Replaces the
 * section's document, with org.settings.<section>_updated {before, after} in the same
 * transaction; general also renames the organization. An identical document changes
 * and records nothing.
 */
export async function updateSettingsSection<S extends SettingsSection>(
  deps: Pick<AppContext, "db" | "clock">,
  actor: OrgActing,
  org: Organization,
  section: S,
  body: SettingsBody<S>,
): Promise<SettingsDocument<S>> {
  assertCan(actor, SETTINGS_SCOPES.update);
  // Widened once here: each section's functions take its own body and document types.
  const definition = SETTINGS_SECTIONS[section] as unknown as SectionDefinition<TSchema, TSchema>;
  const next = definition.normalise(body, actor) as SettingsDocument<S>;
  return deps.db.write(async (tx) => {
    await tx.lock(`org-settings:${org.id}:${section}`);
    const [current] = await tx.select().from(organizations).where(eq(organizations.id, org.id));
    if (!current) throw new ApiError(404, "not_found", { message: "no such organization" });
    const before = await readSettingsSection(tx, current, section);
    await definition.authorise?.({ tx, org: current, actor }, next, before);
    if (canonicalJson(before) === canonicalJson(next)) return next;

    const at = deps.clock.now();
    await tx
      .insert(orgSettings)
      .values({ id: newId(), orgId: org.id, section, value: next as Record<string, unknown>, updatedAt: at, updatedBy: actor.userId })
      .onConflictDoUpdate({ target: [orgSettings.orgId, orgSettings.section], set: { value: next as Record<string, unknown>, updatedAt: at, updatedBy: actor.userId } });
    if (section === "general") {
      await tx.update(organizations).set({ name: (next as SettingsDocument<"general">).name }).where(eq(organizations.id, org.id));
    }
    await appendAudit(tx, {
      orgId: org.id,
      type: `org.settings.${section}_updated`,
      actor: { kind: "user", id: actor.userId },
      payload: { before, after: next },
      requestId: actor.requestId,
      at,
    });
    return next;
  });
}
