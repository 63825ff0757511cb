/**
 * Organization settings: general, security (with the block-external-sharing switch),
 * notifications, the onboarding checklist and the API key defaults. Each section is replaced as a whole, so each form sends all its fields.
 */
import { useState } from "preact/hooks";
import { api, ApiProblem } from "../api";
import { EmptyState, Field, Form, Loaded, Section, Select, Toggle, useLoad } from "../components";
import { useSession, type Org } from "../session";

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
const ONBOARDING_STEPS: { id: string; label: string; page: string }[] = [
  { id: "master_seal", label: "Create the Org Master Seal", page: "" },
  { id: "invite_members", label: "Invite your team", page: "/members" },
  { id: "create_app", label: "Create an app group and an application", page: "/apps" },
  { id: "create_api_key", label: "Create an API key for your backend", page: "/keys" },
  { id: "review_security", label: "Review the security settings", page: "/settings" },
];

const list = (text: string) => text.split(/[\s,]+/).filter(Boolean);
const orNull = (text: string) => text.trim() || null;
const text = (e: Event) => (e.target as HTMLInputElement).value;

export function SettingsPage({ org }: { org: Org }) {
  const settings = useLoad(() => api<Settings>("GET", `/api/org/${org.slug}/settings`), [org.slug]);
  if (settings.error instanceof ApiProblem && settings.error.status === 403) {
    return (
      <>
        <h1>Settings</h1>
        <EmptyState title="Only the owner and admins can see the settings." />
      </>
    );
  }
  return (
    <>
      <div class="page-head">
        <h1>Settings</h1>
      </div>
      <Loaded state={settings} what="settings">
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
  return at ? (
    <p role="status" class="success">
      Saved.
    </p>
  ) : null;
}

function GeneralForm({ org, initial }: { org: Org; initial: General }) {
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
    <Section title="General" id="settings-general">
      <Form onSubmit={save} submitLabel="Save general settings">
        <Field label="Name" required maxLength={200} {...field("name")} />
        <Field label="Display name for end users" maxLength={200} {...field("displayName")} />
        <Field label="Website" type="url" maxLength={500} placeholder="https://example.com" {...field("website")} />
        <Field label="Logo URL" type="url" maxLength={500} {...field("logoUrl")} />
        <Field label="Language (BCP 47)" maxLength={35} placeholder="en-GB" {...field("locale")} />
        <Field label="Time zone (IANA)" maxLength={64} placeholder="Europe/London" {...field("timezone")} />
      </Form>
      <Saved at={saved} />
    </Section>
  );
}

function SecurityForm({ org, initial }: { org: Org; initial: Security }) {
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
    <Section title="Security" id="settings-security">
      <Form onSubmit={save} submitLabel="Save security settings">
        <Select
          label="Security mode (the seal tier of permits)"
          value={form.securityMode}
          onChange={(securityMode) => setForm({ ...form, securityMode: securityMode as Security["securityMode"] })}
          options={[
            ["standard", "Standard"],
            ["elevated", "Elevated"],
            ["strict", "Strict"],
          ]}
        />
        <Toggle label="Owners and admins must sign in with a passkey" checked={form.requirePasskeyForAdmins} onChange={(on) => setForm({ ...form, requirePasskeyForAdmins: on })} />
        <Toggle
          id="block-external-sharing"
          label="Block external sharing: no file may be shared by link"
          checked={form.blockExternalSharing}
          onChange={(on) => setForm({ ...form, blockExternalSharing: on })}
        />
        <Field
          label="Longest dashboard session accepted (days)"
          type="number"
          min={1}
          max={30}
          required
          value={String(form.sessionMaxAgeDays)}
          onInput={(e) => setForm({ ...form, sessionMaxAgeDays: Number(text(e)) })}
        />
        <Field label="Allowed e-mail domains" hint="Separated by commas; empty allows any address." value={domains} onInput={(e) => setDomains(text(e))} />
      </Form>
      <Saved at={saved} />
    </Section>
  );
}

function NotificationsForm({ org, initial }: { org: Org; initial: Notifications }) {
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
    <Section title="Notifications" id="settings-notifications">
      <Form onSubmit={save} submitLabel="Save notification settings">
        <Toggle label="Billing: invoices, credit and payment notices" checked={emails.billing} onChange={(billing) => setEmails({ ...emails, billing })} />
        <Toggle label="Security: keys, seals and sign-in notices" checked={emails.security} onChange={(security) => setEmails({ ...emails, security })} />
        <Toggle label="Members: invitations accepted and members removed" checked={emails.members} onChange={(members) => setEmails({ ...emails, members })} />
        <Field label="Extra recipients" hint="Up to 20 addresses, separated by commas; the owner always receives them." value={recipients} onInput={(e) => setRecipients(text(e))} />
      </Form>
      <Saved at={saved} />
    </Section>
  );
}

function OnboardingForm({ org, initial }: { org: Org; initial: Onboarding }) {
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
    <Section title="Onboarding" id="settings-onboarding">
      <p class="muted">
        The first steps of a new organization. Mark what is done; dismissing hides the checklist for everyone. ({ONBOARDING_STEPS.filter((s) => done.has(s.id)).length} of {ONBOARDING_STEPS.length} done)
      </p>
      <Form onSubmit={save} submitLabel="Save onboarding">
        {ONBOARDING_STEPS.map((step) => (
          <div key={step.id} class="onboarding-step">
            <Toggle id={`onboarding-${step.id}`} label={step.label} checked={done.has(step.id)} onChange={(on) => mark(step.id, on)} />{" "}
            <a href={`/orgs/${org.slug}${step.page}`} data-route>
              Go there<span class="visually-hidden"> to {step.label.toLowerCase()}</span>
            </a>
          </div>
        ))}
        <Toggle id="onboarding-dismissed" label="Dismiss the checklist" checked={dismissed} onChange={setDismissed} />
      </Form>
      <Saved at={saved} />
    </Section>
  );
}

function ApiKeyDefaultsForm({ org, initial }: { org: Org; initial: ApiKeyScope }) {
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
    <Section title="API key defaults" id="settings-api-key-scope">
      <Form onSubmit={save} submitLabel="Save API key defaults">
        <Field
          label="Default scopes of a new API key"
          id="default-key-scopes"
          hint="Separated by spaces; each within your own. A key created without scopes gets these."
          value={scopes}
          onInput={(e) => setScopes(text(e))}
        />
        <Field
          label="Longest machine token lifetime (seconds)"
          id="default-token-lifetime"
          hint="60 to 300; a key with a longer ceiling needs the owner's passkey when it is created."
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
