/**
 * Organization settings: one JSON document per section in org_settings (spec 4.3). The
 * sections are declared by the modules whose rules they carry (`settings` in module.ts,
 * platform/settings.ts): orgs declares general, security, onboarding and notifications
 * (settings-sections.ts), access the API key defaults, customers the custom login
 * domains. Orgs stores every section and serves GET /settings and one PUT per section.
 *
 * Each section has a body schema (validated by the route, so a wrong type or an unknown
 * field is a 400 naming it), checks beyond the schema, defaults for an organization that
 * never wrote it, and gates. PUT replaces the whole document: an optional field left out
 * takes its default. A module reads its own section, typed, with readSettingsSection and
 * the definition. The contract is documented in docs/organizations.md.
 */
import { and, eq, ne, sql } from "drizzle-orm";
import { t, type Static, type TSchema } from "elysia";
import type { AppContext } from "../../context";
import type { Queryable, Tx } from "../../platform/db/database";
import { preparedQuery } from "../../platform/db/prepared";
import { appendAudit } from "../../platform/audit/append";
import { canonicalJson } from "../../platform/crypto/canonical-json";
import type { ApiError } from "../../platform/http/errors";
import { newId } from "../../platform/ids";
import type { AnySettingsSection, SettingsSectionDefinition } from "../../platform/settings";
import { assertCan } from "./permissions/service";
import type { Caller, Organization, OrgActor } from "./access";
import { orgErrors, settingsErrors } from "./errors";
import { organizations, orgSettings } from "./schema";

export const SETTINGS_SCOPES = { read: "org.setting.read", update: "org.setting.update" } as const;

/** A settings section as orgs runs it: its gates see the organization's row and the caller. */
export type OrgSettingsSection<Body extends TSchema, Document extends TSchema> = SettingsSectionDefinition<Body, Document, Organization, OrgActor, AppContext>;

/** Declares a section (types the body and document once, from the schemas). */
export function orgSettingsSection<Body extends TSchema, Document extends TSchema>(definition: OrgSettingsSection<Body, Document>): OrgSettingsSection<Body, Document> {
  return definition;
}

/** The sections of the assembled modules, in list order. */
export function settingsSectionsOf(modules: readonly { settings?: readonly AnySettingsSection[] }[]): AnySettingsSection[] {
  return modules.flatMap((m) => m.settings ?? []);
}

/** The GET /settings response: every section's document under its wire key. */
export function allSettingsSchema(sections: readonly AnySettingsSection[]) {
  return t.Object(Object.fromEntries(sections.map((s) => [s.wireKey, s.document])));
}

// ---------------------------------------------------------------------------
// Checks several sections share

const HOST_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** A public DNS hostname, lower-cased, without a trailing dot; or 400 invalid_hostname. IPs and single labels are refused. */
export function validHostname(value: string, field: string): string {
  const host = value.trim().toLowerCase().replace(/\.$/, "");
  const labels = host.split(".");
  const ok = host.length <= 253 && labels.length >= 2 && labels.every((l) => HOST_LABEL.test(l)) && /[a-z]/.test(labels.at(-1)!);
  if (!ok) throw settingsErrors.error("invalidHostname", { field, message: "a DNS hostname such as login.example.com" });
  return host;
}

export const uniqueValues = <T>(list: readonly T[]): T[] => [...new Set(list)];

/** 400 duplicate_value: a list entry that must appear once appears twice. */
export function duplicateValue(field: string): ApiError {
  return settingsErrors.error("duplicateValue", { field, message: "listed twice" });
}

// ---------------------------------------------------------------------------
// Reading and writing

/** A stored document over the section's defaults (fields added later read as their defaults), and what always comes from the org. */
function withDefaults<D extends TSchema>(section: SettingsSectionDefinition<TSchema, D, any, any, any>, org: { name: string }, stored: unknown): Static<D> {
  return { ...(section.defaults(org) as object), ...((stored as object | null) ?? {}), ...(section.fromOrg?.(org) as object | undefined) } as Static<D>;
}

