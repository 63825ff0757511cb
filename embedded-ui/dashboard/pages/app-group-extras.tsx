/**
 * Two sections of an app group's page: its icon (uploaded to Signet, linked, or removed)
 * and the social providers its hosted login offers, with their credentials. Client
 * secrets are write-only: the page shows whether one is set, and an empty secret field
 * keeps the stored one.
 */
import { useState } from "preact/hooks";
import { api, uploadWithProgress } from "../api";
import { ActionButton, Badge, CopyButton, EmptyState, Field, Form, ProgressBar, Section, TextArea, Toggle } from "../components";
import { describeError as describe } from "../messages";

export interface SocialProviderView {
  enabled: boolean;
  clientId: string;
  hasClientSecret: boolean;
  tenant?: string | null;
  teamId?: string | null;
  keyId?: string | null;
}

interface GroupRef {
  id: string;
  name: string;
  iconUrl: string | null;
  socialProviders?: Record<string, SocialProviderView>;
}

const PROVIDERS: { key: string; name: string; secret: string }[] = [
  { key: "google", name: "Google", secret: "Client secret" },
  { key: "github", name: "GitHub", secret: "Client secret" },
  { key: "microsoft", name: "Microsoft", secret: "Client secret" },
  { key: "apple", name: "Apple", secret: "Signing key (.p8)" },
  { key: "kakao", name: "Kakao", secret: "Client secret" },
  { key: "naver", name: "Naver", secret: "Client secret" },
];

