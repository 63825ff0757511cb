/**
 * Apps: app groups (brands) with their branding and a live preview of the hosted login
 * page, their applications (origins, callback URLs, status, client secret) and their custom
 * login domain (app-domains.tsx).
 */
import { useState } from "preact/hooks";
import { api, ApiProblem } from "../api";
import { ActionButton, Badge, ColorField, EmptyState, Field, Form, Loaded, SecretOnce, Section, Select, TextArea, Toggle, useLoad } from "../components";
import { formatTime } from "../messages";
import { DataSources } from "./app-data-sources";
import { CustomDomain } from "./app-domains";
import { AppQuickstart } from "./app-quickstart";
import { IconSection, SocialProviders, type SocialProviderView } from "./app-group-extras";
import type { Org } from "../session";

interface Branding {
  primaryColor: string | null;
  backgroundColor: string | null;
  textColor: string | null;
  heroTitle: string | null;
  heroSubtitle: string | null;
}

interface Application {
  id: string;
  clientKey: string;
  name: string;
  platform: string;
  environment: string;
  status: string;
  allowedOrigins: string[];
  callbackUrls: string[];
  hasClientSecret: boolean;
  secretRotatedAt: string | null;
}

interface AppGroup {
  id: string;
  groupKey: string;
  name: string;
  description: string | null;
  iconUrl: string | null;
  brandColor: string | null;
  branding: Branding;
  loginMethods: { magicLink: boolean; passkey: boolean };
  socialProviders: Record<string, SocialProviderView>;
  applications: Application[];
}

const lines = (text: string) => text.split("\n").map((l) => l.trim()).filter(Boolean);
const value = (e: Event) => (e.target as HTMLInputElement).value;
const PLATFORMS: [string, string][] = ["web", "ios", "android", "desktop", "server"].map((p) => [p, p]);
const ENVIRONMENTS: [string, string][] = ["production", "staging", "development"].map((e) => [e, e]);

export function AppsPage({ org }: { org: Org }) {
  const base = `/api/org/${org.slug}`;
  const groups = useLoad(() => api<AppGroup[]>("GET", `${base}/app-groups/`), [org.slug]);
  const [selected, setSelected] = useState<string | null>(null);
  const [name, setName] = useState("");
  if (groups.error instanceof ApiProblem && groups.error.status === 403) {
    return (
      <>
        <h1>Apps</h1>
        <EmptyState title="Only the owner and admins manage apps." />
      </>
    );
  }
  const create = async () => {
    const group = await api<AppGroup>("POST", `${base}/app-groups/`, { name: name.trim() });
    setName("");
    setSelected(group.id);
    groups.reload();
  };
  return (
    <>
      <div class="page-head">
        <h1>Apps</h1>
      </div>
      <Loaded state={groups} what="app groups">
        {(list) => {
          const current = list.find((g) => g.id === selected) ?? list[0];
          return (
            <>
              <Section title="App groups" id="app-groups">
                {list.length === 0 ? (
                  <EmptyState title="No app groups yet.">An app group is a brand: its hosted login page and its applications. Create the first one below.</EmptyState>
                ) : (
                  <ul class="chips" aria-label="App groups">
                    {list.map((g) => (
                      <li key={g.id}>
                        <button type="button" class={g.id === current?.id ? "primary" : "secondary"} aria-pressed={g.id === current?.id} onClick={() => setSelected(g.id)}>
                          {g.brandColor ? <span class="swatch" style={{ background: g.brandColor }} aria-hidden="true" /> : null}
                          {g.name}
                        </button>
                      </li>
                    ))}
                  </ul>
                )}
                <Form onSubmit={create} submitLabel="Create app group" id="create-app-group">
                  <Field label="Brand name" id="app-group-name" required maxLength={200} value={name} onInput={(e) => setName(value(e))} />
                </Form>
              </Section>
              {current ? <GroupEditor key={current.id} base={base} group={current} onChanged={groups.reload} /> : null}
            </>
          );
        }}
      </Loaded>
    </>
  );
}