// Prepared: the org guard reads the security section on every dashboard request.
const settingsSectionQuery = preparedQuery((db) =>
  db.select({ value: orgSettings.value }).from(orgSettings).where(and(eq(orgSettings.orgId, sql.placeholder("orgId")), eq(orgSettings.section, sql.placeholder("section")))).prepare(),
);

/** One section of an organization's settings, with defaults. */
export async function readSettingsSection<D extends TSchema>(
  reader: Queryable,
  org: Pick<Organization, "id" | "name">,
  section: SettingsSectionDefinition<TSchema, D, any, any, any>,
): Promise<Static<D>> {
  const [row] = await settingsSectionQuery(reader).execute({ orgId: org.id, section: section.key });
  return withDefaults(section, org, row?.value);
}

/** The section as every other organization stored it (for rules across organizations: a hostname claimed once). */
export async function sectionOfOtherOrganizations<D extends TSchema>(tx: Tx, orgId: string, section: SettingsSectionDefinition<TSchema, D, any, any, any>): Promise<Static<D>[]> {
  const rows = await tx
    .select({ value: orgSettings.value })
    .from(orgSettings)
    .where(and(eq(orgSettings.section, section.key), ne(orgSettings.orgId, orgId)));
  return rows.map((row) => withDefaults(section, { name: "" }, row.value));
}

/** GET /api/org/{slug}/settings: every section, with defaults where none was written. Needs org.setting.read. */
export async function readSettings(deps: Pick<AppContext, "db">, sections: readonly AnySettingsSection[], actor: OrgActor, org: Organization): Promise<Record<string, unknown>> {
  assertCan(actor, SETTINGS_SCOPES.read);
  const rows = await deps.db.read.select({ section: orgSettings.section, value: orgSettings.value }).from(orgSettings).where(eq(orgSettings.orgId, org.id));
  const stored = new Map(rows.map((r) => [r.section, r.value]));
  return Object.fromEntries(sections.map((section) => [section.wireKey, withDefaults(section, org, stored.get(section.key))]));
}

/**
 * PUT /api/org/{slug}/settings/{path}: needs org.setting.update. Replaces the section's
 * document, with org.settings.<key>_updated {before, after} in the same transaction (and
 * what the section also writes elsewhere: general renames the organization). An identical
 * document changes and records nothing.
 */
export async function updateSettingsSection<B extends TSchema, D extends TSchema>(
  deps: AppContext,
  c: Caller<OrgActor>,
  section: OrgSettingsSection<B, D>,
  body: Static<B>,
): Promise<Static<D>> {
  const { actor, org } = c;
  assertCan(actor, SETTINGS_SCOPES.update);
  const next = section.normalise(body, actor);
  const written = await deps.db.write(async (tx) => {
    await tx.lock(`org-settings:${org.id}:${section.key}`);
    const [current] = await tx.select().from(organizations).where(eq(organizations.id, org.id));
    if (!current) throw orgErrors.error("notFound", { message: "no such organization" });
    const before = await readSettingsSection(tx, current, section);
    await section.authorise?.({ tx, org: current, actor, deps }, next, before);
    if (canonicalJson(before) === canonicalJson(next)) return { next, current, changed: false };

    const at = deps.clock.now();
    const value = next as Record<string, unknown>;
    await tx
      .insert(orgSettings)
      .values({ id: newId(), orgId: org.id, section: section.key, value, updatedAt: at, updatedBy: actor.userId })
      .onConflictDoUpdate({ target: [orgSettings.orgId, orgSettings.section], set: { value, updatedAt: at, updatedBy: actor.userId } });
    await section.apply?.(tx, current, next, deps);
    await appendAudit(tx, {
      orgId: org.id,
      type: `org.settings.${section.key}_updated`,
      actor: { kind: "user", id: actor.userId },
      payload: { before, after: next },
      requestId: c.requestId,
      at,
    });
    return { next, current, changed: true };
  });
  if (written.changed) await section.committed?.(deps, written.current, written.next);
  return written.next;
}
