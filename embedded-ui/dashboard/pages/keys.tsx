/**
 * Machine access: org API keys (shown once), signing-key rotation with its warning, the
 * JWKS link, the webhook secret and plugin tokens.
 */
import { useState } from "preact/hooks";
import { api } from "../api";
import { ActionButton, CopyButton, EmptyState, Field, Form, Loaded, SecretOnce, Section, Select, Toggle, useLoad } from "../components";
import { formatTime } from "../messages";
import { personalSeal } from "../passkeys";
import type { Org } from "../session";

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
const LIFETIMES: [string, string][] = [
  ["300", "5 minutes (default)"],
  ["3600", "1 hour: owner, with your passkey"],
  ["86400", "1 day: owner, with your passkey"],
  ["604800", "7 days: owner, with your passkey"],
];

const splitScopes = (text: string) => text.split(/[\s,]+/).filter(Boolean);

export function KeysPage({ org }: { org: Org }) {
  return (
    <>
      <div class="page-head">
        <h1>API & keys</h1>
      </div>
      <ApiKeys org={org} />
      <SigningKeysSection org={org} />
      <WebhookSecret org={org} />
      <PluginTokens org={org} />
    </>
  );
}

function ApiKeys({ org }: { org: Org }) {
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
    <Section title="API keys" id="api-keys">
      <p class="muted">
        Machines exchange an API key for short-lived tokens at <code>POST /api/m2m/token</code>, or call <code>/api/public/v1</code> with it directly.
      </p>
      {created ? (
        <SecretOnce title={`New API key${created.name ? ` “${created.name}”` : ""}:`} value={created.key} onDone={() => setCreated(null)} />
      ) : null}
      <Loaded state={keys} what="API keys">
        {(list) =>
          list.length === 0 ? (
            <EmptyState title="No API keys yet.">Create one below for your backend or CI; it is shown once.</EmptyState>
          ) : (
            <div class="table-wrap" tabIndex={0}>
              <table class="table" id="api-key-table">
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Key</th>
                    <th scope="col">Scopes</th>
                    <th scope="col">Token ceiling</th>
                    <th scope="col">Created</th>
                    <th scope="col">
                      <span class="visually-hidden">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {list.map((k) => (
                    <tr key={k.id} data-key-id={k.id}>
                      <td>{k.name ?? <span class="muted">unnamed</span>}</td>
                      <td>
                        <code>{k.prefix}…</code>
                      </td>
                      <td>{k.scopes.length ? k.scopes.join(", ") : <span class="muted">all of the creator's</span>}</td>
                      <td>{k.maxTokenLifetimeSeconds} s</td>
                      <td>{formatTime(k.createdAt)}</td>
                      <td>
                        <ActionButton
                          kind="danger"
                          label={`Revoke ${k.name ?? k.prefix}`}
                          onAction={async () => {
                            if (!confirm(`Revoke ${k.name ?? k.prefix}? It stops working at once, with every token it issued.`)) return;
                            await api("DELETE", `${base}/${k.id}`);
                            keys.reload();
                          }}
                        >
                          Revoke
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
      <h3>Create an API key</h3>
      <Form onSubmit={create} submitLabel="Create API key" id="create-api-key">
        <Field label="Name" id="api-key-name" maxLength={100} placeholder="billing-backend" value={name} onInput={(e) => setName((e.target as HTMLInputElement).value)} />
        <Field
          label="Scopes"
          id="api-key-scopes"
          placeholder="org.org_file.list org.org_file.create"
          hint={`Separated by spaces or commas, each within your own${me.data ? ` (${me.data.scopes.join(" ")})` : ""}. Empty: the organization's default API key scopes, if Settings sets them.`}
          value={scopes}
          onInput={(e) => setScopes((e.target as HTMLInputElement).value)}
        />
        <Select label="Longest token lifetime" id="api-key-lifetime" value={lifetime} onChange={setLifetime} options={LIFETIMES} />
      </Form>
    </Section>
  );
}

function SigningKeysSection({ org }: { org: Org }) {
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
    <Section title="Signing keys" id="signing-keys">
      <p>
        Public keys: <a href={jwks} id="jwks-link">{`${location.origin}${jwks}`}</a> <CopyButton text={`${location.origin}${jwks}`} label="Copy JWKS URL" />
      </p>
      <Loaded state={keys} what="signing keys">
        {(k) =>
          k.published.length === 0 ? (
            <EmptyState title="No signing key yet.">The owner creates it with the Org Master Seal (Overview).</EmptyState>
          ) : (
            <ul>
              {k.published.map((p) => (
                <li key={p.kid}>
                  <code>{p.kid}</code> · {p.use === "permit" ? "permits" : "tokens"} · since {formatTime(p.createdAt)}
                  {p.retireAt ? ` · leaves the JWKS ${formatTime(p.retireAt)}` : " · current"}
                </li>
              ))}
            </ul>
          )
        }
      </Loaded>
      <div class="warning" role="note" id="rotation-warning">
        <strong>Rotating replaces both keys.</strong> Every permit signed so far stops verifying at once. End-user tokens keep verifying until they expire (at most 24 hours),
        unless you retire the old key immediately.
      </div>
      <Toggle id="rotate-retire" label="Retire the old token key immediately (it leaked): signed-in end users must sign in again" checked={retireImmediately} onChange={setRetireImmediately} />
      <Toggle id="rotate-understood" label="I understand that existing permits stop working" checked={understood} onChange={setUnderstood} />
      <ActionButton id="rotate-signing-key" kind="danger" disabled={!understood} onAction={rotate}>
        Rotate signing keys
      </ActionButton>
    </Section>
  );
}

function WebhookSecret({ org }: { org: Org }) {
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
    <Section title="Webhook secret" id="webhook-secret">
      {secret ? <SecretOnce title="New webhook secret:" value={secret} onDone={() => setSecret(null)} /> : null}
      <Loaded state={status} what="the webhook secret">
        {(s) => (
          <p>
            {s.exists ? `Generated ${formatTime(s.createdAt)}.` : "No secret yet: outgoing webhooks are unsigned until you generate one."}
            {s.previousValidUntil ? ` The previous secret verifies until ${formatTime(s.previousValidUntil)}.` : ""}
          </p>
        )}
      </Loaded>
      <Toggle label="End the previous secret at once (it leaked)" checked={revokePrevious} onChange={setRevokePrevious} />
      <ActionButton kind="secondary" onAction={regenerate}>
        {status.data?.exists ? "Regenerate the secret" : "Generate a secret"}
      </ActionButton>
    </Section>
  );
}

function PluginTokens({ org }: { org: Org }) {
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
    <Section title="Plugin tokens" id="plugin-tokens">
      {created ? <SecretOnce title="New plugin token:" value={created} onDone={() => setCreated(null)} /> : null}
      <Loaded state={tokens} what="plugin tokens">
        {(list) =>
          list.length === 0 ? (
            <EmptyState title="No plugin tokens.">Create one for an editor or chat plugin that acts for this organization.</EmptyState>
          ) : (
            <ul>
              {list.map((p) => (
                <li key={p.id}>
                  {p.name} · <code>{p.prefix}…</code> · {p.status} · expires {formatTime(p.expiresAt)}{" "}
                  <ActionButton
                    kind="danger"
                    label={`Revoke plugin token ${p.name}`}
                    onAction={async () => {
                      await api("DELETE", `${base}/${p.id}`);
                      tokens.reload();
                    }}
                  >
                    Revoke
                  </ActionButton>
                </li>
              ))}
            </ul>
          )
        }
      </Loaded>
      <Form onSubmit={create} submitLabel="Create plugin token">
        <Field label="Name" required maxLength={100} value={name} onInput={(e) => setName((e.target as HTMLInputElement).value)} />
        <Field label="Expires after (days)" type="number" min={1} max={365} required value={days} onInput={(e) => setDays((e.target as HTMLInputElement).value)} />
      </Form>
    </Section>
  );
}
