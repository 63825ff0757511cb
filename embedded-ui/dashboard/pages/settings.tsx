/**
 * Organization settings: general, security (with the block-external-sharing switch),
 * notifications, the onboarding checklist and the API key defaults. Each section is replaced as a whole, so each form sends all its fields.
 */
import { useState } from "preact/hooks";
import { api, ApiProblem } from "../api";
import { EmptyState, Field, Form, Loaded, Section, Select, Toggle, useLoad } from "../components";
import { useSession, type Org } from "../session";
import { useT } from "../language";

interface General {
  name: string;
  displayName: string | null;
  website: string | null;
  logoUrl: string | null;
  locale: string | null;
  timezone: string | null;
}

interface Security {
  securityMode: "standard" | "elevated" | "strict";
  requirePasskeyForAdmins: boolean;
  sessionMaxAgeDays: number;
  blockExternalSharing: boolean;
  allowedEmailDomains: string[];
}

interface Notifications {
  emails: { billing: boolean; security: boolean; members: boolean };
  recipients: string[];
}

interface Onboarding {
  completedSteps: string[];
  dismissed: boolean;
}

interface ApiKeyScope {
  defaultScopes: string[];
  maxTokenLifetimeSeconds: number;
}

interface Settings {
  general: General;
  security: Security;
  notifications: Notifications;
  onboarding: Onboarding;
  apiKeyScope: ApiKeyScope;
}

/** The console's onboarding checklist: step identifiers stored in settings/onboarding, each with where it is done. */
const ONBOARDING_STEPS = [
  { id: "master_seal", page: "" },
  { id: "invite_members", page: "/members" },
  { id: "create_app", page: "/apps" },
  { id: "create_api_key", page: "/keys" },
  { id: "review_security", page: "/settings" },
] as const;

const list = (text: string) => text.split(/[\s,]+/).filter(Boolean);
const orNull = (text: string) => text.trim() || null;
const text = (e: Event) => (e.target as HTMLInputElement).value;

export function SettingsPage({ org }: { org: Org }) {
  const t = useT();
  const settings = useLoad(() => api<Settings>("GET", `/api/org/${org.slug}/settings`), [org.slug]);
  if (settings.error instanceof ApiProblem && settings.error.status === 403) {
    return (
      <>
        <h1>{t("settings.title")}</h1>
        <EmptyState title={t("settings.ownersOnly")} />
      </>
    );
  }
  return (
    <>
      <div class="page-head">
        <h1>{t("settings.title")}</h1>
      </div>
      <Loaded state={settings} what={t("settings.what")}>
        {(s) => (
          <>
            <GeneralForm org={org} initial={s.general} />
            <SecurityForm org={org} initial={s.security} />
            <NotificationsForm org={org} initial={s.notifications} />
            <OnboardingForm org={org} initial={s.onboarding} />
            <ApiKeyDefaultsForm org={org} initial={s.apiKeyScope} />
          </>
        )}
      </Loaded>
    </>
  );
}

function Saved({ at }: { at: number | null }) {
  const t = useT();
  return at ? (
    <p role="status" class="success">
      {t("settings.saved")}
    </p>
  ) : null;
}

