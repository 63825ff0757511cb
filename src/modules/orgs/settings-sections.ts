/**
 * The settings sections orgs owns (spec 4.3): general, security, onboarding and
 * notifications. The store and the routes are settings.ts; other modules declare their
 * own sections (access: API key defaults, customers: custom login domains).
 */
import { eq } from "drizzle-orm";
import { t } from "elysia";
import type { Queryable } from "../../platform/db/database";
import { ApiError } from "../../platform/http/errors";
import { jsonInteger, stringEnum } from "../../platform/http/wire-schemas";
import { normaliseEmail } from "../identity/index";
import { settingsErrors } from "./errors";
import { KNOWN_SCOPES } from "./permissions/roles";
import { assertCan } from "./permissions/service";
import { organizations } from "./schema";
import { orgSettingsSection, readSettingsSection, uniqueValues, validHostname } from "./settings";
import { validName } from "./service";

/** Security modes, weakest first; permits derive their seal tier from the mode (spec 5.5). */
export const SECURITY_MODES = ["standard", "elevated", "strict"] as const;
export type SecurityMode = (typeof SECURITY_MODES)[number];

const strict = { additionalProperties: false } as const;
const optionalText = (maxLength: number, description?: string) => t.Optional(t.Nullable(t.String({ maxLength, description })));
const hostname = (description: string) => t.String({ minLength: 1, maxLength: 253, description });

function validUrl(value: string | null | undefined, field: string): string | null {
  const text = value?.trim();
  if (!text) return null;
  let url: URL | null = null;
  try {
    url = new URL(text);
  } catch {}
  if (!url || (url.protocol !== "https:" && url.protocol !== "http:")) throw settingsErrors.error("invalidUrl", { field, message: "an http or https URL" });
  return text;
}

function validLocale(value: string | null | undefined): string | null {
  const text = value?.trim();
  if (!text) return null;
  try {
    return Intl.getCanonicalLocales(text)[0]!;
  } catch {
    throw settingsErrors.error("invalidLocale", { field: "locale", message: "a BCP 47 language tag such as en or ko-KR" });
  }
}

function validTimezone(value: string | null | undefined): string | null {
  const text = value?.trim();
  if (!text) return null;
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: text }).resolvedOptions().timeZone;
  } catch {
    throw settingsErrors.error("invalidTimezone", { field: "timezone", message: "an IANA time zone such as Asia/Seoul or UTC" });
  }
}

function validEmailAt(value: string, field: string): string {
  try {
    return normaliseEmail(value);
  } catch (e) {
    if (e instanceof ApiError) throw settingsErrors.error("invalidEmail", { field, message: "an e-mail address" });
    throw e;
  }
}

export const generalSettings = orgSettingsSection({
  key: "general",
  path: "general",
  wireKey: "general",
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
  summary: "Replace the general settings",
  description: "Name (1-200; renames the organization), displayName, website and logoUrl (http(s) URLs), locale (BCP 47) and timezone (IANA). Fields left out are cleared.",
  eventDescription: "General settings replaced",
  defaults: (org) => ({ name: org.name, displayName: null, website: null, logoUrl: null, locale: null, timezone: null }),
  // The name is the organization's own: a rename elsewhere shows here.
  fromOrg: (org) => ({ name: org.name }),
  normalise: (body) => ({
    name: validName(body.name),
    displayName: body.displayName?.trim() || null,
    website: validUrl(body.website, "website"),
    logoUrl: validUrl(body.logoUrl, "logoUrl"),
    locale: validLocale(body.locale),
    timezone: validTimezone(body.timezone),
  }),
  apply: async (tx, org, next) => {
    await tx.update(organizations).set({ name: next.name }).where(eq(organizations.id, org.id));
  },
});

export const securitySettings = orgSettingsSection({
  key: "security",
  path: "security",
  wireKey: "security",
  body: t.Object(
    {
      securityMode: stringEnum(SECURITY_MODES, { description: "standard | elevated | strict; permits derive their seal tier from it" }),
      requirePasskeyForAdmins: t.Boolean({ description: "Owners and admins must sign in with a passkey" }),
      sessionMaxAgeDays: jsonInteger({ minimum: 1, maximum: 30, description: "Dashboard sessions older than this are not accepted in this organization (1-30)" }),
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
  summary: "Replace the security settings",
  description:
    "Every field is required. Turning blockExternalSharing on or off needs the scope org.setting.block_external_sharing (403 PERMISSION_DENIED). allowedEmailDomains are hostnames, stored lower-case without duplicates.",
  eventDescription: "Security settings replaced (a sealed record)",
  defaults: () => ({ securityMode: "standard" as SecurityMode, requirePasskeyForAdmins: false, sessionMaxAgeDays: 30, blockExternalSharing: false, allowedEmailDomains: [] }),
  normalise: (body) => ({
    ...body,
    allowedEmailDomains: uniqueValues(body.allowedEmailDomains.map((d, i) => validHostname(d, `allowedEmailDomains[${i}]`))),
  }),
  authorise: ({ actor }, next, before) => {
    if (next.blockExternalSharing !== before.blockExternalSharing) assertCan(actor, KNOWN_SCOPES.blockExternalSharing);
  },
});

/** The organization's security mode (spec 5.5: permits derive their seal tier from it). */
export async function securityModeOf(reader: Queryable, orgId: string): Promise<SecurityMode> {
  return (await readSettingsSection(reader, { id: orgId, name: "" }, securitySettings)).securityMode;
}

/** The organization's locale (general settings, BCP 47), or null: its mails to people with no language of their own use it. */
export async function orgLocaleOf(reader: Queryable, orgId: string): Promise<string | null> {
  return (await readSettingsSection(reader, { id: orgId, name: "" }, generalSettings)).locale;
}

export const onboardingSettings = orgSettingsSection({
  key: "onboarding",
  path: "onboarding",
  wireKey: "onboarding",
  body: t.Object(
    {
      completedSteps: t.Array(t.String({ pattern: "^[a-z][a-z0-9_]*$", maxLength: 64 }), { maxItems: 50, description: "Identifiers of the steps done (lower_snake_case)" }),
      dismissed: t.Boolean({ description: "The owner closed the onboarding checklist" }),
    },
    strict,
  ),
  document: t.Object({ completedSteps: t.Array(t.String()), dismissed: t.Boolean() }),
  summary: "Replace the onboarding progress",
  description: "completedSteps are lower_snake_case identifiers (at most 50, duplicates dropped); dismissed hides the checklist.",
  eventDescription: "Onboarding settings replaced",
  defaults: () => ({ completedSteps: [], dismissed: false }),
  normalise: (body) => ({ completedSteps: uniqueValues(body.completedSteps), dismissed: body.dismissed }),
});

export const notificationSettings = orgSettingsSection({
  key: "notifications",
  path: "notifications",
  wireKey: "notifications",
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
  summary: "Replace the notification settings",
  description: "Which e-mails the organization gets (billing, security, members) and up to 20 extra recipients (lower-cased, duplicates dropped).",
  eventDescription: "Notification settings replaced",
  defaults: () => ({ emails: { billing: true, security: true, members: true }, recipients: [] }),
  normalise: (body) => ({ emails: body.emails, recipients: uniqueValues(body.recipients.map((r, i) => validEmailAt(r, `recipients[${i}]`))) }),
});
