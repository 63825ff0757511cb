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

const KINDS: [string, string][] = [
  ["test", "Test: reads and lists"],
  ["design", "Design: writes screens"],
  ["db", "Database: schemas and queries"],
  ["api", "API: keys and webhooks"],
  ["infra", "Infrastructure: app settings, clients"],
  ["custom", "Custom: no scopes until given"],
];

/** A datetime-local value (the browser's local time) 30 days from now: the picker's default. */
function inThirtyDays(): string {
  const d = new Date(Date.now() + 30 * 86_400_000);
  const local = new Date(d.getTime() - d.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

export function AgentsPage({ org }: { org: Org }) {
  const groups = useLoad(() => api<AppGroup[]>("GET", `/api/org/${org.slug}/app-groups/`), [org.slug]);
  const [groupId, setGroupId] = useState("");
  const chosen = groupId || groups.data?.[0]?.id || "";
  return (
    <>
      <div class="page-head">
        <h1>Agents</h1>
      </div>
      <p class="muted">AI agents act in one app group with a shared kind role, an expiry, and a person as operator: they can do only what both their role and their operator may.</p>
      <Loaded state={groups} what="app groups">
        {(list) =>
          list.length === 0 ? (
            <EmptyState title="Agents work in an app group: create one under Apps first." />
          ) : (
            <>
              <Select label="App group" id="agent-group" value={chosen} onChange={setGroupId} options={list.map((g) => [g.id, g.name])} />
              {chosen ? <Roster org={org} groupId={chosen} /> : null}
            </>
          )
        }
      </Loaded>
    </>
  );
}

function Roster({ org, groupId }: { org: Org; groupId: string }) {
  const base = `/api/org/${org.slug}/app-groups/${groupId}/agents`;
  const agents = useLoad(() => api<Agent[]>("GET", `${base}?includeRevoked=true`), [base]);
  const members = useLoad(() => api<Member[]>("GET", `/api/org/${org.slug}/members`), [org.slug]);
  const [kind, setKind] = useState("test");
  const [name, setName] = useState("");
  const [expires, setExpires] = useState(inThirtyDays);
  const [secret, setSecret] = useState<string | null>(null);
  const [problem, setProblem] = useState<unknown>(null);
  const people = (members.data ?? []).filter((m) => m.connectedId);
  const nameOf = (connectedId: string | null) => people.find((m) => m.connectedId === connectedId)?.email ?? "nobody yet";

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
        <SecretOnce title="The agent's credential" value={secret} onDone={() => setSecret(null)}>
          Give it to the agent as its bearer for the MCP server.
        </SecretOnce>
      ) : null}
      <Section title="Roster" id="agents">
        <ErrorMessage error={problem} />
        <Loaded state={agents} what="agents">
          {(list) =>
            list.length === 0 ? (
              <EmptyState title="No agents in this app group." />
            ) : (
              <div class="table-wrap" tabIndex={0}>
              <table id="agent-table">
                <thead>
                  <tr>
                    <th scope="col">Agent</th>
                    <th scope="col">Status</th>
                    <th scope="col">Operator</th>
                    <th scope="col">Actions</th>
                  </tr>
                </thead>
                <tbody>
                  {list.map((a) => (
                    <tr key={a.id} data-agent={a.id}>
                      <td>
                        <strong>{a.displayName}</strong> <span class="muted">{a.role.name}</span>
                        <br />
                        <small class="muted">expires {formatTime(a.expiresAt)}{a.credential ? ` · credential ${a.credential.prefix}…` : ""}</small>
                      </td>
                      <td>
                        <Badge tone={a.status === "active" ? "good" : a.status === "suspended" ? "warn" : "bad"}>{a.status}</Badge>
                        {a.suspendedReason ? ` (${a.suspendedReason})` : ""}
                      </td>
                      <td>
                        {a.status === "revoked" ? (
                          nameOf(a.operatorConnectedId)
                        ) : (
                          <Select
                            label={`Operator of ${a.displayName}`}
                            id={`operator-${a.id}`}
                            value={a.operatorConnectedId ?? ""}
                            onChange={(v) => {
                              setProblem(null);
                              if (v) act(`${a.id}/operator`, "PUT", { operatorConnectedId: v })().catch(setProblem);
                            }}
                            options={[["", "Choose a person…"], ...people.map((m) => [m.connectedId!, m.email] as [string, string])]}
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
                            Issue credential
                          </ActionButton>
                        ) : null}
                        {a.status === "active" ? (
                          <ActionButton kind="secondary" onAction={act(`${a.id}/suspend`)}>
                            Suspend
                          </ActionButton>
                        ) : null}
                        {a.status === "suspended" ? <ActionButton onAction={act(`${a.id}/activate`)}>Activate</ActionButton> : null}
                        {a.status !== "revoked" ? (
                          <ActionButton kind="danger" id={`revoke-${a.id}`} onAction={act(a.id, "DELETE")}>
                            Revoke
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
      <Section title="Hire an agent" id="hire">
        <Form onSubmit={hire} submitLabel="Hire" id="hire-agent">
          <Select label="Kind" id="agent-kind" value={kind} onChange={setKind} options={KINDS} />
          <Field label="Name" id="agent-name" required maxLength={200} value={name} onInput={(e) => setName((e.target as HTMLInputElement).value)} />
          <Field label="Expires" id="agent-expires" type="datetime-local" required hint="Required: at this time the agent is suspended." value={expires} onInput={(e) => setExpires((e.target as HTMLInputElement).value)} />
        </Form>
      </Section>
    </>
  );
}
