/**
 * Two sections of an app group's page: its icon (uploaded to Signet, linked, or removed)
 * and the social providers its hosted login offers, with their credentials. Client
 * secrets are write-only: the page shows whether one is set, and an empty secret field
 * keeps the stored one.
 */
import { useState } from "preact/hooks";
import { api, uploadWithProgress } from "../api";
import { ActionButton, Badge, CopyButton, EmptyState, Field, Form, Interpolate, ProgressBar, Section, showToast, TextArea, Toggle } from "../components";
import { describeError as describe } from "../messages";
import { useT } from "../language";

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

const PROVIDERS = [
  { key: "google", name: "Google", secret: "app-group-extras.clientSecret" },
  { key: "github", name: "GitHub", secret: "app-group-extras.clientSecret" },
  { key: "microsoft", name: "Microsoft", secret: "app-group-extras.clientSecret" },
  { key: "apple", name: "Apple", secret: "app-group-extras.signingKey" },
  { key: "kakao", name: "Kakao", secret: "app-group-extras.clientSecret" },
  { key: "naver", name: "Naver", secret: "app-group-extras.clientSecret" },
] as const;

/** The icon: a PNG, JPEG or WebP of at most 512 KB stored by Signet, or removed. */
export function IconSection({ base, group, onChanged }: { base: string; group: GroupRef; onChanged: () => void }) {
  const t = useT();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<unknown>(null);
  const upload = async (file: File) => {
    setError(null);
    setProgress(0);
    const form = new FormData();
    form.append("file", file);
    try {
      await uploadWithProgress(`${base}/app-groups/${group.id}/icon`, form, setProgress);
      showToast(t("app-group-extras.iconUploaded"));
      onChanged();
    } catch (e) {
      setError(e);
    } finally {
      setProgress(null);
    }
  };
  return (
    <Section title={t("app-group-extras.iconOf", { name: group.name })} id="app-group-icon">
      <div class="icon-row">
        {group.iconUrl ? <img src={group.iconUrl} alt={t("app-group-extras.currentIcon", { name: group.name })} class="app-icon" id="app-group-icon-image" /> : <EmptyState title={t("app-group-extras.noIcon")}>{t("app-group-extras.noIconHint")}</EmptyState>}
      </div>
      <div class="field">
        <label for="app-group-icon-file">{t("app-group-extras.uploadIcon")}</label>
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
      {progress !== null ? <ProgressBar value={progress} max={1} label={t("app-group-extras.iconUpload")} /> : null}
      <IconLink base={base} group={group} onChanged={onChanged} />
      {error ? <IconError error={error} /> : null}
      {group.iconUrl ? (
        <ActionButton
          kind="secondary"
          id="remove-app-group-icon"
          done={t("app-group-extras.iconRemoved")}
          onAction={async () => {
            await api("DELETE", `${base}/app-groups/${group.id}/icon`);
            onChanged();
          }}
        >
          {t("app-group-extras.removeIcon")}
        </ActionButton>
      ) : null}
    </Section>
  );
}

/** Or an icon hosted elsewhere: an https URL the hosted login links to. */
function IconLink({ base, group, onChanged }: { base: string; group: GroupRef; onChanged: () => void }) {
  const t = useT();
  const [url, setUrl] = useState("");
  const link = async () => {
    await api("POST", `${base}/app-groups/${group.id}/icon`, { iconUrl: url.trim() });
    setUrl("");
    onChanged();
  };
  return (
    <Form onSubmit={link} submitLabel={t("app-group-extras.useUrl")} done={t("app-group-extras.iconLinked")} id="app-group-icon-link">
      <Field label={t("app-group-extras.linkIcon")} id="app-group-icon-url" type="url" required maxLength={500} value={url} onInput={(e) => setUrl((e.target as HTMLInputElement).value)} />
    </Form>
  );
}

