/**
 * Single sign-on and SCIM (docs/federation.md, docs/scim.md), for the owner and admins:
 * the organization's IdP connections within the plan's cap (client secrets are never
 * shown, only whether one is set), creating and editing them, testing one against its
 * IdP, deactivating; the sign-in policy; the SAML service-provider details to give the
 * IdP; and SCIM tokens (shown once) with the SCIM base URL.
 */
import { useState } from "preact/hooks";
import { api, ApiProblem, query } from "../api";
import { ActionButton, Badge, CopyButton, EmptyState, Field, Form, Loaded, SecretOnce, Section, Select, TextArea, Toggle, useLoad } from "../components";
import {
  type Connection,
  type ConnectionBody,
  type ConnectionList,
  type ConnectionType,
  CONNECTION_TYPES,
  type CreatedToken,
  type Policy,
  readSpMetadata,
  type ScimToken,
  type ServiceProvider,
  type TestReport,
  typeInfo,
} from "../federation";
import { formatTime } from "../messages";
import { PLAN_NAMES, type Org } from "../session";

interface Role {
  id: string;
  name: string;
}

const text = (e: Event) => (e.target as HTMLInputElement).value;

export function SsoPage({ org }: { org: Org }) {
  const base = `/api/org/${org.slug}`;
  const list = useLoad(() => api<ConnectionList>("GET", `${base}/idp-connections`), [org.slug]);
  const [editing, setEditing] = useState<Connection | null>(null);
  const [formKey, setFormKey] = useState(0);
  const canManage = org.role === "owner" || org.role === "admin";

  if (!canManage || (list.error instanceof ApiProblem && list.error.status === 403)) {
    return (
      <>
        <div class="page-head">
          <h1>SSO & SCIM</h1>
        </div>
        <EmptyState title="Only the owner and admins manage single sign-on and SCIM." />
      </>
    );
  }
  const edit = (connection: Connection | null) => {
    setEditing(connection);
    setFormKey((k) => k + 1);
    if (connection) requestAnimationFrame(() => document.getElementById("connection-form")?.scrollIntoView({ block: "start" }));
  };
  return (
    <>
      <div class="page-head">
        <h1>SSO & SCIM</h1>
      </div>
      <Section title="Identity-provider connections" id="sso-connections">
        <p class="muted">
          People sign in to this dashboard through your identity provider and join the organization as they first arrive. Client secrets are kept sealed: they are never shown again,
          only whether one is set.
        </p>
        <Loaded state={list} what="connections">
          {(l) => (
            <>
              <CapLine org={org} list={l} />
              {l.connections.length === 0 ? (
                <EmptyState title="No connections yet.">Add one below with the details from your identity provider.</EmptyState>
              ) : (
                <ul class="connection-list">
                  {l.connections.map((c) => (
                    <ConnectionItem key={c.id} base={base} connection={c} onEdit={() => edit(c)} onChanged={list.reload} />
                  ))}
                </ul>
              )}
            </>
          )}
        </Loaded>
      </Section>
      <ConnectionForm
        key={formKey}
        org={org}
        editing={editing}
        onCancel={() => edit(null)}
        onSaved={() => {
          edit(null);
          list.reload();
        }}
      />
      {list.data ? <PolicyForm base={base} connections={list.data.connections} onSaved={list.reload} /> : null}
      <ServiceProviderDetails org={org} />
      <Scim org={org} />
    </>
  );
}

/** The plan's cap on active connections (§8), in words. */
function CapLine({ org, list }: { org: Org; list: ConnectionList }) {
  const plan = PLAN_NAMES[org.plan] ?? org.plan;
  if (list.limit === 0) {
    return (
      <p class="warning" id="sso-cap" data-limit={list.limit} data-used={list.used}>
        The {plan} plan includes no single sign-on connections. Pro allows one, Pro+ three, Business ten{org.role === "owner" ? <>: upgrade on the <a href={`/orgs/${org.slug}/billing`} data-route>Billing</a> page</> : " (the owner upgrades)"}.
      </p>
    );
  }
  return (
    <p id="sso-cap" data-limit={list.limit} data-used={list.used}>
      {list.limit < 0 ? `${list.used} active; the ${plan} plan has no limit.` : `${list.used} of ${list.limit} active connections on the ${plan} plan.`} Inactive connections do not count.
    </p>
  );
}