function GeneralForm({ org, initial }: { org: Org; initial: General }) {
  const t = useT();
  const { reloadOrgs } = useSession();
  const [form, setForm] = useState(initial);
  const [saved, setSaved] = useState<number | null>(null);
  const field = (key: keyof General) => ({ value: form[key] ?? "", onInput: (e: Event) => setForm({ ...form, [key]: text(e) }) });
  const save = async () => {
    setSaved(null);
    const body = {
      name: form.name.trim(),
      displayName: orNull(form.displayName ?? ""),
      website: orNull(form.website ?? ""),
      logoUrl: orNull(form.logoUrl ?? ""),
      locale: orNull(form.locale ?? ""),
      timezone: orNull(form.timezone ?? ""),
    };
    setForm(await api<General>("PUT", `/api/org/${org.slug}/settings/general`, body));
    setSaved(Date.now());
    await reloadOrgs();
  };
  return (
    <Section title={t("settings.general")} id="settings-general">
      <Form onSubmit={save} submitLabel={t("settings.saveGeneral")} done={t("settings.savedGeneral")}>
        <Field label={t("settings.name")} required maxLength={200} {...field("name")} />
        <Field label={t("settings.displayName")} maxLength={200} {...field("displayName")} />
        <Field label={t("settings.website")} type="url" maxLength={500} placeholder={"https://example.com"} {...field("website")} />
        <Field label={t("settings.logoUrl")} type="url" maxLength={500} {...field("logoUrl")} />
        <Field label={t("settings.locale")} maxLength={35} placeholder={"en-GB"} {...field("locale")} />
        <Field label={t("settings.timezone")} maxLength={64} placeholder={"Europe/London"} {...field("timezone")} />
      </Form>
      <Saved at={saved} />
    </Section>
  );
}

function SecurityForm({ org, initial }: { org: Org; initial: Security }) {
  const t = useT();
  const [form, setForm] = useState(initial);
  const [domains, setDomains] = useState(initial.allowedEmailDomains.join(", "));
  const [saved, setSaved] = useState<number | null>(null);
  const save = async () => {
    setSaved(null);
    const stored = await api<Security>("PUT", `/api/org/${org.slug}/settings/security`, { ...form, sessionMaxAgeDays: Number(form.sessionMaxAgeDays), allowedEmailDomains: list(domains) });
    setForm(stored);
    setDomains(stored.allowedEmailDomains.join(", "));
    setSaved(Date.now());
  };
  return (
    <Section title={t("settings.security")} id="settings-security">
      <Form onSubmit={save} submitLabel={t("settings.saveSecurity")} done={t("settings.savedSecurity")}>
        <Select
          label={t("settings.securityMode")}
          value={form.securityMode}
          onChange={(securityMode) => setForm({ ...form, securityMode: securityMode as Security["securityMode"] })}
          options={[
            ["standard", t("settings.mode.standard")],
            ["elevated", t("settings.mode.elevated")],
            ["strict", t("settings.mode.strict")],
          ]}
        />
        <Toggle label={t("settings.passkeyForAdmins")} checked={form.requirePasskeyForAdmins} onChange={(on) => setForm({ ...form, requirePasskeyForAdmins: on })} />
        <Toggle
          id="block-external-sharing"
          label={t("settings.blockSharing")}
          checked={form.blockExternalSharing}
          onChange={(on) => setForm({ ...form, blockExternalSharing: on })}
        />
        <Field
          label={t("settings.sessionDays")}
          type="number"
          min={1}
          max={30}
          required
          value={String(form.sessionMaxAgeDays)}
          onInput={(e) => setForm({ ...form, sessionMaxAgeDays: Number(text(e)) })}
        />
        <Field label={t("settings.domains")} hint={t("settings.domainsHint")} value={domains} onInput={(e) => setDomains(text(e))} />
      </Form>
      <Saved at={saved} />
    </Section>
  );
}

function NotificationsForm({ org, initial }: { org: Org; initial: Notifications }) {
  const t = useT();
  const [emails, setEmails] = useState(initial.emails);
  const [recipients, setRecipients] = useState(initial.recipients.join(", "));
  const [saved, setSaved] = useState<number | null>(null);
  const save = async () => {
    setSaved(null);
    const stored = await api<Notifications>("PUT", `/api/org/${org.slug}/settings/notifications`, { emails, recipients: list(recipients) });
    setEmails(stored.emails);
    setRecipients(stored.recipients.join(", "));
    setSaved(Date.now());
  };
  return (
    <Section title={t("settings.notifications")} id="settings-notifications">
      <Form onSubmit={save} submitLabel={t("settings.saveNotifications")} done={t("settings.savedNotifications")}>
        <Toggle label={t("settings.billingMails")} checked={emails.billing} onChange={(billing) => setEmails({ ...emails, billing })} />
        <Toggle label={t("settings.securityMails")} checked={emails.security} onChange={(security) => setEmails({ ...emails, security })} />
        <Toggle label={t("settings.memberMails")} checked={emails.members} onChange={(members) => setEmails({ ...emails, members })} />
        <Field label={t("settings.recipients")} hint={t("settings.recipientsHint")} value={recipients} onInput={(e) => setRecipients(text(e))} />
      </Form>
      <Saved at={saved} />
    </Section>
  );
}