function GroupEditor({ base, group, onChanged }: { base: string; group: AppGroup; onChanged: () => void }) {
  const [form, setForm] = useState({
    name: group.name,
    description: group.description ?? "",
    brandColor: group.brandColor ?? "",
    ...Object.fromEntries(Object.entries(group.branding).map(([k, v]) => [k, v ?? ""])),
  } as Record<string, string>);
  const [loginMethods, setLoginMethods] = useState(group.loginMethods);
  // Bumped after a save so the preview frame loads the page as now stored.
  const [previewVersion, setPreviewVersion] = useState(0);
  const field = (key: string) => ({ value: form[key] ?? "", onInput: (e: Event) => setForm({ ...form, [key]: value(e) }) });
  const orNull = (key: string) => form[key]?.trim() || null;
  const save = async () => {
    await api("PUT", `${base}/app-groups/${group.id}`, {
      name: form.name!.trim(),
      description: orNull("description"),
      brandColor: orNull("brandColor"),
      branding: { primaryColor: orNull("primaryColor"), backgroundColor: orNull("backgroundColor"), textColor: orNull("textColor"), heroTitle: orNull("heroTitle"), heroSubtitle: orNull("heroSubtitle") },
      loginMethods,
    });
    setPreviewVersion((v) => v + 1);
    onChanged();
  };
  const previewApp = group.applications.find((a) => a.status === "active") ?? group.applications[0];
  return (
    <>
      <Section title={`Branding of ${group.name}`} id="branding">
        <div class="split">
          <Form onSubmit={save} submitLabel="Save branding" id="branding-form">
            <Field label="Name" required maxLength={200} {...field("name")} />
            <Field label="Description" maxLength={1000} {...field("description")} />
            <ColorField label="Brand color" id="brand-color" value={form.brandColor ?? ""} onChange={(v) => setForm({ ...form, brandColor: v })} />
            <ColorField label="Button color" id="button-color" value={form.primaryColor ?? ""} onChange={(v) => setForm({ ...form, primaryColor: v })} />
            <ColorField label="Background color" id="background-color" value={form.backgroundColor ?? ""} onChange={(v) => setForm({ ...form, backgroundColor: v })} />
            <ColorField label="Text color" id="text-color" value={form.textColor ?? ""} onChange={(v) => setForm({ ...form, textColor: v })} />
            <Field label="Headline" maxLength={120} {...field("heroTitle")} />
            <Field label="Sub-headline" maxLength={300} {...field("heroSubtitle")} />
            <Toggle label="Offer sign-in by e-mail link" checked={loginMethods.magicLink} onChange={(magicLink) => setLoginMethods({ ...loginMethods, magicLink })} />
            <Toggle label="Offer sign-in with a passkey" checked={loginMethods.passkey} onChange={(passkey) => setLoginMethods({ ...loginMethods, passkey })} />
          </Form>
          <div class="preview">
            <h3>Hosted login preview</h3>
            {previewApp ? (
              <>
                <iframe
                  key={previewVersion}
                  id="login-preview"
                  title={`Hosted login page of ${group.name}`}
                  src={`/login/${encodeURIComponent(previewApp.clientKey)}`}
                  // Not sandboxed: the page is Signet's own and reads its methods from this origin's API.
                  referrerpolicy="no-referrer"
                />
                <p class="muted">
                  What end users see at <code>/login/{previewApp.clientKey}</code>; it shows the saved branding.
                </p>
              </>
            ) : (
              <EmptyState title="No application to preview.">Add an application below: the hosted login belongs to one.</EmptyState>
            )}
          </div>
        </div>
      </Section>
      <IconSection base={base} group={group} onChanged={onChanged} />
      <SocialProviders base={base} group={group} onChanged={onChanged} />
      <Applications base={base} group={group} onChanged={onChanged} />
      <CustomDomain base={base} group={group} />
      <DataSources base={base} group={group} />
    </>
  );
}

