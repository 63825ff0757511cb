/**
 * Machine access: org API keys (shown once), signing-key rotation with its warning, the
 * JWKS link, the webhook secret and plugin tokens.
 */
import { useState } from "preact/hooks";
import { api } from "../api";
import { ActionButton, CopyButton, EmptyState, Field, Form, Interpolate, Loaded, SecretOnce, Section, Select, Toggle, useLoad } from "../components";
import { formatTime } from "../messages";
import { personalSeal } from "../passkeys";
import type { Org } from "../session";
import { useT } from "../language";

interface ApiKey {
  id: string;
  name: string | null;
  prefix: string;
  scopes: string[];
  maxTokenLifetimeSeconds: number;
  createdAt: string;
  revokedAt: string | null;
}

interface SigningKeys {
  signingKeyId: string | null;
  permitKeyId: string | null;
  published: { kid: string; use: "token" | "permit"; createdAt: string; retireAt: string | null }[];
}

interface PluginToken {
  id: string;
  name: string;
  prefix: string;
  scopes: string[];
  status: "active" | "expired" | "revoked";
  expiresAt: string;
}

/** The default M2M token lifetime; a key whose ceiling is above it needs the owner's seal (5.2). */
const DEFAULT_LIFETIME = 300;
const LIFETIMES = [
  ["300", "keys.lifetime300"],
  ["3600", "keys.lifetime3600"],
  ["86400", "keys.lifetime86400"],
  ["604800", "keys.lifetime604800"],
] as const;

const splitScopes = (text: string) => text.split(/[\s,]+/).filter(Boolean);

export function KeysPage({ org }: { org: Org }) {
  const t = useT();
  return (
    <>
      <div class="page-head">
        <h1>{t("keys.title")}</h1>
      </div>
      <ApiKeys org={org} />
      <SigningKeysSection org={org} />
      <WebhookSecret org={org} />
      <PluginTokens org={org} />
    </>
  );
}