function OnboardingForm({ org, initial }: { org: Org; initial: Onboarding }) {
  const t = useT();
  const [done, setDone] = useState(new Set(initial.completedSteps));
  const [dismissed, setDismissed] = useState(initial.dismissed);
  const [saved, setSaved] = useState<number | null>(null);
  const mark = (id: string, on: boolean) => {
    const next = new Set(done);
    if (on) next.add(id);
    else next.delete(id);
    setDone(next);
  };
  const save = async () => {
    setSaved(null);
    // Steps this page does not list (set through the API) are kept as they are.
    const stored = await api<Onboarding>("PUT", `/api/org/${org.slug}/settings/onboarding`, { completedSteps: [...done], dismissed });
    setDone(new Set(stored.completedSteps));
    setDismissed(stored.dismissed);
    setSaved(Date.now());
  };
  return (
    <Section title={t("settings.onboarding")} id="settings-onboarding">
      <p class="muted">
        {t("settings.onboardingHint", { done: ONBOARDING_STEPS.filter((s) => done.has(s.id)).length, total: ONBOARDING_STEPS.length })}
      </p>
      <Form onSubmit={save} submitLabel={t("settings.saveOnboarding")} done={t("settings.savedOnboarding")}>
        {ONBOARDING_STEPS.map((step) => (
          <div key={step.id} class="onboarding-step">
            <Toggle id={`onboarding-${step.id}`} label={t(`settings.step.${step.id}`)} checked={done.has(step.id)} onChange={(on) => mark(step.id, on)} />{" "}
            <a href={`/orgs/${org.slug}${step.page}`} data-route>
              {t("settings.goThere")}
              <span class="visually-hidden">{t("settings.goThereTo", { step: t(`settings.step.${step.id}`).toLowerCase() })}</span>
            </a>
          </div>
        ))}
        <Toggle id="onboarding-dismissed" label={t("settings.dismiss")} checked={dismissed} onChange={setDismissed} />
      </Form>
      <Saved at={saved} />
    </Section>
  );
}

function ApiKeyDefaultsForm({ org, initial }: { org: Org; initial: ApiKeyScope }) {
  const t = useT();
  const [scopes, setScopes] = useState(initial.defaultScopes.join(" "));
  const [lifetime, setLifetime] = useState(String(initial.maxTokenLifetimeSeconds));
  const [saved, setSaved] = useState<number | null>(null);
  const save = async () => {
    setSaved(null);
    const stored = await api<ApiKeyScope>("PUT", `/api/org/${org.slug}/settings/api-key-scope`, { defaultScopes: list(scopes), maxTokenLifetimeSeconds: Number(lifetime) });
    setScopes(stored.defaultScopes.join(" "));
    setLifetime(String(stored.maxTokenLifetimeSeconds));
    setSaved(Date.now());
  };
  return (
    <Section title={t("settings.apiKeyDefaults")} id="settings-api-key-scope">
      <Form onSubmit={save} submitLabel={t("settings.saveApiKeyDefaults")} done={t("settings.savedApiKeyDefaults")}>
        <Field
          label={t("settings.defaultScopes")}
          id="default-key-scopes"
          hint={t("settings.defaultScopesHint")}
          value={scopes}
          onInput={(e) => setScopes(text(e))}
        />
        <Field
          label={t("settings.tokenLifetime")}
          id="default-token-lifetime"
          hint={t("settings.tokenLifetimeHint")}
          type="number"
          min={60}
          max={300}
          required
          value={lifetime}
          onInput={(e) => setLifetime(text(e))}
        />
      </Form>
      <Saved at={saved} />
    </Section>
  );
}