/** The icon: a PNG, JPEG or WebP of at most 512 KB stored by Signet, or removed. */
export function IconSection({ base, group, onChanged }: { base: string; group: GroupRef; onChanged: () => void }) {
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<unknown>(null);
  const upload = async (file: File) => {
    setError(null);
    setProgress(0);
    const form = new FormData();
    form.append("file", file);
    try {
      await uploadWithProgress(`${base}/app-groups/${group.id}/icon`, form, setProgress);
      onChanged();
    } catch (e) {
      setError(e);
    } finally {
      setProgress(null);
    }
  };
  return (
    <Section title={`Icon of ${group.name}`} id="app-group-icon">
      <div class="icon-row">
        {group.iconUrl ? <img src={group.iconUrl} alt={`Current icon of ${group.name}`} class="app-icon" id="app-group-icon-image" /> : <EmptyState title="No icon yet.">The hosted login shows the brand's name alone.</EmptyState>}
      </div>
      <div class="field">
        <label for="app-group-icon-file">Upload an icon (PNG, JPEG or WebP, at most 512 KB)</label>
        <input
          id="app-group-icon-file"
          type="file"
          accept="image/png,image/jpeg,image/webp"
          disabled={progress !== null}
          onChange={(e) => {
            const input = e.target as HTMLInputElement;
            const file = input.files?.[0];
            if (file) upload(file).finally(() => (input.value = ""));
          }}
        />
      </div>
      {progress !== null ? <ProgressBar value={progress} max={1} label="Icon upload" /> : null}
      <IconLink base={base} group={group} onChanged={onChanged} />
      {error ? <IconError error={error} /> : null}
      {group.iconUrl ? (
        <ActionButton
          kind="secondary"
          id="remove-app-group-icon"
          onAction={async () => {
            await api("DELETE", `${base}/app-groups/${group.id}/icon`);
            onChanged();
          }}
        >
          Remove the icon
        </ActionButton>
      ) : null}
    </Section>
  );
}

/** Or an icon hosted elsewhere: an https URL the hosted login links to. */
function IconLink({ base, group, onChanged }: { base: string; group: GroupRef; onChanged: () => void }) {
  const [url, setUrl] = useState("");
  const link = async () => {
    await api("POST", `${base}/app-groups/${group.id}/icon`, { iconUrl: url.trim() });
    setUrl("");
    onChanged();
  };
  return (
    <Form onSubmit={link} submitLabel="Use this URL" id="app-group-icon-link">
      <Field label="Or link an icon hosted elsewhere (https URL)" id="app-group-icon-url" type="url" required maxLength={500} value={url} onInput={(e) => setUrl((e.target as HTMLInputElement).value)} />
    </Form>
  );
}

function IconError({ error }: { error: unknown }) {
  const code = (error as { code?: string }).code;
  const words: Record<string, string> = {
    invalid_icon_type: "That file is not a PNG, JPEG or WebP image (SVG is not accepted).",
    file_too_large: "The icon is larger than 512 KB.",
  };
  return (
    <p class="error" role="alert">
      {(code && words[code]) || describe(error)}
    </p>
  );
}

export function SocialProviders({ base, group, onChanged }: { base: string; group: GroupRef; onChanged: () => void }) {
  const stored = group.socialProviders ?? {};
  const callback = `${location.origin}/api/public/auth/social/callback`;
  return (
    <Section title="Social sign-in" id="social-providers">
      <p class="muted">
        Register this redirect URI with each provider: <code id="social-callback-url">{callback}</code> <CopyButton text={callback} label="Copy the redirect URI" />
      </p>
      {PROVIDERS.map((p) => (
        <ProviderForm key={p.key} base={base} group={group} provider={p} current={stored[p.key] ?? null} onChanged={onChanged} />
      ))}
    </Section>
  );
}

function ProviderForm({
  base,
  group,
  provider,
  current,
  onChanged,
}: {
  base: string;
  group: GroupRef;
  provider: (typeof PROVIDERS)[number];
  current: SocialProviderView | null;
  onChanged: () => void;
}) {
  const [enabled, setEnabled] = useState(current?.enabled ?? true);
  const [clientId, setClientId] = useState(current?.clientId ?? "");
  const [secret, setSecret] = useState("");
  const [tenant, setTenant] = useState(current?.tenant ?? "");
  const [teamId, setTeamId] = useState(current?.teamId ?? "");
  const [keyId, setKeyId] = useState(current?.keyId ?? "");
  const [saved, setSaved] = useState(false);
  const send = async (value: Record<string, unknown> | null) => {
    setSaved(false);
    await api("PUT", `${base}/app-groups/${group.id}`, { socialProviders: { [provider.key]: value } });
    setSecret("");
    setSaved(true);
    onChanged();
  };
  const save = () => {
    const value: Record<string, unknown> = { enabled, clientId: clientId.trim() };
    // Left out, the stored secret is kept (the API never shows it).
    if (secret.trim()) value.clientSecret = secret.trim();
    if (provider.key === "microsoft") value.tenant = tenant.trim() || null;
    if (provider.key === "apple") {
      value.teamId = teamId.trim() || null;
      value.keyId = keyId.trim() || null;
    }
    return send(value);
  };
  const id = (field: string) => `social-${provider.key}-${field}`;
  return (
    <details class="provider" data-provider={provider.key} open={current !== null}>
      <summary>
        {provider.name}{" "}
        {current ? <Badge tone={current.enabled ? "good" : "neutral"}>{current.enabled ? "on" : "off"}</Badge> : <Badge tone="neutral">not set up</Badge>}
        {current?.hasClientSecret ? <span class="muted"> · {provider.secret} set</span> : null}
      </summary>
      <Form onSubmit={save} submitLabel={`Save ${provider.name}`} id={id("form")}>
        <Toggle id={id("enabled")} label={`Offer “Continue with ${provider.name}”`} checked={enabled} onChange={setEnabled} />
        <Field label={`${provider.name} client ID`} id={id("client-id")} required maxLength={500} value={clientId} onInput={(e) => setClientId((e.target as HTMLInputElement).value)} />
        {provider.key === "apple" ? (
          <TextArea
            label={`${provider.name} ${provider.secret.toLowerCase()}`}
            id={id("secret")}
            hint={current?.hasClientSecret ? "Set; leave empty to keep it." : "Paste the .p8 key."}
            value={secret}
            onInput={setSecret}
          />
        ) : (
          <Field
            label={`${provider.name} ${provider.secret.toLowerCase()}`}
            id={id("secret")}
            type="password"
            autoComplete="off"
            hint={current?.hasClientSecret ? "Set; leave empty to keep it." : undefined}
            value={secret}
            onInput={(e) => setSecret((e.target as HTMLInputElement).value)}
          />
        )}
        {provider.key === "microsoft" ? (
          <Field label="Microsoft tenant" id={id("tenant")} hint="common, organizations, consumers or a tenant id" value={tenant} onInput={(e) => setTenant((e.target as HTMLInputElement).value)} />
        ) : null}
        {provider.key === "apple" ? (
          <>
            <Field label="Apple team ID" id={id("team-id")} pattern="[A-Z0-9]{10}" value={teamId} onInput={(e) => setTeamId((e.target as HTMLInputElement).value)} />
            <Field label="Apple key ID" id={id("key-id")} pattern="[A-Z0-9]{10}" value={keyId} onInput={(e) => setKeyId((e.target as HTMLInputElement).value)} />
          </>
        ) : null}
      </Form>
      {saved ? (
        <p class="success" role="status">
          Saved.
        </p>
      ) : null}
      {current ? (
        <ActionButton
          kind="danger"
          label={`Remove ${provider.name}`}
          onAction={async () => {
            if (!confirm(`Remove ${provider.name} sign-in and its credentials?`)) return;
            await send(null);
          }}
        >
          Remove
        </ActionButton>
      ) : null}
    </details>
  );
}