function Applications({ base, group, onChanged }: { base: string; group: AppGroup; onChanged: () => void }) {
  const [secret, setSecret] = useState<{ name: string; value: string } | null>(null);
  const [draft, setDraft] = useState({ name: "", platform: "web", environment: "development", origins: "", callbacks: "" });
  const add = async () => {
    await api("POST", `${base}/applications/`, {
      appGroupId: group.id,
      name: draft.name.trim(),
      platform: draft.platform,
      environment: draft.environment,
      allowedOrigins: lines(draft.origins),
      callbackUrls: lines(draft.callbacks),
    });
    setDraft({ ...draft, name: "", origins: "", callbacks: "" });
    onChanged();
  };
  return (
    <Section title="Applications" id="applications">
      {secret ? <SecretOnce title={`New client secret of ${secret.name}:`} value={secret.value} onDone={() => setSecret(null)} /> : null}
      {group.applications.length === 0 ? (
        <EmptyState title="No applications in this group.">Add one below for each platform and environment.</EmptyState>
      ) : (
        group.applications.map((a) => (
          <ApplicationCard
            key={a.id}
            base={base}
            app={a}
            onChanged={onChanged}
            onSecret={(value) => setSecret({ name: a.name, value })}
          />
        ))
      )}
      <h3>Add an application</h3>
      <Form onSubmit={add} submitLabel="Add application">
        <Field label="Name" required maxLength={200} value={draft.name} onInput={(e) => setDraft({ ...draft, name: value(e) })} />
        <Select label="Platform" value={draft.platform} options={PLATFORMS} onChange={(platform) => setDraft({ ...draft, platform })} />
        <Select label="Environment" value={draft.environment} options={ENVIRONMENTS} onChange={(environment) => setDraft({ ...draft, environment })} />
        <TextArea label="Allowed origins, one per line" hint="https://app.example.com (http only on localhost)" value={draft.origins} onInput={(origins) => setDraft({ ...draft, origins })} />
        <TextArea label="Callback URLs, one per line" value={draft.callbacks} onInput={(callbacks) => setDraft({ ...draft, callbacks })} />
      </Form>
    </Section>
  );
}

function ApplicationCard({ base, app, onChanged, onSecret }: { base: string; app: Application; onChanged: () => void; onSecret: (secret: string) => void }) {
  const orgSlug = base.slice("/api/org/".length);
  const path = `${base}/applications/${app.id}`;
  const [origins, setOrigins] = useState(app.allowedOrigins.join("\n"));
  const [callbacks, setCallbacks] = useState(app.callbackUrls.join("\n"));
  const save = async () => {
    await api("PUT", path, { allowedOrigins: lines(origins), callbackUrls: lines(callbacks) });
    onChanged();
  };
  return (
    <div class="card app-card">
      <p>
        <strong>{app.name}</strong> <Badge tone={app.status === "active" ? "good" : "warn"}>{app.status}</Badge>{" "}
        <span class="muted">
          {app.platform} · {app.environment} · <code>{app.clientKey}</code>
        </span>
      </p>
      <Form onSubmit={save} submitLabel="Save origins and callbacks">
        <TextArea label={`Allowed origins of ${app.name}`} value={origins} onInput={setOrigins} />
        <TextArea label={`Callback URLs of ${app.name}`} value={callbacks} onInput={setCallbacks} />
      </Form>
      <p class="muted">{app.hasClientSecret ? `Client secret set${app.secretRotatedAt ? `, last rotated ${formatTime(app.secretRotatedAt)}` : ""}.` : "No client secret yet."}</p>
      <ActionButton
        kind="secondary"
        onAction={async () => {
          if (app.hasClientSecret && !confirm(`Issue a new client secret for ${app.name}? The current one stops working at once.`)) return;
          const rotated = await api<{ clientSecret: string }>("POST", `${path}/rotate-secret`);
          onSecret(rotated.clientSecret);
          onChanged();
        }}
      >
        {app.hasClientSecret ? "Rotate client secret" : "Issue client secret"}
      </ActionButton>
      <ActionButton
        kind="secondary"
        onAction={async () => {
          await api("PATCH", `${path}/status`, { status: app.status === "active" ? "disabled" : "active" });
          onChanged();
        }}
      >
        {app.status === "active" ? "Disable" : "Enable"}
      </ActionButton>
      <ActionButton
        kind="danger"
        onAction={async () => {
          if (!confirm(`Delete ${app.name}? Its sign-in stops working.`)) return;
          await api("DELETE", path);
          onChanged();
        }}
      >
        Delete
      </ActionButton>
      <AppQuickstart name={app.name} target={{ baseUrl: location.origin, orgSlug, clientKey: app.clientKey, callbackUrl: app.callbackUrls[0] ?? null }} />
    </div>
  );
}