function IconError({ error }: { error: unknown }) {
  const t = useT();
  const code = (error as { code?: string }).code;
  const words: Record<string, string> = {
    invalid_icon_type: t("app-group-extras.invalidIconType"),
    file_too_large: t("app-group-extras.iconTooLarge"),
  };
  return (
    <p class="error" role="alert">
      {(code && words[code]) || describe(error)}
    </p>
  );
}

export function SocialProviders({ base, group, onChanged }: { base: string; group: GroupRef; onChanged: () => void }) {
  const t = useT();
  const stored = group.socialProviders ?? {};
  const callback = `${location.origin}/api/public/auth/social/callback`;
  return (
    <Section title={t("app-group-extras.social")} id="social-providers">
      <p class="muted">
        <Interpolate text={t("app-group-extras.redirectUri")} values={{ uri: <code id="social-callback-url">{callback}</code> }} /> <CopyButton text={callback} label={t("app-group-extras.copyRedirect")} />
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
  const t = useT();
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
        {current ? (
          <Badge tone={current.enabled ? "good" : "neutral"}>{current.enabled ? t("app-group-extras.on") : t("app-group-extras.off")}</Badge>
        ) : (
          <Badge tone="neutral">{t("app-group-extras.notSetUp")}</Badge>
        )}
        {current?.hasClientSecret ? <span class="muted"> · {t("app-group-extras.secretSet", { secret: t(provider.secret) })}</span> : null}
      </summary>
      <Form onSubmit={save} submitLabel={t("app-group-extras.save", { provider: provider.name })} done={t("app-group-extras.saved")} id={id("form")}>
        <Toggle id={id("enabled")} label={t("app-group-extras.offer", { provider: provider.name })} checked={enabled} onChange={setEnabled} />
        <Field label={t("app-group-extras.clientId", { provider: provider.name })} id={id("client-id")} required maxLength={500} value={clientId} onInput={(e) => setClientId((e.target as HTMLInputElement).value)} />
        {provider.key === "apple" ? (
          <TextArea
            label={t("app-group-extras.secretLabel", { provider: provider.name, secret: t(provider.secret).toLowerCase() })}
            id={id("secret")}
            hint={current?.hasClientSecret ? t("app-group-extras.keepSecret") : t("app-group-extras.pasteKey")}
            value={secret}
            onInput={setSecret}
          />
        ) : (
          <Field
            label={t("app-group-extras.secretLabel", { provider: provider.name, secret: t(provider.secret).toLowerCase() })}
            id={id("secret")}
            type="password"
            autoComplete="off"
            hint={current?.hasClientSecret ? t("app-group-extras.keepSecret") : undefined}
            value={secret}
            onInput={(e) => setSecret((e.target as HTMLInputElement).value)}
          />
        )}
        {provider.key === "microsoft" ? (
          <Field label={t("app-group-extras.tenant")} id={id("tenant")} hint={t("app-group-extras.tenantHint")} value={tenant} onInput={(e) => setTenant((e.target as HTMLInputElement).value)} />
        ) : null}
        {provider.key === "apple" ? (
          <>
            <Field label={t("app-group-extras.teamId")} id={id("team-id")} pattern="[A-Z0-9]{10}" value={teamId} onInput={(e) => setTeamId((e.target as HTMLInputElement).value)} />
            <Field label={t("app-group-extras.keyId")} id={id("key-id")} pattern="[A-Z0-9]{10}" value={keyId} onInput={(e) => setKeyId((e.target as HTMLInputElement).value)} />
          </>
        ) : null}
      </Form>
      {saved ? (
        <p class="success" role="status">
          {t("app-group-extras.saved")}
        </p>
      ) : null}
      {current ? (
        <ActionButton
          kind="danger"
          label={t("app-group-extras.removeLabel", { provider: provider.name })}
          done={t("app-group-extras.removed", { provider: provider.name })}
          onAction={async () => {
            if (!confirm(t("app-group-extras.confirmRemove", { provider: provider.name }))) return;
            await send(null);
          }}
        >
          {t("app-group-extras.remove")}
        </ActionButton>
      ) : null}
    </details>
  );
}
