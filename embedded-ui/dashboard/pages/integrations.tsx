/**
 * Integrations (spec 4.9): the setup wizard (choose a connector, fill in its fields,
 * choose which inbound events are sealed, see what arrived, preview and materialize the
 * org structure of a hierarchy source), and access requests (ask for a connector's
 * scopes; providers approve or deny).
 */
import { useState } from "preact/hooks";
import { api, ApiProblem } from "../api";
import { ActionButton, Badge, EmptyState, Field, Form, Interpolate, Loaded, Section, Select, Toggle, useLoad } from "../components";
import { formatTime } from "../messages";
import type { Org } from "../session";
import { useT } from "../language";

interface Connector {
  key: string;
  name: string;
  description: string;
  shapes: string[];
  hierarchySource: boolean;
  requiredScopes: string[];
}

interface FieldView {
  key: string;
  label: string;
  kind: "text" | "url" | "select";
  required: boolean;
  options: string[] | null;
  help: string;
  value: string | null;
}

interface Status {
  status: "enabled" | "disconnected" | "not_connected";
  inboundCount: number;
  lastInboundAt: string | null;
  signingSecretReady: boolean;
  inboundUrl: string;
}

interface EventType {
  type: string;
  description: string;
  notarized: boolean;
}

interface Preview {
  people: number;
  matched: number;
  unmatched: number;
  units: { key: string; name: string; depth: number; people: number; matched: number }[];
}

interface AccessRequest {
  id: string;
  moduleKey: string;
  requesterConnectedId: string;
  scopes: string[];
  reason: string | null;
  status: "pending" | "approved" | "denied";
  createdAt: string;
}