function CopyRow({ label, value, id, copyLabel }: { label: string; value: string; id?: string; copyLabel: string }) {
  return (
    <div class="copy-row">
      <span class="copy-label">{label}</span>
      <code id={id}>{value}</code>
      <CopyButton text={value} label={copyLabel} />
    </div>
  );
}

function absolute(url: string): string {
  return url.startsWith("/") ? `${location.origin}${url}` : url;
}

function ConnectionItem({ base, connection: c, onEdit, onChanged }: { base: string; connection: Connection; onEdit: () => void; onChanged: () => void }) {
  const [report, setReport] = useState<TestReport | null>(null);
  const info = typeInfo(c.type);
  const active = c.status === "active";
  const test = async () => {
    setReport(null);
    setReport(await api<TestReport>("POST", `${base}/settings/federation/test`, { connection_id: c.id }));
  };
  const deactivate = async () => {
    if (!confirm(`Deactivate ${c.display_name}? Nobody can sign in through it until it is saved again.`)) return;
    await api("POST", `${base}/idp-connections/${encodeURIComponent(c.id)}/deactivate`);
    onChanged();
  };
  const reactivate = async () => {
    await api("PUT", `${base}/idp-connections`, bodyOfView(c));
    onChanged();
  };
  return (
    <li class="card connection" data-connection-id={c.id} data-connection-name={c.display_name} data-status={c.status}>
      <div class="team-head">
        <div>
          <strong class="team-name">{c.display_name}</strong> {c.is_default ? <Badge tone="good">Default</Badge> : null} <Badge tone={active ? "good" : "neutral"}>{active ? "Active" : "Inactive"}</Badge>
          <p class="muted team-facts">
            {info.name} · {c.email_domain ? `for addresses at ${c.email_domain}` : "for any address"} · joins as {c.default_role === "org_director" ? "Director" : c.default_role === "member" ? "Member" : c.default_role}
          </p>
        </div>
      </div>
      <ul class="facts-list">
        {info.protocol === "oidc" ? (
          <>
            <li>Client ID: {c.oidc_client_id ? <code>{c.oidc_client_id}</code> : "—"}</li>
            <li class="secret-state">{c.oidc_client_secret_set ? "Client secret set" : "No client secret: the client signs in with PKCE only"}</li>
            <li>{c.oidc_discovery_url ? <>Discovery: <code>{c.oidc_discovery_url}</code></> : c.oidc_issuer ? <>Issuer: <code>{c.oidc_issuer}</code></> : "Discovery filled in from the type"}</li>
          </>
        ) : (
          <li>
            {c.saml_metadata_url ? <>Metadata: <code>{c.saml_metadata_url}</code></> : c.saml_metadata_xml_set ? "Metadata document set" : <>Single sign-on URL: <code>{c.saml_sso_url}</code>, entity ID <code>{c.saml_entity_id}</code></>}
          </li>
        )}
      </ul>
      <CopyRow
        label={info.protocol === "saml" ? "ACS URL (register it at the IdP)" : "Redirect URI (register it at the IdP)"}
        value={c.redirect_uri}
        copyLabel={info.protocol === "saml" ? "Copy ACS URL" : "Copy redirect URI"}
      />
      <CopyRow label="Sign-in link" value={absolute(c.login_url)} copyLabel="Copy sign-in link" />
      <div class="toolbar connection-actions">
        <button type="button" class="secondary" onClick={onEdit}>
          Edit<span class="visually-hidden"> {c.display_name}</span>
        </button>
        <ActionButton kind="secondary" label={`Test ${c.display_name}`} onAction={test}>
          Test
        </ActionButton>
        {active ? (
          <ActionButton kind="danger" label={`Deactivate ${c.display_name}`} onAction={deactivate}>
            Deactivate
          </ActionButton>
        ) : (
          <ActionButton kind="secondary" label={`Reactivate ${c.display_name}`} onAction={reactivate}>
            Reactivate
          </ActionButton>
        )}
      </div>
      {report ? <Report report={report} /> : null}
    </li>
  );
}

