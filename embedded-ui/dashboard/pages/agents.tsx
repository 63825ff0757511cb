/**
 * Agents (spec 2.9, 3.3, 4.8): per app group, the roster; hire with an expiry (required,
 * in the future), assign an operator (a person), issue the credential (the operator
 * only; shown once), suspend, activate and revoke.
 */
import { useState } from "preact/hooks";
import { api } from "../api";
import { ActionButton, Badge, EmptyState, ErrorMessage, Field, Form, Loaded, SecretOnce, Section, Select, useLoad } from "../components";
import { formatTime } from "../messages";
import type { Org } from "../session";
import { useT } from "../language";

interface AppGroup {
  id: string;
  name: string;
}

interface Agent {
  id: string;
  kind: string;
  displayName: string;
  status: "active" | "suspended" | "revoked";
  suspendedReason: "manual" | "expired" | null;
  expiresAt: string;
  role: { name: string };
  operatorConnectedId: string | null;
  credential: { prefix: string } | null;
  mcpUrl: string;
}

interface Member {
  email: string;
  connectedId: string | null;
}

const KINDS = ["test", "design", "db", "api", "infra", "custom"] as const;

/** A datetime-local value (the browser's local time) 30 days from now: the picker's default. */
function inThirtyDays(): string {
  const d = new Date(Date.now() + 30 * 86_400_000);
  const local = new Date(d.getTime() - d.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

export function AgentsPage({ org }: { org: Org }) {
  const t = useT();
  const groups = useLoad(() => api<AppGroup[]>("GET", `/api/org/${org.slug}/app-groups/`), [org.slug]);
  const [groupId, setGroupId] = useState("");
  const chosen = groupId || groups.data?.[0]?.id || "";
  return (
    <>
      <div class="page-head">
        <h1>{t("agents.title")}</h1>
      </div>
      <p class="muted">{t("agents.intro")}</p>
      <Loaded state={groups} what={t("agents.groupsWhat")}>
        {(list) =>
          list.length === 0 ? (
            <EmptyState title={t("agents.noGroups")} />
          ) : (
            <>
              <Select label={t("agents.appGroup")} id="agent-group" value={chosen} onChange={setGroupId} options={list.map((g) => [g.id, g.name])} />
              {chosen ? <Roster org={org} groupId={chosen} /> : null}
            </>
          )
        }
      </Loaded>
    </>
  );
}

function Roster({ org, groupId }: { org: Org; groupId: string }) {
  const t = useT();
  const base = `/api/org/${org.slug}/app-groups/${groupId}/agents`;
  const agents = useLoad(() => api<Agent[]>("GET", `${base}?includeRevoked=true`), [base]);
  const members = useLoad(() => api<Member[]>("GET", `/api/org/${org.slug}/members`), [org.slug]);
  const [kind, setKind] = useState("test");
  const [name, setName] = useState("");
  const [expires, setExpires] = useState(inThirtyDays);
  const [secret, setSecret] = useState<string | null>(null);
  const [problem, setProblem] = useState<unknown>(null);
  const people = (members.data ?? []).filter((m) => m.connectedId);
  const nameOf = (connectedId: string | null) => people.find((m) => m.connectedId === connectedId)?.email ?? t("agents.nobody");

  const hire = async () => {
    await api("POST", base, { kind, displayName: name.trim(), expiresAt: new Date(expires).toISOString() });
    setName("");
    agents.reload();
  };
  const act = (path: string, method = "POST", body?: unknown) => async () => {
    await api(method, `${base}/${path}`, body);
    agents.reload();
  };
  return (
    <>
      {secret ? (
        <SecretOnce title={t("agents.credentialTitle")} value={secret} onDone={() => setSecret(null)}>
          {t("agents.credentialHint")}
        </SecretOnce>
      ) : null}
      <Section title={t("agents.roster")} id="agents">
        <ErrorMessage error={problem} />
        <Loaded state={agents} what={t("agents.agentsWhat")}>
          {(list) =>
            list.length === 0 ? (
              <EmptyState title={t("agents.none")} />
            ) : (
              <div class="table-wrap" tabIndex={0}>
              <table id="agent-table">
                <thead>
                  <tr>
                    <th scope="col">{t("agents.agent")}</th>
                    <th scope="col">{t("agents.status")}</th>
                    <th scope="col">{t("agents.operator")}</th>
                    <th scope="col">{t("agents.actions")}</th>
                  </tr>
                </thead>
                <tbody>
                  {list.map((a) => (
                    <tr key={a.id} data-agent={a.id}>
                      <td>
                        <strong>{a.displayName}</strong> <span class="muted">{a.role.name}</span>
                        <br />
                        <small class="muted">
                          {t("agents.expires", { time: formatTime(a.expiresAt) })}
                          {a.credential ? t("agents.credential", { prefix: a.credential.prefix }) : ""}
                        </small>
                      </td>
                      <td>
                        <Badge tone={a.status === "active" ? "good" : a.status === "suspended" ? "warn" : "bad"}>{t(`agents.status.${a.status}`)}</Badge>
                        {a.suspendedReason ? ` (${t(`agents.reason.${a.suspendedReason}`)})` : ""}
                      </td>
                      <td>
                        {a.status === "revoked" ? (
                          nameOf(a.operatorConnectedId)
                        ) : (
                          <Select
                            label={t("agents.operatorOf", { name: a.displayName })}
                            id={`operator-${a.id}`}
                            value={a.operatorConnectedId ?? ""}
                            onChange={(v) => {
                              setProblem(null);
                              if (v) act(`${a.id}/operator`, "PUT", { operatorConnectedId: v })().catch(setProblem);
                            }}
                            options={[["", t("agents.choosePerson")], ...people.map((m) => [m.connectedId!, m.email] as [string, string])]}
                          />
                        )}
                      </td>
                      <td>
                        {a.status === "active" ? (
                          <ActionButton
                            kind="secondary"
                            id={`credential-${a.id}`}
                            onAction={async () => {
                              const issued = await api<{ credential: string }>("POST", `${base}/${a.id}/credential`);
                              setSecret(issued.credential);
                              agents.reload();
                            }}
                          >
                            {t("agents.issue")}
                          </ActionButton>
                        ) : null}
                        {a.status === "active" ? (
                          <ActionButton kind="secondary" onAction={act(`${a.id}/suspend`)} done={t("agents.suspended")}>
                            {t("agents.suspend")}
                          </ActionButton>
                        ) : null}
                        {a.status === "suspended" ? (
                          <ActionButton onAction={act(`${a.id}/activate`)} done={t("agents.activated")}>
                            {t("agents.activate")}
                          </ActionButton>
                        ) : null}
                        {a.status !== "revoked" ? (
                          <ActionButton kind="danger" id={`revoke-${a.id}`} onAction={act(a.id, "DELETE")} done={t("agents.revoked")}>
                            {t("agents.revoke")}
                          </ActionButton>
                        ) : null}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              </div>
            )
          }
        </Loaded>
      </Section>
      <Section title={t("agents.hireTitle")} id="hire">
        <Form onSubmit={hire} submitLabel={t("agents.hire")} done={t("agents.hired")} id="hire-agent">
          <Select label={t("agents.kind")} id="agent-kind" value={kind} onChange={setKind} options={KINDS.map((k) => [k, t(`agents.kind.${k}`)])} />
          <Field label={t("agents.name")} id="agent-name" required maxLength={200} value={name} onInput={(e) => setName((e.target as HTMLInputElement).value)} />
          <Field label={t("agents.expiresLabel")} id="agent-expires" type="datetime-local" required hint={t("agents.expiresHint")} value={expires} onInput={(e) => setExpires((e.target as HTMLInputElement).value)} />
        </Form>
      </Section>
    </>
  );
}
