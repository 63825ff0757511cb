/**
 * Apps: app groups (brands) with their branding and a live preview of the hosted login
 * page, their applications (origins, callback URLs, status, client secret) and their custom
 * login domain (app-domains.tsx).
 */
import { useState } from "preact/hooks";
import { api, ApiProblem } from "../api";
import { ActionButton, Badge, ColorField, EmptyState, Field, Form, Interpolate, Loaded, SecretOnce, Section, Select, TextArea, Toggle, useLoad } from "../components";
import { formatTime } from "../messages";
import { DataSources } from "./app-data-sources";
import { CustomDomain } from "./app-domains";
import { AppQuickstart } from "./app-quickstart";
import { IconSection, SocialProviders, type SocialProviderView } from "./app-group-extras";
import type { Org } from "../session";
import { useT } from "../language";

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
const PLATFORMS = ["web", "ios", "android", "desktop", "server"] as const;
const ENVIRONMENTS = ["production", "staging", "development"] as const;

export function AppsPage({ org }: { org: Org }) {
  const t = useT();
  const base = `/api/org/${org.slug}`;
  const groups = useLoad(() => api<AppGroup[]>("GET", `${base}/app-groups/`), [org.slug]);
  const [selected, setSelected] = useState<string | null>(null);
  const [name, setName] = useState("");
  if (groups.error instanceof ApiProblem && groups.error.status === 403) {
    return (
      <>
        <h1>{t("apps.title")}</h1>
        <EmptyState title={t("apps.ownersOnly")} />
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
        <h1>{t("apps.title")}</h1>
      </div>
      <Loaded state={groups} what={t("apps.appGroupsWhat")}>
        {(list) => {
          const current = list.find((g) => g.id === selected) ?? list[0];
          return (
            <>
              <Section title={t("apps.appGroups")} id="app-groups">
                {list.length === 0 ? (
                  <EmptyState title={t("apps.noGroups")}>{t("apps.noGroupsHint")}</EmptyState>
                ) : (
                  <ul class="chips" aria-label={t("apps.appGroups")}>
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
                <Form onSubmit={create} submitLabel={t("apps.createGroup")} done={t("apps.createdGroup")} id="create-app-group">
                  <Field label={t("apps.brandName")} id="app-group-name" required maxLength={200} value={name} onInput={(e) => setName(value(e))} />
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
  const t = useT();
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
      <Section title={t("apps.brandingOf", { name: group.name })} id="branding">
        <div class="split">
          <Form onSubmit={save} submitLabel={t("apps.saveBranding")} done={t("apps.savedBranding")} id="branding-form">
            <Field label={t("apps.name")} required maxLength={200} {...field("name")} />
            <Field label={t("apps.description")} maxLength={1000} {...field("description")} />
            <ColorField label={t("apps.brandColor")} id="brand-color" value={form.brandColor ?? ""} onChange={(v) => setForm({ ...form, brandColor: v })} />
            <ColorField label={t("apps.buttonColor")} id="button-color" value={form.primaryColor ?? ""} onChange={(v) => setForm({ ...form, primaryColor: v })} />
            <ColorField label={t("apps.backgroundColor")} id="background-color" value={form.backgroundColor ?? ""} onChange={(v) => setForm({ ...form, backgroundColor: v })} />
            <ColorField label={t("apps.textColor")} id="text-color" value={form.textColor ?? ""} onChange={(v) => setForm({ ...form, textColor: v })} />
            <Field label={t("apps.headline")} maxLength={120} {...field("heroTitle")} />
            <Field label={t("apps.subHeadline")} maxLength={300} {...field("heroSubtitle")} />
            <Toggle label={t("apps.offerMagicLink")} checked={loginMethods.magicLink} onChange={(magicLink) => setLoginMethods({ ...loginMethods, magicLink })} />
            <Toggle label={t("apps.offerPasskey")} checked={loginMethods.passkey} onChange={(passkey) => setLoginMethods({ ...loginMethods, passkey })} />
          </Form>
          <div class="preview">
            <h3>{t("apps.previewHeading")}</h3>
            {previewApp ? (
              <>
                <iframe
                  key={previewVersion}
                  id="login-preview"
                  title={t("apps.previewFrame", { name: group.name })}
                  src={`/login/${encodeURIComponent(previewApp.clientKey)}`}
                  // Not sandboxed: the page is Signet's own and reads its methods from this origin's API.
                  referrerpolicy="no-referrer"
                />
                <p class="muted">
                  <Interpolate text={t("apps.previewNote")} values={{ path: <code>/login/{previewApp.clientKey}</code> }} />
                </p>
              </>
            ) : (
              <EmptyState title={t("apps.noPreview")}>{t("apps.noPreviewHint")}</EmptyState>
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
  const t = useT();
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
    <Section title={t("apps.applications")} id="applications">
      {secret ? <SecretOnce title={t("apps.newClientSecret", { name: secret.name })} value={secret.value} onDone={() => setSecret(null)} /> : null}
      {group.applications.length === 0 ? (
        <EmptyState title={t("apps.noApplications")}>{t("apps.noApplicationsHint")}</EmptyState>
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
      <h3>{t("apps.addApplicationHeading")}</h3>
      <Form onSubmit={add} submitLabel={t("apps.addApplication")} done={t("apps.addedApplication")}>
        <Field label={t("apps.name")} required maxLength={200} value={draft.name} onInput={(e) => setDraft({ ...draft, name: value(e) })} />
        <Select label={t("apps.platform")} value={draft.platform} options={PLATFORMS.map((p) => [p, t(`apps.platform.${p}`)])} onChange={(platform) => setDraft({ ...draft, platform })} />
        <Select label={t("apps.environment")} value={draft.environment} options={ENVIRONMENTS.map((e) => [e, t(`apps.environment.${e}`)])} onChange={(environment) => setDraft({ ...draft, environment })} />
        <TextArea label={t("apps.originsLabel")} hint={t("apps.originsHint")} value={draft.origins} onInput={(origins) => setDraft({ ...draft, origins })} />
        <TextArea label={t("apps.callbacksLabel")} value={draft.callbacks} onInput={(callbacks) => setDraft({ ...draft, callbacks })} />
      </Form>
    </Section>
  );
}

function ApplicationCard({ base, app, onChanged, onSecret }: { base: string; app: Application; onChanged: () => void; onSecret: (secret: string) => void }) {
  const t = useT();
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
        <strong>{app.name}</strong> <Badge tone={app.status === "active" ? "good" : "warn"}>{app.status === "active" || app.status === "disabled" ? t(`apps.status.${app.status}`) : app.status}</Badge>{" "}
        <span class="muted">
          {app.platform} · {app.environment} · <code>{app.clientKey}</code>
        </span>
      </p>
      <Form onSubmit={save} submitLabel={t("apps.saveOrigins")} done={t("apps.savedOrigins")}>
        <TextArea label={t("apps.originsOf", { name: app.name })} value={origins} onInput={setOrigins} />
        <TextArea label={t("apps.callbacksOf", { name: app.name })} value={callbacks} onInput={setCallbacks} />
      </Form>
      <p class="muted">{app.hasClientSecret ? (app.secretRotatedAt ? t("apps.secretSetRotated", { time: formatTime(app.secretRotatedAt) }) : t("apps.secretSet")) : t("apps.noSecret")}</p>
      <ActionButton
        kind="secondary"
        onAction={async () => {
          if (app.hasClientSecret && !confirm(t("apps.confirmRotate", { name: app.name }))) return;
          const rotated = await api<{ clientSecret: string }>("POST", `${path}/rotate-secret`);
          onSecret(rotated.clientSecret);
          onChanged();
        }}
      >
        {app.hasClientSecret ? t("apps.rotateSecret") : t("apps.issueSecret")}
      </ActionButton>
      <ActionButton
        kind="secondary"
        onAction={async () => {
          await api("PATCH", `${path}/status`, { status: app.status === "active" ? "disabled" : "active" });
          onChanged();
        }}
      >
        {app.status === "active" ? t("apps.disable") : t("apps.enable")}
      </ActionButton>
      <ActionButton
        kind="danger"
        done={t("apps.deleted")}
        onAction={async () => {
          if (!confirm(t("apps.confirmDelete", { name: app.name }))) return;
          await api("DELETE", path);
          onChanged();
        }}
      >
        {t("apps.delete")}
      </ActionButton>
      <AppQuickstart name={app.name} target={{ baseUrl: location.origin, orgSlug, clientKey: app.clientKey, callbackUrl: app.callbackUrls[0] ?? null }} />
    </div>
  );
}