function ApiKeys({ org }: { org: Org }) {
  const t = useT();
  const base = `/api/org/${org.slug}/settings/keys/api-keys`;
  const keys = useLoad(() => api<ApiKey[]>("GET", base), [org.slug]);
  const me = useLoad(() => api<{ scopes: string[] }>("GET", `/api/org/${org.slug}/me`), [org.slug]);
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState("");
  const [lifetime, setLifetime] = useState(String(DEFAULT_LIFETIME));
  const [created, setCreated] = useState<{ key: string; name: string | null } | null>(null);

  const create = async () => {
    const ceiling = Number(lifetime);
    const body: Record<string, unknown> = { name: name.trim() || null };
    if (scopes.trim()) body.scopes = splitScopes(scopes);
    if (ceiling !== DEFAULT_LIFETIME) {
      body.maxTokenLifetimeSeconds = ceiling;
      body.assertionResponseJson = await personalSeal("api_key.long_lifetime", org.slug);
    }
    const result = await api<ApiKey & { key: string }>("POST", base, body);
    setCreated({ key: result.key, name: result.name });
    setName("");
    setScopes("");
    keys.reload();
  };

  return (
    <Section title={t("keys.apiKeys")} id="api-keys">
      <p class="muted">
        <Interpolate text={t("keys.apiKeysIntro")} values={{ token: <code>{"POST /api/m2m/token"}</code>, public: (<code>{"/api/public/v1"}</code>) }} />
      </p>
      {created ? (
        <SecretOnce title={created.name ? t("keys.newApiKeyNamed", { name: created.name }) : t("keys.newApiKey")} value={created.key} onDone={() => setCreated(null)} />
      ) : null}
      <Loaded state={keys} what={t("keys.apiKeys")}>
        {(list) =>
          list.length === 0 ? (
            <EmptyState title={t("keys.noApiKeys")}>{t("keys.noApiKeysHint")}</EmptyState>
          ) : (
            <div class="table-wrap" tabIndex={0}>
              <table class="table" id="api-key-table">
                <thead>
                  <tr>
                    <th scope="col">{t("keys.name")}</th>
                    <th scope="col">{t("keys.key")}</th>
                    <th scope="col">{t("keys.scopes")}</th>
                    <th scope="col">{t("keys.tokenCeiling")}</th>
                    <th scope="col">{t("keys.created")}</th>
                    <th scope="col">
                      <span class="visually-hidden">{t("keys.actions")}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {list.map((k) => (
                    <tr key={k.id} data-key-id={k.id}>
                      <td>{k.name ?? <span class="muted">{t("keys.unnamed")}</span>}</td>
                      <td>
                        <code>{k.prefix}…</code>
                      </td>
                      <td>{k.scopes.length ? k.scopes.join(", ") : <span class="muted">{t("keys.allOfCreators")}</span>}</td>
                      <td>{t("keys.seconds", { count: k.maxTokenLifetimeSeconds })}</td>
                      <td>{formatTime(k.createdAt)}</td>
                      <td>
                        <ActionButton
                          kind="danger"
                          label={t("keys.revokeLabel", { name: k.name ?? k.prefix })}
                          done={t("keys.revoked")}
                          onAction={async () => {
                            if (!confirm(t("keys.revokeConfirm", { name: k.name ?? k.prefix }))) return;
                            await api("DELETE", `${base}/${k.id}`);
                            keys.reload();
                          }}
                        >
                          {t("keys.revoke")}
                        </ActionButton>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </Loaded>
      <h3>{t("keys.createApiKeyHeading")}</h3>
      <Form onSubmit={create} submitLabel={t("keys.createApiKey")} done={t("keys.createdApiKey")} id="create-api-key">
        <Field label={t("keys.name")} id="api-key-name" maxLength={100} placeholder={"billing-backend"} value={name} onInput={(e) => setName((e.target as HTMLInputElement).value)} />
        <Field
          label={t("keys.scopes")}
          id="api-key-scopes"
          placeholder={"org.org_file.list org.org_file.create"}
          hint={t("keys.scopesHint", { mine: me.data ? ` (${me.data.scopes.join(" ")})` : "" })}
          value={scopes}
          onInput={(e) => setScopes((e.target as HTMLInputElement).value)}
        />
        <Select label={t("keys.longestLifetime")} id="api-key-lifetime" value={lifetime} onChange={setLifetime} options={LIFETIMES.map(([seconds, key]) => [seconds, t(key)])} />
      </Form>
    </Section>
  );
}

function SigningKeysSection({ org }: { org: Org }) {
  const t = useT();
  const keys = useLoad(() => api<SigningKeys>("GET", `/api/org/${org.slug}/settings/keys/signing-keys`), [org.slug]);
  const [understood, setUnderstood] = useState(false);
  const [retireImmediately, setRetireImmediately] = useState(false);
  const jwks = `/api/public/orgs/${org.slug}/jwks.json`;
  const rotate = async () => {
    await api("POST", `/api/org/${org.slug}/settings/keys/signing-key/rotate`, { retireImmediately });
    setUnderstood(false);
    keys.reload();
  };
  return (
    <Section title={t("keys.signingKeys")} id="signing-keys">
      <p>
        {t("keys.publicKeys")} <a href={jwks} id="jwks-link">{`${location.origin}${jwks}`}</a> <CopyButton text={`${location.origin}${jwks}`} label={t("keys.copyJwks")} />
      </p>
      <Loaded state={keys} what={t("keys.signingKeysWhat")}>
        {(k) =>
          k.published.length === 0 ? (
            <EmptyState title={t("keys.noSigningKey")}>{t("keys.noSigningKeyHint")}</EmptyState>
          ) : (
            <ul>
              {k.published.map((p) => (
                <li key={p.kid}>
                  <code>{p.kid}</code> · {p.use === "permit" ? t("keys.usePermits") : t("keys.useTokens")} · {t("keys.since", { time: formatTime(p.createdAt) })}
                  {" · "}
                  {p.retireAt ? t("keys.leavesJwks", { time: formatTime(p.retireAt) }) : t("keys.current")}
                </li>
              ))}
            </ul>
          )
        }
      </Loaded>
      <div class="warning" role="note" id="rotation-warning">
        <strong>{t("keys.rotateWarningStrong")}</strong> {t("keys.rotateWarning")}
      </div>
      <Toggle id="rotate-retire" label={t("keys.retireImmediately")} checked={retireImmediately} onChange={setRetireImmediately} />
      <Toggle id="rotate-understood" label={t("keys.understood")} checked={understood} onChange={setUnderstood} />
      <ActionButton id="rotate-signing-key" kind="danger" disabled={!understood} onAction={rotate} done={t("keys.rotated")}>
        {t("keys.rotate")}
      </ActionButton>
    </Section>
  );
}

function WebhookSecret({ org }: { org: Org }) {
  const t = useT();
  const base = `/api/org/${org.slug}/settings/keys/webhook-secret`;
  const status = useLoad(() => api<{ exists: boolean; createdAt: string | null; previousValidUntil: string | null }>("GET", base), [org.slug]);
  const [revokePrevious, setRevokePrevious] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const regenerate = async () => {
    const result = await api<{ secret: string }>("POST", `${base}/regenerate`, { revokePrevious });
    setSecret(result.secret);
    status.reload();
  };
  return (
    <Section title={t("keys.webhookSecret")} id="webhook-secret">
      {secret ? <SecretOnce title={t("keys.newWebhookSecret")} value={secret} onDone={() => setSecret(null)} /> : null}
      <Loaded state={status} what={t("keys.webhookSecretWhat")}>
        {(s) => (
          <p>
            {s.exists ? t("keys.generatedAt", { time: formatTime(s.createdAt) }) : t("keys.noSecret")}
            {s.previousValidUntil ? t("keys.previousUntil", { time: formatTime(s.previousValidUntil) }) : ""}
          </p>
        )}
      </Loaded>
      <Toggle label={t("keys.endPrevious")} checked={revokePrevious} onChange={setRevokePrevious} />
      <ActionButton kind="secondary" onAction={regenerate}>
        {status.data?.exists ? t("keys.regenerate") : t("keys.generate")}
      </ActionButton>
    </Section>
  );
}

function PluginTokens({ org }: { org: Org }) {
  const t = useT();
  const base = `/api/org/${org.slug}/settings/keys/plugin-tokens`;
  const tokens = useLoad(() => api<PluginToken[]>("GET", base), [org.slug]);
  const [name, setName] = useState("");
  const [days, setDays] = useState("90");
  const [created, setCreated] = useState<string | null>(null);
  const create = async () => {
    const result = await api<{ token: string }>("POST", base, { name: name.trim(), expiresInDays: Number(days) });
    setCreated(result.token);
    setName("");
    tokens.reload();
  };
  return (
    <Section title={t("keys.pluginTokens")} id="plugin-tokens">
      {created ? <SecretOnce title={t("keys.newPluginToken")} value={created} onDone={() => setCreated(null)} /> : null}
      <Loaded state={tokens} what={t("keys.pluginTokensWhat")}>
        {(list) =>
          list.length === 0 ? (
            <EmptyState title={t("keys.noPluginTokens")}>{t("keys.noPluginTokensHint")}</EmptyState>
          ) : (
            <ul>
              {list.map((p) => (
                <li key={p.id}>
                  {p.name} · <code>{p.prefix}…</code> · {t(`keys.status.${p.status}`)} · {t("keys.expires", { time: formatTime(p.expiresAt) })}{" "}
                  <ActionButton
                    kind="danger"
                    label={t("keys.revokePluginLabel", { name: p.name })}
                    done={t("keys.revoked")}
                    onAction={async () => {
                      await api("DELETE", `${base}/${p.id}`);
                      tokens.reload();
                    }}
                  >
                    {t("keys.revoke")}
                  </ActionButton>
                </li>
              ))}
            </ul>
          )
        }
      </Loaded>
      <Form onSubmit={create} submitLabel={t("keys.createPluginToken")} done={t("keys.createdPluginToken")}>
        <Field label={t("keys.name")} required maxLength={100} value={name} onInput={(e) => setName((e.target as HTMLInputElement).value)} />
        <Field label={t("keys.expiresAfterDays")} type="number" min={1} max={365} required value={days} onInput={(e) => setDays((e.target as HTMLInputElement).value)} />
      </Form>
    </Section>
  );
}