export function IntegrationsPage({ org }: { org: Org }) {
  const t = useT();
  const base = `/api/org/${org.slug}/integrations`;
  const connectors = useLoad(() => api<Connector[]>("GET", `${base}/verified-connectors`), [org.slug]);
  const [chosen, setChosen] = useState<string | null>(null);
  // A request filed here shows at once in the list to decide (an admin sees both).
  const [filed, setFiled] = useState(0);
  const readable = !(connectors.error instanceof ApiProblem && connectors.error.status === 403);
  return (
    <>
      <div class="page-head">
        <h1>{t("integrations.title")}</h1>
      </div>
      {readable ? (
        <Section title={t("integrations.connectors")} id="connectors">
          <Loaded state={connectors} what={t("integrations.connectorsWhat")}>
            {(list) => (
              <ul class="connector-list">
                {list.map((c) => (
                  <li key={c.key}>
                    <strong>{c.name}</strong> <span class="muted">({c.shapes.join(", ")})</span>
                    <p>{c.description}</p>
                    <button type="button" class="secondary" id={`setup-${c.key}`} onClick={() => setChosen(c.key)}>
                      {t("integrations.setUp")}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </Loaded>
          {chosen && connectors.data ? <Wizard org={org} connector={connectors.data.find((c) => c.key === chosen)!} /> : null}
        </Section>
      ) : null}
      <MyRequests org={org} onFiled={() => setFiled((n) => n + 1)} />
      <ProviderRequests org={org} filed={filed} />
    </>
  );
}

function Wizard({ org, connector }: { org: Org; connector: Connector }) {
  const t = useT();
  const base = `/api/org/${org.slug}/integrations/${connector.key}`;
  const fields = useLoad(() => api<FieldView[]>("GET", `${base}/fields`), [base]);
  const status = useLoad(() => api<Status>("GET", `${base}/connection-status`), [base]);
  const [values, setValues] = useState<Record<string, string>>({});
  const valueOf = (f: FieldView) => values[f.key] ?? f.value ?? "";
  const enable = async () => {
    const filled = Object.fromEntries((fields.data ?? []).map((f) => [f.key, valueOf(f)]).filter(([, v]) => v !== ""));
    await api("POST", `${base}/enable`, { fields: filled });
    status.reload();
  };
  const enabled = status.data?.status === "enabled";
  return (
    <section class="card" id="wizard" aria-label={t("integrations.setUpLabel", { name: connector.name })}>
      <h3>{t("integrations.connect", { name: connector.name })}</h3>
      <Loaded state={fields} what={t("integrations.fieldsWhat")}>
        {(list) => (
          <Form onSubmit={enable} submitLabel={enabled ? t("integrations.saveFields") : t("integrations.enable")} done={t("integrations.enabled")} id="enable-connector">
            {list.map((f) =>
              f.kind === "select" ? (
                <Select key={f.key} id={`connector-${f.key}`} label={f.label} value={valueOf(f)} onChange={(v) => setValues({ ...values, [f.key]: v })} options={[["", t("integrations.choose")], ...f.options!.map((o) => [o, o] as [string, string])]} />
              ) : (
                <Field key={f.key} id={`connector-${f.key}`} label={f.label} hint={f.help} required={f.required} type={f.kind === "url" ? "url" : "text"} value={valueOf(f)} onInput={(e) => setValues({ ...values, [f.key]: (e.target as HTMLInputElement).value })} />
              ),
            )}
          </Form>
        )}
      </Loaded>
      <Loaded state={status} what={t("integrations.connectionWhat")}>
        {(s) => (
          <p id="connection-status" style={{ overflowWrap: "anywhere" }}>
            <Badge tone={s.status === "enabled" ? "good" : "neutral"}>{t(`integrations.status.${s.status}`)}</Badge>
            {t("integrations.received", { count: s.inboundCount })}
            {s.lastInboundAt ? t("integrations.last", { time: formatTime(s.lastInboundAt) }) : ""}
            <Interpolate text={t(s.signingSecretReady ? "integrations.sendsTo" : "integrations.sendsToNoSecret")} values={{ url: <code>{s.inboundUrl}</code> }} />
            {s.status === "enabled" ? (
              <ActionButton
                kind="danger"
                done={t("integrations.disconnected")}
                onAction={async () => {
                  await api("DELETE", `${base}/enable`);
                  status.reload();
                }}
              >
                {t("integrations.disconnect")}
              </ActionButton>
            ) : null}
          </p>
        )}
      </Loaded>
      {enabled ? <Notarize base={base} /> : null}
      {enabled ? <InboundPreview base={base} /> : null}
      {enabled && connector.hierarchySource ? <Structure base={base} /> : null}
    </section>
  );
}

function Notarize({ base }: { base: string }) {
  const t = useT();
  const types = useLoad(() => api<EventType[]>("GET", `${base}/event-types`), [base]);
  const save = async (type: string, on: boolean) => {
    const current = (types.data ?? []).filter((e) => e.notarized).map((e) => e.type);
    await api("POST", `${base}/notarize-scopes`, { eventTypes: on ? [...current, type] : current.filter((t) => t !== type) });
    types.reload();
  };
  return (
    <>
      <h3>{t("integrations.sealedWhich")}</h3>
      <Loaded state={types} what={t("integrations.typesWhat")}>
        {(list) => (
          <ul id="notarize-list">
            {list.map((e) => (
              <li key={e.type}>
                <Toggle id={`notarize-${e.type.replace(/\W/g, "-")}`} label={`${e.type}: ${e.description}`} checked={e.notarized} onChange={(on) => save(e.type, on)} />
              </li>
            ))}
          </ul>
        )}
      </Loaded>
    </>
  );
}

function InboundPreview({ base }: { base: string }) {
  const t = useT();
  const events = useLoad(() => api<{ id: string; type: string; receivedAt: string; auditEventId: string | null }[]>("GET", `${base}/inbound-preview?limit=10`), [base]);
  return (
    <>
      <h3>{t("integrations.arrived")}</h3>
      <Loaded state={events} what={t("integrations.inboundWhat")}>
        {(list) =>
          list.length === 0 ? (
            <EmptyState title={t("integrations.nothingArrived")} />
          ) : (
            <ul id="inbound-preview">
              {list.map((e) => (
                <li key={e.id}>
                  {formatTime(e.receivedAt)} · <code>{e.type}</code> {e.auditEventId ? <Badge tone="good">{t("integrations.sealed")}</Badge> : null}
                </li>
              ))}
            </ul>
          )
        }
      </Loaded>
    </>
  );
}

function Structure({ base }: { base: string }) {
  const t = useT();
  const preview = useLoad(() => api<Preview>("GET", `${base}/hierarchy-preview`), [base]);
  const [result, setResult] = useState<string | null>(null);
  return (
    <>
      <h3>{t("integrations.structure")}</h3>
      <p class="muted">{t("integrations.structureHint")}</p>
      <Loaded state={preview} what={t("integrations.structureWhat")}>
        {(p) => (
          <>
            <p id="hierarchy-summary">
              {t("integrations.summary", { people: p.people, matched: p.matched, unmatched: p.unmatched })}
            </p>
            <ul id="hierarchy-units">
              {p.units.map((u) => (
                <li key={u.key} style={{ marginLeft: `${(u.depth - 1) * 1.25}rem` }}>
                  {u.name} <span class="muted">{t("integrations.unitPeople", { count: u.people })}</span>
                </li>
              ))}
            </ul>
          </>
        )}
      </Loaded>
      <ActionButton
        id="materialize"
        onAction={async () => {
          const r = await api<{ teams: { created: boolean }[]; membersPlaced: number; edgesAdded: number }>("POST", `${base}/org-structure/materialize`);
          setResult(t("integrations.materialized", { teams: r.teams.filter((team) => team.created).length, people: r.membersPlaced, edges: r.edgesAdded }));
        }}
      >
        {t("integrations.materialize")}
      </ActionButton>
      {result ? (
        <p id="materialized" role="status">
          {result}
        </p>
      ) : null}
    </>
  );
}

function MyRequests({ org, onFiled }: { org: Org; onFiled: () => void }) {
  const t = useT();
  const [moduleKey, setModuleKey] = useState("hr_directory");
  const [reason, setReason] = useState("");
  const mine = useLoad(() => api<AccessRequest[]>("GET", `/api/org/${org.slug}/integrations/${moduleKey}/request`), [org.slug, moduleKey]);
  const ask = async () => {
    await api("POST", `/api/org/${org.slug}/integrations/${moduleKey}/request`, reason.trim() ? { reason: reason.trim() } : {});
    setReason("");
    mine.reload();
    onFiled();
  };
  return (
    <Section title={t("integrations.requestTitle")} id="my-requests">
      <Form onSubmit={ask} submitLabel={t("integrations.request")} done={t("integrations.requested")} id="request-access">
        <Select
          label={t("integrations.connector")}
          id="request-module"
          value={moduleKey}
          onChange={setModuleKey}
          options={[
            ["hr_directory", t("integrations.hr")],
            ["ticketing", t("integrations.ticketing")],
          ]}
        />
        <Field label={t("integrations.why")} id="request-reason" value={reason} onInput={(e) => setReason((e.target as HTMLInputElement).value)} />
      </Form>
      <Loaded state={mine} what={t("integrations.mineWhat")}>
        {(list) => (
          <ul id="my-request-list">
            {list.map((r) => (
              <li key={r.id}>
                {formatTime(r.createdAt)} · {r.scopes.join(", ")} · <Badge tone={r.status === "approved" ? "good" : r.status === "denied" ? "bad" : "warn"}>{t(`integrations.request.${r.status}`)}</Badge>
              </li>
            ))}
          </ul>
        )}
      </Loaded>
    </Section>
  );
}

function ProviderRequests({ org, filed }: { org: Org; filed: number }) {
  const t = useT();
  const base = `/api/org/${org.slug}/access-requests`;
  const pending = useLoad(() => api<AccessRequest[]>("GET", `${base}?status=pending`), [org.slug, filed]);
  if (pending.error instanceof ApiProblem && pending.error.status === 403) return null;
  const decide = async (id: string, decision: "approve" | "deny") => {
    await api("POST", `${base}/${id}/${decision}`);
    pending.reload();
  };
  return (
    <Section title={t("integrations.decideTitle")} id="access-requests">
      <Loaded state={pending} what={t("integrations.pendingWhat")}>
        {(list) =>
          list.length === 0 ? (
            <EmptyState title={t("integrations.noPending")} />
          ) : (
            <ul id="pending-requests">
              {list.map((r) => (
                <li key={r.id} data-request={r.id}>
                  <strong>{r.moduleKey}</strong>: {r.scopes.join(", ")} {r.reason ? <span class="muted">“{r.reason}”</span> : null}{" "}
                  <ActionButton onAction={() => decide(r.id, "approve")} done={t("integrations.approved")}>
                    {t("integrations.approve")}
                  </ActionButton>
                  <ActionButton kind="danger" onAction={() => decide(r.id, "deny")} done={t("integrations.denied")}>
                    {t("integrations.deny")}
                  </ActionButton>
                </li>
              ))}
            </ul>
          )
        }
      </Loaded>
    </Section>
  );
}