/** The test's answer in plain words: whether it works, each check, and the problems. */
function Report({ report }: { report: TestReport }) {
  return (
    <div class={`report ${report.ok ? "success" : "warning"}`} role="status" data-ok={report.ok}>
      <p>
        <strong>{report.ok ? "The identity provider answers as a sign-in needs." : "A sign-in through this connection would fail."}</strong>
      </p>
      {report.problems.length ? (
        <ul class="problems">
          {report.problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      ) : null}
      <details>
        <summary>What was checked ({report.checks.length})</summary>
        <ul>
          {report.checks.map((c) => (
            <li key={c.name} class={c.ok ? "ok" : "bad"}>
              {c.name}: {c.detail}
            </li>
          ))}
        </ul>
      </details>
    </div>
  );
}

/** A stored connection as a PUT body (the secret left out, so the stored one is kept). */
function bodyOfView(c: Connection): ConnectionBody {
  const body: Record<string, unknown> = { id: c.id, type: c.type, display_name: c.display_name, email_domain: c.email_domain, default_role: c.default_role, attribute_mapping: c.attribute_mapping };
  for (const key of ["oidc_discovery_url", "oidc_issuer", "oidc_authorization_endpoint", "oidc_token_endpoint", "oidc_jwks_uri", "oidc_client_id", "saml_metadata_url", "saml_sso_url", "saml_entity_id", "saml_certificate"] as const) {
    if (c[key]) body[key] = c[key];
  }
  return body as ConnectionBody;
}

type OidcSource = "issuer" | "discovery" | "manual";
type SamlSource = "url" | "xml" | "manual";

function ConnectionForm({ org, editing, onSaved, onCancel }: { org: Org; editing: Connection | null; onSaved: () => void; onCancel: () => void }) {
  const base = `/api/org/${org.slug}`;
  const roles = useLoad(() => api<Role[]>("GET", `${base}/roles`), [org.slug]);
  const e = editing;
  const [type, setType] = useState<ConnectionType>((e?.type as ConnectionType) ?? "custom-oidc");
  const [f, setF] = useState({
    display_name: e?.display_name ?? "",
    email_domain: e?.email_domain ?? "",
    default_role: e?.default_role ?? "member",
    client_id: e?.oidc_client_id ?? "",
    client_secret: "",
    discovery_url: e?.oidc_discovery_url ?? "",
    issuer: e?.oidc_issuer ?? "",
    authorization_endpoint: e?.oidc_authorization_endpoint ?? "",
    token_endpoint: e?.oidc_token_endpoint ?? "",
    jwks_uri: e?.oidc_jwks_uri ?? "",
    metadata_url: e?.saml_metadata_url ?? "",
    metadata_xml: "",
    sso_url: e?.saml_sso_url ?? "",
    entity_id: e?.saml_entity_id ?? "",
    certificate: e?.saml_certificate ?? "",
    email_claim: e?.attribute_mapping.email ?? "",
    name_claim: e?.attribute_mapping.display_name ?? "",
  });
  const [oidcSource, setOidcSource] = useState<OidcSource>(e?.oidc_discovery_url ? "discovery" : e?.oidc_authorization_endpoint ? "manual" : "issuer");
  const [samlSource, setSamlSource] = useState<SamlSource>(e ? (e.saml_metadata_url ? "url" : e.saml_metadata_xml_set ? "xml" : "manual") : "url");
  const [report, setReport] = useState<TestReport | null>(null);
  const info = typeInfo(type);
  const set = (key: keyof typeof f) => ({ value: f[key], onInput: (ev: Event) => setF({ ...f, [key]: text(ev) }) });
  const orNull = (value: string) => value.trim() || null;

  const body = (): ConnectionBody => {
    const b: Record<string, unknown> = { type, default_role: f.default_role, email_domain: orNull(f.email_domain) };
    if (e) b.id = e.id;
    if (f.display_name.trim()) b.display_name = f.display_name.trim();
    const mapping: Record<string, unknown> = { ...(e?.attribute_mapping.role ? { role: e.attribute_mapping.role } : {}) };
    if (f.email_claim.trim()) mapping.email = f.email_claim.trim();
    if (f.name_claim.trim()) mapping.display_name = f.name_claim.trim();
    b.attribute_mapping = mapping;
    if (info.protocol === "oidc") {
      b.oidc_client_id = f.client_id.trim();
      if (f.client_secret) b.oidc_client_secret = f.client_secret;
      if (oidcSource === "discovery") b.oidc_discovery_url = orNull(f.discovery_url);
      else if (f.issuer.trim()) b.oidc_issuer = f.issuer.trim();
      if (oidcSource === "manual") {
        b.oidc_authorization_endpoint = orNull(f.authorization_endpoint);
        b.oidc_token_endpoint = orNull(f.token_endpoint);
        b.oidc_jwks_uri = orNull(f.jwks_uri);
      }
    } else if (samlSource === "url") b.saml_metadata_url = orNull(f.metadata_url);
    else if (samlSource === "xml") b.saml_metadata_xml = orNull(f.metadata_xml);
    else {
      b.saml_sso_url = orNull(f.sso_url);
      b.saml_entity_id = orNull(f.entity_id);
      b.saml_certificate = orNull(f.certificate);
    }
    return b as ConnectionBody;
  };
  const save = async () => {
    await api(e ? "PUT" : "POST", `${base}/idp-connections`, body());
    onSaved();
  };
  const testUnsaved = async () => {
    setReport(null);
    setReport(await api<TestReport>("POST", `${base}/settings/federation/test`, { connection: body() }));
  };
  const roleOptions: [string, string][] = [
    ["member", "Member"],
    ["org_director", "Director"],
    ...(roles.data ?? []).filter((r) => !["owner", "admin", "member", "org_director"].includes(r.id)).map((r) => [r.id, r.name] as [string, string]),
  ];
  const typeNames: [string, string][] = CONNECTION_TYPES.map((t) => [t.type, t.name]);

  return (
    <Section title={e ? `Edit ${e.display_name}` : "Add a connection"} id="connection-form">
      <Form onSubmit={save} submitLabel={e ? "Save the connection" : "Add the connection"} id="connection-editor">
        {e ? (
          <p class="muted">Saving an inactive connection makes it active again, within the plan's cap.</p>
        ) : (
          <Select label="Type" id="connection-type" value={type} onChange={(v) => setType(v as ConnectionType)} options={typeNames} />
        )}
        <Field label="Name shown at sign-in" id="connection-name" maxLength={200} placeholder={info.name} value={f.display_name} onInput={set("display_name").onInput} />
        <Field
          label="E-mail domain"
          id="connection-domain"
          maxLength={253}
          required={info.domainRequired}
          placeholder="example.com"
          hint="People with addresses at this domain sign in through this connection, and only they may. Empty: anyone the IdP vouches for (as the default connection)."
          {...set("email_domain")}
        />
        <Select label="Role for people joining through it" id="connection-role" value={f.default_role} onChange={(v) => setF({ ...f, default_role: v })} options={roleOptions} />
        {info.protocol === "oidc" ? (
          <fieldset class="fieldset" key="oidc">
            <legend>OpenID Connect</legend>
            <Field label="Client ID" id="oidc-client-id" required maxLength={500} autoComplete="off" {...set("client_id")} />
            <Field
              label="Client secret"
              id="oidc-client-secret"
              type="password"
              maxLength={2000}
              autoComplete="new-password"
              hint={e?.oidc_client_secret_set ? "A secret is set. Leave this empty to keep it; a new value replaces it." : "Optional: without one the client signs in with PKCE only. It is sealed and never shown again."}
              {...set("client_secret")}
            />
            <Select
              label="Where the endpoints come from"
              id="oidc-source"
              value={oidcSource}
              onChange={(v) => setOidcSource(v as OidcSource)}
              options={[
                ["issuer", info.issuerOptional ? "The issuer (or filled in from the type)" : "The issuer's discovery document"],
                ["discovery", "A discovery URL"],
                ["manual", "The issuer and each endpoint"],
              ]}
            />
            {oidcSource === "discovery" ? (
              <Field key="oidc-discovery" label="Discovery URL" id="oidc-discovery" type="url" required placeholder="https://idp.example.com/.well-known/openid-configuration" {...set("discovery_url")} />
            ) : (
              <Field key="oidc-issuer" label="Issuer" id="oidc-issuer" type="url" required={!info.issuerOptional || oidcSource === "manual"} hint={info.issuerHint} {...set("issuer")} />
            )}
            {oidcSource === "manual" ? (
              <>
                <Field label="Authorization endpoint" id="oidc-authorize" type="url" required {...set("authorization_endpoint")} />
                <Field label="Token endpoint" id="oidc-token" type="url" required {...set("token_endpoint")} />
                <Field label="JWKS URI" id="oidc-jwks" type="url" required hint="The keys the id_tokens are signed with: signatures are always checked." {...set("jwks_uri")} />
              </>
            ) : null}
          </fieldset>
        ) : (
          <fieldset class="fieldset" key="saml">
            <legend>SAML 2.0</legend>
            <Select
              label="How the identity provider is described"
              id="saml-source"
              value={samlSource}
              onChange={(v) => setSamlSource(v as SamlSource)}
              options={[
                ["url", "Its metadata URL"],
                ["xml", "Its metadata document"],
                ["manual", "Sign-on URL, entity ID and certificate"],
              ]}
            />
            {samlSource === "url" ? <Field key="saml-metadata-url" label="Metadata URL" id="saml-metadata-url" type="url" required hint="Fetched at sign-in and kept for an hour." {...set("metadata_url")} /> : null}
            {samlSource === "xml" ? (
              <TextArea
                key="saml-metadata-xml"
                label="Metadata document (XML)"
                id="saml-metadata-xml"
                rows={6}
                maxLength={200_000}
                required={!e?.saml_metadata_xml_set}
                hint={e?.saml_metadata_xml_set ? "A document is stored; paste a new one to replace it." : undefined}
                value={f.metadata_xml}
                onInput={(v) => setF({ ...f, metadata_xml: v })}
              />
            ) : null}
            {samlSource === "manual" ? (
              <>
                <Field key="saml-sso-url" label="Single sign-on URL (HTTP-Redirect)" id="saml-sso-url" type="url" required {...set("sso_url")} />
                <Field label="IdP entity ID" id="saml-entity-id" required maxLength={1024} {...set("entity_id")} />
                <TextArea label="IdP signing certificate (PEM)" id="saml-certificate" rows={5} maxLength={20_000} required value={f.certificate} onInput={(v) => setF({ ...f, certificate: v })} />
              </>
            ) : null}
          </fieldset>
        )}
        <details>
          <summary>Attribute mapping</summary>
          <Field label="Claim or attribute holding the e-mail address" id="map-email" maxLength={200} placeholder={info.protocol === "saml" ? "email, mail, …" : "email"} {...set("email_claim")} />
          <Field label="Claim or attribute holding the name" id="map-name" maxLength={200} placeholder={info.protocol === "saml" ? "displayName" : "name"} {...set("name_claim")} />
          {e?.attribute_mapping.role ? <p class="muted">The role mapping on “{e.attribute_mapping.role.attribute}” is kept (set it through the API).</p> : null}
        </details>
      </Form>
      <div class="toolbar">
        <ActionButton kind="secondary" id="test-unsaved" onAction={testUnsaved}>
          Test these settings
        </ActionButton>
        {e ? (
          <button type="button" class="secondary" onClick={onCancel}>
            Cancel editing
          </button>
        ) : null}
      </div>
      {report ? <Report report={report} /> : null}
    </Section>
  );
}

function PolicyForm({ base, connections, onSaved }: { base: string; connections: Connection[]; onSaved: () => void }) {
  const policy = useLoad(() => api<Policy>("GET", `${base}/settings/federation`), [base, connections.length]);
  // Kept here: the fields start again from the stored policy after each save.
  const [saved, setSaved] = useState(false);
  return (
    <Section title="Sign-in policy" id="sso-policy">
      <Loaded state={policy} what="the sign-in policy">
        {(p) => (
          <PolicyFields
            key={`${p.updated_at}-${connections.map((c) => c.status).join()}`}
            base={base}
            policy={p}
            connections={connections}
            onChange={() => setSaved(false)}
            onSaved={() => {
              setSaved(true);
              policy.reload();
              onSaved();
            }}
          />
        )}
      </Loaded>
      {saved ? (
        <p role="status" class="success">
          Saved.
        </p>
      ) : null}
    </Section>
  );
}

function PolicyFields({ base, policy, connections, onChange, onSaved }: { base: string; policy: Policy; connections: Connection[]; onChange: () => void; onSaved: () => void }) {
  const [defaultId, setDefaultId] = useState(policy.default_connection_id ?? "");
  const [jit, setJit] = useState(policy.jit_membership);
  const active = connections.filter((c) => c.status === "active");
  const save = async () => {
    onChange();
    await api<Policy>("POST", `${base}/settings/federation`, { default_connection_id: defaultId || null, jit_membership: jit });
    onSaved();
  };
  return (
    <>
      <Form onSubmit={save} submitLabel="Save the policy" id="policy-form">
        <Select
          label="Default connection (when no e-mail domain matches)"
          id="policy-default"
          value={defaultId}
          onChange={setDefaultId}
          options={[["", "Automatic: the only active connection without an e-mail domain"], ...active.map((c) => [c.id, c.display_name] as [string, string])]}
        />
        <Toggle id="policy-jit" label="Sign-ins may add people who are not members yet (just-in-time membership)" checked={jit} onChange={setJit} />
        <p class="muted">Off: only people who are already members can sign in through the identity provider.</p>
      </Form>
      <ActionButton
        kind="secondary"
        onAction={async () => {
          onChange();
          await api("DELETE", `${base}/settings/federation`);
          onSaved();
        }}
      >
        Reset to the defaults
      </ActionButton>
    </>
  );
}

function ServiceProviderDetails({ org }: { org: Org }) {
  const path = `/idp/${org.slug}/saml/metadata`;
  const sp = useLoad(async (): Promise<ServiceProvider> => {
    const response = await fetch(path, { credentials: "same-origin" });
    if (!response.ok) throw new ApiProblem(response.status, "", {});
    return readSpMetadata(await response.text(), `${location.origin}${path}`);
  }, [org.slug]);
  return (
    <Section title="Service-provider details for SAML" id="sp-metadata">
      <p class="muted">
        Give these to a SAML identity provider, or just the metadata URL (it holds all of them). The OIDC redirect URI is the same ACS URL.
      </p>
      <Loaded state={sp} what="the service-provider details">
        {(m) => (
          <>
            <CopyRow label="Metadata URL" value={m.metadataUrl} id="sp-metadata-url" copyLabel="Copy metadata URL" />
            <CopyRow label="Entity ID" value={m.entityId} id="sp-entity-id" copyLabel="Copy entity ID" />
            <CopyRow label="ACS URL (HTTP-POST)" value={m.acsUrl} id="sp-acs-url" copyLabel="Copy ACS URL" />
            <div class="copy-row">
              <span class="copy-label">Signing certificate</span>
              <pre class="certificate" id="sp-certificate" tabIndex={0} aria-label="Signing certificate">
                {m.certificate}
              </pre>
              <CopyButton text={m.certificate} label="Copy signing certificate" />
            </div>
          </>
        )}
      </Loaded>
    </Section>
  );
}

function Scim({ org }: { org: Org }) {
  const base = `/api/org/${org.slug}/settings/scim/tokens`;
  const tokens = useLoad(() => api<ScimToken[]>("GET", base), [org.slug]);
  const [created, setCreated] = useState<CreatedToken | null>(null);
  const scimBase = created?.scimBaseUrl ?? `${location.origin}/scim/v2/${org.slug}`;
  const create = async () => {
    setCreated(await api<CreatedToken>("POST", base));
    tokens.reload();
  };
  return (
    <Section title="SCIM provisioning" id="scim">
      <p class="muted">
        An identity provider with a SCIM token adds, updates and removes this organization's members and teams. A token is shown once; keep at most five live, enough to rotate.
      </p>
      <CopyRow label="SCIM base URL" value={scimBase} id="scim-base-url" copyLabel="Copy SCIM base URL" />
      {created ? (
        <SecretOnce title="New SCIM token:" value={created.token} onDone={() => setCreated(null)}>
          Put it in your identity provider as the bearer token, with the base URL above.
        </SecretOnce>
      ) : null}
      <Loaded state={tokens} what="SCIM tokens">
        {(list) =>
          list.length === 0 ? (
            <EmptyState title="No SCIM tokens.">Create one for your identity provider's provisioning.</EmptyState>
          ) : (
            <ul class="token-list member-list" id="scim-tokens">
              {list.map((t) => (
                <li key={t.id} data-token-id={t.id} data-status={t.status}>
                  <span>
                    <code>{t.prefix}…</code> <Badge tone={t.status === "active" ? "good" : "neutral"}>{t.status === "active" ? "Active" : "Revoked"}</Badge>{" "}
                    <span class="muted">
                      created {formatTime(t.createdAt)}
                      {t.revokedAt ? `, revoked ${formatTime(t.revokedAt)}` : ""}
                    </span>
                  </span>
                  <span>
                    {t.status === "active" ? (
                      <ActionButton
                        kind="danger"
                        label={`Revoke SCIM token ${t.prefix}`}
                        onAction={async () => {
                          if (!confirm(`Revoke ${t.prefix}…? The identity provider using it stops provisioning at once.`)) return;
                          await api("DELETE", `${base}${query({ tokenId: t.id })}`);
                          tokens.reload();
                        }}
                      >
                        Revoke
                      </ActionButton>
                    ) : null}
                    <ActionButton
                      kind="danger"
                      label={`Delete SCIM token ${t.prefix}`}
                      onAction={async () => {
                        if (!confirm(`Delete the record of ${t.prefix}…? ${t.status === "active" ? "It stops working at once. " : ""}The audit log keeps its events.`)) return;
                        await api("DELETE", `${base}/hard${query({ tokenId: t.id })}`);
                        tokens.reload();
                      }}
                    >
                      Delete
                    </ActionButton>
                  </span>
                </li>
              ))}
            </ul>
          )
        }
      </Loaded>
      <ActionButton id="create-scim-token" onAction={create}>
        Create a SCIM token
      </ActionButton>
    </Section>
  );
}
