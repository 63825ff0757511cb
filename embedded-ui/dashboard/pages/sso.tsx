/**
 * Single sign-on and SCIM (docs/federation.md, docs/scim.md), for the owner and admins:
 * the organization's IdP connections within the plan's cap (client secrets are never
 * shown, only whether one is set), creating and editing them, testing one against its
 * IdP, deactivating; the sign-in policy; the SAML service-provider details to give the
 * IdP; and SCIM tokens (shown once) with the SCIM base URL.
 */
import { useState } from "preact/hooks";
import { api, ApiProblem, query } from "../api";
import { ActionButton, Badge, CopyButton, EmptyState, Field, Form, Interpolate, Loaded, SecretOnce, Section, Select, TextArea, Toggle, useLoad } from "../components";
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
import { useT } from "../language";

interface Role {
  id: string;
  name: string;
}

const text = (e: Event) => (e.target as HTMLInputElement).value;

export function SsoPage({ org }: { org: Org }) {
  const t = useT();
  const base = `/api/org/${org.slug}`;
  const list = useLoad(() => api<ConnectionList>("GET", `${base}/idp-connections`), [org.slug]);
  const [editing, setEditing] = useState<Connection | null>(null);
  const [formKey, setFormKey] = useState(0);
  const canManage = org.role === "owner" || org.role === "admin";

  if (!canManage || (list.error instanceof ApiProblem && list.error.status === 403)) {
    return (
      <>
        <div class="page-head">
          <h1>{t("sso.title")}</h1>
        </div>
        <EmptyState title={t("sso.adminsOnly")} />
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
        <h1>{t("sso.title")}</h1>
      </div>
      <Section title={t("sso.connections")} id="sso-connections">
        <p class="muted">
          {t("sso.connectionsHint")}
        </p>
        <Loaded state={list} what={t("sso.connectionsWhat")}>
          {(l) => (
            <>
              <CapLine org={org} list={l} />
              {l.connections.length === 0 ? (
                <EmptyState title={t("sso.noConnections")}>{t("sso.noConnectionsHint")}</EmptyState>
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
  const t = useT();
  const plan = PLAN_NAMES[org.plan] ?? org.plan;
  if (list.limit === 0) {
    return (
      <p class="warning" id="sso-cap" data-limit={list.limit} data-used={list.used}>
        {t("sso.capNone", { plan })}
        {org.role === "owner" ? (
          <Interpolate
            text={t("sso.capUpgrade")}
            values={{
              billing: (
                <a href={`/orgs/${org.slug}/billing`} data-route>
                  {t("sso.billing")}
                </a>
              ),
            }}
          />
        ) : (
          t("sso.capOwnerUpgrades")
        )}
      </p>
    );
  }
  return (
    <p id="sso-cap" data-limit={list.limit} data-used={list.used}>
      {list.limit < 0 ? t("sso.capUnlimited", { used: list.used, plan }) : t("sso.capOf", { used: list.used, limit: list.limit, plan })}
      {t("sso.inactiveNotCounted")}
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
  const t = useT();
  const [report, setReport] = useState<TestReport | null>(null);
  const info = typeInfo(t, c.type);
  const active = c.status === "active";
  const test = async () => {
    setReport(null);
    setReport(await api<TestReport>("POST", `${base}/settings/federation/test`, { connection_id: c.id }));
  };
  const deactivate = async () => {
    if (!confirm(t("sso.confirmDeactivate", { name: c.display_name }))) return;
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
          <strong class="team-name">{c.display_name}</strong> {c.is_default ? <Badge tone="good">{t("sso.default")}</Badge> : null} <Badge tone={active ? "good" : "neutral"}>{active ? t("sso.active") : t("sso.inactive")}</Badge>
          <p class="muted team-facts">
            {info.name} · {c.email_domain ? t("sso.forDomain", { domain: c.email_domain }) : t("sso.forAny")} ·{" "}
            {t("sso.joinsAs", { role: c.default_role === "org_director" ? t("sso.director") : c.default_role === "member" ? t("sso.member") : c.default_role })}
          </p>
        </div>
      </div>
      <ul class="facts-list">
        {info.protocol === "oidc" ? (
          <>
            <li>
              {t("sso.clientIdFact")} {c.oidc_client_id ? <code>{c.oidc_client_id}</code> : "—"}
            </li>
            <li class="secret-state">{c.oidc_client_secret_set ? t("sso.secretSet") : t("sso.pkceOnly")}</li>
            <li>
              {c.oidc_discovery_url ? (
                <>
                  {t("sso.discoveryFact")} <code>{c.oidc_discovery_url}</code>
                </>
              ) : c.oidc_issuer ? (
                <>
                  {t("sso.issuerFact")} <code>{c.oidc_issuer}</code>
                </>
              ) : (
                t("sso.discoveryFromType")
              )}
            </li>
          </>
        ) : (
          <li>
            {c.saml_metadata_url ? (
              <>
                {t("sso.metadataFact")} <code>{c.saml_metadata_url}</code>
              </>
            ) : c.saml_metadata_xml_set ? (
              t("sso.metadataSet")
            ) : (
              <Interpolate text={t("sso.ssoUrlFact")} values={{ url: <code>{c.saml_sso_url}</code>, entity: (<code>{c.saml_entity_id}</code>) }} />
            )}
          </li>
        )}
      </ul>
      <CopyRow
        label={info.protocol === "saml" ? t("sso.acsRegister") : t("sso.redirectRegister")}
        value={c.redirect_uri}
        copyLabel={info.protocol === "saml" ? t("sso.copyAcs") : t("sso.copyRedirect")}
      />
      <CopyRow label={t("sso.signInLink")} value={absolute(c.login_url)} copyLabel={t("sso.copySignInLink")} />
      <div class="toolbar connection-actions">
        <button type="button" class="secondary" onClick={onEdit}>
          {t("sso.edit")}
          <span class="visually-hidden"> {c.display_name}</span>
        </button>
        <ActionButton kind="secondary" label={t("sso.testLabel", { name: c.display_name })} onAction={test} done={t("sso.tested")}>
          {t("sso.test")}
        </ActionButton>
        {active ? (
          <ActionButton kind="danger" label={t("sso.deactivateLabel", { name: c.display_name })} onAction={deactivate} done={t("sso.deactivated")}>
            {t("sso.deactivate")}
          </ActionButton>
        ) : (
          <ActionButton kind="secondary" label={t("sso.reactivateLabel", { name: c.display_name })} onAction={reactivate} done={t("sso.reactivated")}>
            {t("sso.reactivate")}
          </ActionButton>
        )}
      </div>
      {report ? <Report report={report} /> : null}
    </li>
  );
}

/** The test's answer in plain words: whether it works, each check, and the problems. */
function Report({ report }: { report: TestReport }) {
  const t = useT();
  return (
    <div class={`report ${report.ok ? "success" : "warning"}`} role="status" data-ok={report.ok}>
      <p>
        <strong>{report.ok ? t("sso.reportOk") : t("sso.reportFail")}</strong>
      </p>
      {report.problems.length ? (
        <ul class="problems">
          {report.problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      ) : null}
      <details>
        <summary>{t("sso.checked", { count: report.checks.length })}</summary>
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
  const t = useT();
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
  const info = typeInfo(t, type);
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
    ["member", t("sso.member")],
    ["org_director", t("sso.director")],
    ...(roles.data ?? []).filter((r) => !["owner", "admin", "member", "org_director"].includes(r.id)).map((r) => [r.id, r.name] as [string, string]),
  ];
  const typeNames: [string, string][] = CONNECTION_TYPES.map((choice) => [choice.type, typeInfo(t, choice.type).name]);

  return (
    <Section title={e ? t("sso.editTitle", { name: e.display_name }) : t("sso.addTitle")} id="connection-form">
      <Form onSubmit={save} submitLabel={e ? t("sso.save") : t("sso.add")} done={e ? t("sso.saved") : t("sso.addedDone")} id="connection-editor">
        {e ? (
          <p class="muted">{t("sso.inactiveSave")}</p>
        ) : (
          <Select label={t("sso.type")} id="connection-type" value={type} onChange={(v) => setType(v as ConnectionType)} options={typeNames} />
        )}
        <Field label={t("sso.nameAtSignIn")} id="connection-name" maxLength={200} placeholder={info.name} value={f.display_name} onInput={set("display_name").onInput} />
        <Field
          label={t("sso.emailDomain")}
          id="connection-domain"
          maxLength={253}
          required={info.domainRequired}
          placeholder={"example.com"}
          hint={t("sso.emailDomainHint")}
          {...set("email_domain")}
        />
        <Select label={t("sso.joinRole")} id="connection-role" value={f.default_role} onChange={(v) => setF({ ...f, default_role: v })} options={roleOptions} />
        {info.protocol === "oidc" ? (
          <fieldset class="fieldset" key="oidc">
            <legend>{"OpenID Connect"}</legend>
            <Field label={t("sso.clientId")} id="oidc-client-id" required maxLength={500} autoComplete="off" {...set("client_id")} />
            <Field
              label={t("sso.clientSecret")}
              id="oidc-client-secret"
              type="password"
              maxLength={2000}
              autoComplete="new-password"
              hint={e?.oidc_client_secret_set ? t("sso.secretKeepHint") : t("sso.secretOptionalHint")}
              {...set("client_secret")}
            />
            <Select
              label={t("sso.endpointsFrom")}
              id="oidc-source"
              value={oidcSource}
              onChange={(v) => setOidcSource(v as OidcSource)}
              options={[
                ["issuer", info.issuerOptional ? t("sso.sourceIssuerOptional") : t("sso.sourceIssuer")],
                ["discovery", t("sso.sourceDiscovery")],
                ["manual", t("sso.sourceManual")],
              ]}
            />
            {oidcSource === "discovery" ? (
              <Field key="oidc-discovery" label={t("sso.discoveryUrl")} id="oidc-discovery" type="url" required placeholder={"https://idp.example.com/.well-known/openid-configuration"} {...set("discovery_url")} />
            ) : (
              <Field key="oidc-issuer" label={t("sso.issuer")} id="oidc-issuer" type="url" required={!info.issuerOptional || oidcSource === "manual"} hint={info.issuerHint} {...set("issuer")} />
            )}
            {oidcSource === "manual" ? (
              <>
                <Field label={t("sso.authorizationEndpoint")} id="oidc-authorize" type="url" required {...set("authorization_endpoint")} />
                <Field label={t("sso.tokenEndpoint")} id="oidc-token" type="url" required {...set("token_endpoint")} />
                <Field label={"JWKS URI"} id="oidc-jwks" type="url" required hint={t("sso.jwksHint")} {...set("jwks_uri")} />
              </>
            ) : null}
          </fieldset>
        ) : (
          <fieldset class="fieldset" key="saml">
            <legend>{"SAML 2.0"}</legend>
            <Select
              label={t("sso.describedHow")}
              id="saml-source"
              value={samlSource}
              onChange={(v) => setSamlSource(v as SamlSource)}
              options={[
                ["url", t("sso.samlUrl")],
                ["xml", t("sso.samlXml")],
                ["manual", t("sso.samlManual")],
              ]}
            />
            {samlSource === "url" ? <Field key="saml-metadata-url" label={t("sso.metadataUrl")} id="saml-metadata-url" type="url" required hint={t("sso.metadataUrlHint")} {...set("metadata_url")} /> : null}
            {samlSource === "xml" ? (
              <TextArea
                key="saml-metadata-xml"
                label={t("sso.metadataXml")}
                id="saml-metadata-xml"
                rows={6}
                maxLength={200_000}
                required={!e?.saml_metadata_xml_set}
                hint={e?.saml_metadata_xml_set ? t("sso.metadataXmlHint") : undefined}
                value={f.metadata_xml}
                onInput={(v) => setF({ ...f, metadata_xml: v })}
              />
            ) : null}
            {samlSource === "manual" ? (
              <>
                <Field key="saml-sso-url" label={t("sso.ssoUrl")} id="saml-sso-url" type="url" required {...set("sso_url")} />
                <Field label={t("sso.idpEntityId")} id="saml-entity-id" required maxLength={1024} {...set("entity_id")} />
                <TextArea label={t("sso.idpCertificate")} id="saml-certificate" rows={5} maxLength={20_000} required value={f.certificate} onInput={(v) => setF({ ...f, certificate: v })} />
              </>
            ) : null}
          </fieldset>
        )}
        <details>
          <summary>{t("sso.mapping")}</summary>
          <Field label={t("sso.emailClaim")} id="map-email" maxLength={200} placeholder={info.protocol === "saml" ? "email, mail, …" : "email"} {...set("email_claim")} />
          <Field label={t("sso.nameClaim")} id="map-name" maxLength={200} placeholder={info.protocol === "saml" ? "displayName" : "name"} {...set("name_claim")} />
          {e?.attribute_mapping.role ? <p class="muted">{t("sso.roleMappingKept", { attribute: e.attribute_mapping.role.attribute })}</p> : null}
        </details>
      </Form>
      <div class="toolbar">
        <ActionButton kind="secondary" id="test-unsaved" onAction={testUnsaved} done={t("sso.tested")}>
          {t("sso.testSettings")}
        </ActionButton>
        {e ? (
          <button type="button" class="secondary" onClick={onCancel}>
            {t("sso.cancelEditing")}
          </button>
        ) : null}
      </div>
      {report ? <Report report={report} /> : null}
    </Section>
  );
}

function PolicyForm({ base, connections, onSaved }: { base: string; connections: Connection[]; onSaved: () => void }) {
  const t = useT();
  const policy = useLoad(() => api<Policy>("GET", `${base}/settings/federation`), [base, connections.length]);
  // Kept here: the fields start again from the stored policy after each save.
  const [saved, setSaved] = useState(false);
  return (
    <Section title={t("sso.policy")} id="sso-policy">
      <Loaded state={policy} what={t("sso.policyWhat")}>
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
          {t("sso.savedWord")}
        </p>
      ) : null}
    </Section>
  );
}

function PolicyFields({ base, policy, connections, onChange, onSaved }: { base: string; policy: Policy; connections: Connection[]; onChange: () => void; onSaved: () => void }) {
  const t = useT();
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
      <Form onSubmit={save} submitLabel={t("sso.savePolicy")} done={t("sso.policySaved")} id="policy-form">
        <Select
          label={t("sso.defaultConnection")}
          id="policy-default"
          value={defaultId}
          onChange={setDefaultId}
          options={[["", t("sso.automatic")], ...active.map((c) => [c.id, c.display_name] as [string, string])]}
        />
        <Toggle id="policy-jit" label={t("sso.jit")} checked={jit} onChange={setJit} />
        <p class="muted">{t("sso.jitOff")}</p>
      </Form>
      <ActionButton
        kind="secondary"
        done={t("sso.resetDone")}
        onAction={async () => {
          onChange();
          await api("DELETE", `${base}/settings/federation`);
          onSaved();
        }}
      >
        {t("sso.reset")}
      </ActionButton>
    </>
  );
}

function ServiceProviderDetails({ org }: { org: Org }) {
  const t = useT();
  const path = `/idp/${org.slug}/saml/metadata`;
  const sp = useLoad(async (): Promise<ServiceProvider> => {
    const response = await fetch(path, { credentials: "same-origin" });
    if (!response.ok) throw new ApiProblem(response.status, "", {});
    return readSpMetadata(t, await response.text(), `${location.origin}${path}`);
  }, [org.slug]);
  return (
    <Section title={t("sso.spTitle")} id="sp-metadata">
      <p class="muted">
        {t("sso.spHint")}
      </p>
      <Loaded state={sp} what={t("sso.spWhat")}>
        {(m) => (
          <>
            <CopyRow label={t("sso.metadataUrl")} value={m.metadataUrl} id="sp-metadata-url" copyLabel={t("sso.copyMetadataUrl")} />
            <CopyRow label={t("sso.entityId")} value={m.entityId} id="sp-entity-id" copyLabel={t("sso.copyEntityId")} />
            <CopyRow label={"ACS URL (HTTP-POST)"} value={m.acsUrl} id="sp-acs-url" copyLabel={t("sso.copyAcs")} />
            <div class="copy-row">
              <span class="copy-label">{t("sso.signingCertificate")}</span>
              <pre class="certificate" id="sp-certificate" tabIndex={0} aria-label={t("sso.signingCertificate")}>
                {m.certificate}
              </pre>
              <CopyButton text={m.certificate} label={t("sso.copyCertificate")} />
            </div>
          </>
        )}
      </Loaded>
    </Section>
  );
}

function Scim({ org }: { org: Org }) {
  const t = useT();
  const base = `/api/org/${org.slug}/settings/scim/tokens`;
  const tokens = useLoad(() => api<ScimToken[]>("GET", base), [org.slug]);
  const [created, setCreated] = useState<CreatedToken | null>(null);
  const scimBase = created?.scimBaseUrl ?? `${location.origin}/scim/v2/${org.slug}`;
  const create = async () => {
    setCreated(await api<CreatedToken>("POST", base));
    tokens.reload();
  };
  return (
    <Section title={t("sso.scimTitle")} id="scim">
      <p class="muted">
        {t("sso.scimHint")}
      </p>
      <CopyRow label={t("sso.scimBase")} value={scimBase} id="scim-base-url" copyLabel={t("sso.copyScimBase")} />
      {created ? (
        <SecretOnce title={t("sso.newScimToken")} value={created.token} onDone={() => setCreated(null)}>
          {t("sso.scimTokenHint")}
        </SecretOnce>
      ) : null}
      <Loaded state={tokens} what={t("sso.scimWhat")}>
        {(list) =>
          list.length === 0 ? (
            <EmptyState title={t("sso.noScim")}>{t("sso.noScimHint")}</EmptyState>
          ) : (
            <ul class="token-list member-list" id="scim-tokens">
              {list.map((token) => (
                <li key={token.id} data-token-id={token.id} data-status={token.status}>
                  <span>
                    <code>{token.prefix}…</code> <Badge tone={token.status === "active" ? "good" : "neutral"}>{token.status === "active" ? t("sso.active") : t("sso.revoked")}</Badge>{" "}
                    <span class="muted">
                      {t("sso.createdAt", { time: formatTime(token.createdAt) })}
                      {token.revokedAt ? t("sso.revokedAt", { time: formatTime(token.revokedAt) }) : ""}
                    </span>
                  </span>
                  <span>
                    {token.status === "active" ? (
                      <ActionButton
                        kind="danger"
                        label={t("sso.revokeScimLabel", { prefix: token.prefix })}
                        done={t("sso.scimRevoked")}
                        onAction={async () => {
                          if (!confirm(t("sso.confirmRevokeScim", { prefix: token.prefix }))) return;
                          await api("DELETE", `${base}${query({ tokenId: token.id })}`);
                          tokens.reload();
                        }}
                      >
                        {t("sso.revoke")}
                      </ActionButton>
                    ) : null}
                    <ActionButton
                      kind="danger"
                      label={t("sso.deleteScimLabel", { prefix: token.prefix })}
                      done={t("sso.scimDeleted")}
                      onAction={async () => {
                        if (!confirm(t(token.status === "active" ? "sso.confirmDeleteActiveScim" : "sso.confirmDeleteScim", { prefix: token.prefix }))) return;
                        await api("DELETE", `${base}/hard${query({ tokenId: token.id })}`);
                        tokens.reload();
                      }}
                    >
                      {t("sso.delete")}
                    </ActionButton>
                  </span>
                </li>
              ))}
            </ul>
          )
        }
      </Loaded>
      <ActionButton id="create-scim-token" onAction={create} done={t("sso.scimCreated")}>
        {t("sso.createScim")}
      </ActionButton>
    </Section>
  );
}
