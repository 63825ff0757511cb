/** People of an organization: members and their roles, invitations, the roles themselves, and sub-organizations. */
import { useState } from "preact/hooks";
import { api, ApiProblem } from "../api";
import { ActionButton, Badge, CopyButton, EmptyState, ErrorMessage, Field, Form, Loaded, Section, Select, useLoad } from "../components";
import { formatTime } from "../messages";
import { navigate } from "../router";
import { PLAN_NAMES, useSession, type Org } from "../session";

interface Member {
  userId: string;
  email: string;
  role: string;
  roleName: string;
  connectedId: string | null;
  badge: { status: string } | null;
  joinedAt: string;
  isOwner: boolean;
}

interface Invitation {
  id: string;
  email: string;
  roleName: string;
  createdAt: string;
  expiresAt: string;
}

interface Role {
  id: string;
  name: string;
  description: string | null;
  scopes: string[];
  builtin: boolean;
}

/** Roles one can give through the dashboard: every role but owner (ownership is never handed out here). */
const assignable = (roles: Role[]): [string, string][] => roles.filter((r) => r.id !== "owner").map((r) => [r.id, r.name]);

export function MembersPage({ org }: { org: Org }) {
  const base = `/api/org/${org.slug}`;
  const { user } = useSession();
  const members = useLoad(() => api<Member[]>("GET", `${base}/members`), [org.slug]);
  const roles = useLoad(() => api<Role[]>("GET", `${base}/roles`), [org.slug]);
  const roleOptions = roles.data ? assignable(roles.data) : [["member", "Member"] as [string, string]];

  return (
    <>
      <div class="page-head">
        <h1>Members</h1>
      </div>
      <Section title="Members" id="members">
        <Loaded state={members} what="members">
          {(list) => (
            <div class="table-wrap" tabIndex={0}>
              <table class="table" id="member-table">
                <thead>
                  <tr>
                    <th scope="col">E-mail</th>
                    <th scope="col">Role</th>
                    <th scope="col">Badge</th>
                    <th scope="col">Joined</th>
                    <th scope="col">
                      <span class="visually-hidden">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {list.map((m) => (
                    <tr key={m.userId}>
                      <td>
                        {m.email}
                        {m.userId === user.id ? <span class="muted"> (you)</span> : null}
                      </td>
                      <td>
                        {m.isOwner ? (
                          "Owner"
                        ) : (
                          <RoleChanger base={base} member={m} options={roleOptions} onChanged={members.reload} />
                        )}
                      </td>
                      <td>{m.badge ? <Badge tone={m.badge.status === "active" ? "good" : "warn"}>{m.badge.status}</Badge> : "—"}</td>
                      <td>{formatTime(m.joinedAt)}</td>
                      <td>
                        {m.isOwner ? null : (
                          <ActionButton
                            kind="danger"
                            label={m.userId === user.id ? "Leave the organization" : `Remove ${m.email}`}
                            onAction={async () => {
                              if (!confirm(m.userId === user.id ? "Leave this organization?" : `Remove ${m.email}? Their badge is revoked and kept as history.`)) return;
                              await api("DELETE", `${base}/members/${m.userId}`);
                              if (m.userId === user.id) location.assign("/");
                              else members.reload();
                            }}
                          >
                            {m.userId === user.id ? "Leave" : "Remove"}
                          </ActionButton>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </Loaded>
      </Section>
      <Invitations base={base} roleOptions={roleOptions} />
      <Section title="Roles" id="roles">
        <Loaded state={roles} what="roles">
          {(list) => (
            <dl class="roles">
              {list.map((r) => (
                <div key={r.id}>
                  <dt>
                    {r.name} {r.builtin ? <Badge tone="neutral">built-in</Badge> : null}
                  </dt>
                  <dd>
                    {r.description ? <p>{r.description}</p> : null}
                    <code>{r.scopes.join(" ")}</code>
                  </dd>
                </div>
              ))}
            </dl>
          )}
        </Loaded>
      </Section>
      <SubOrganizations org={org} />
    </>
  );
}

function RoleChanger({ base, member, options, onChanged }: { base: string; member: Member; options: [string, string][]; onChanged: () => void }) {
  const [error, setError] = useState<unknown>(null);
  const change = async (role: string) => {
    setError(null);
    try {
      await api("PATCH", `${base}/members/${member.userId}`, { role });
    } catch (e) {
      setError(e);
    }
    onChanged();
  };
  return (
    <>
      <Select label={`Role of ${member.email}`} value={member.role} options={options} onChange={change} />
      <ErrorMessage error={error} />
    </>
  );
}

function Invitations({ base, roleOptions }: { base: string; roleOptions: [string, string][] }) {
  const invitations = useLoad(() => api<Invitation[]>("GET", `${base}/invitations`), [base]);
  const [email, setEmail] = useState("");
  const [role, setRole] = useState("member");
  const [sent, setSent] = useState<{ email: string; url: string; emailSent: boolean } | null>(null);
  // Members without org.member.invite cannot see invitations; the section is not for them.
  if (invitations.error instanceof ApiProblem && invitations.error.status === 403) return null;
  const invite = async () => {
    const result = await api<{ email: string; url: string; emailSent: boolean }>("POST", `${base}/invitations`, { email: email.trim(), role });
    setSent(result);
    setEmail("");
    invitations.reload();
  };
  return (
    <Section title="Invitations" id="invitations">
      {sent ? (
        <div class="secret" role="status">
          <p>
            {sent.emailSent ? `We mailed an invitation to ${sent.email}.` : `The mail server refused the message to ${sent.email}: send them this link yourself.`} The link works for 7 days:
          </p>
          <div class="secret-row">
            <code class="secret-value">{sent.url}</code>
            <CopyButton text={sent.url} label="Copy link" />
          </div>
        </div>
      ) : null}
      <Loaded state={invitations} what="invitations">
        {(list) =>
          list.length === 0 ? (
            <EmptyState title="No pending invitations.">Invite a colleague by e-mail below.</EmptyState>
          ) : (
            <ul>
              {list.map((i) => (
                <li key={i.id}>
                  {i.email} as {i.roleName} · expires {formatTime(i.expiresAt)}{" "}
                  <ActionButton
                    kind="secondary"
                    label={`Revoke the invitation of ${i.email}`}
                    onAction={async () => {
                      await api("DELETE", `${base}/invitations/${i.id}`);
                      invitations.reload();
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
      <Form onSubmit={invite} submitLabel="Send invitation" id="invite-form">
        <Field label="E-mail address" id="invite-email" type="email" required maxLength={320} value={email} onInput={(e) => setEmail((e.target as HTMLInputElement).value)} />
        <Select label="Role" id="invite-role" value={role} onChange={setRole} options={roleOptions} />
      </Form>
    </Section>
  );
}

function SubOrganizations({ org }: { org: Org }) {
  const { reloadOrgs } = useSession();
  const base = `/api/org/${org.slug}/sub-orgs`;
  const subs = useLoad(() => api<{ subOrgs: Org[] }>("GET", base), [org.slug]);
  const [name, setName] = useState("");
  if (org.parentSlug) return null; // one level deep
  if (subs.error instanceof ApiProblem && subs.error.status === 403) return null;
  const create = async () => {
    const sub = await api<Org>("POST", base, { name: name.trim() });
    await reloadOrgs();
    navigate(`/orgs/${sub.slug}`);
  };
  return (
    <Section title="Sub-organizations" id="sub-orgs">
      <Loaded state={subs} what="sub-organizations">
        {(s) =>
          s.subOrgs.length === 0 ? (
            <EmptyState title="No sub-organizations.">A sub-organization (a project or an SPV) follows this one's plan; create one below.</EmptyState>
          ) : (
            <ul>
              {s.subOrgs.map((sub) => (
                <li key={sub.slug}>
                  {sub.role ? (
                    <a href={`/orgs/${sub.slug}`} data-route>
                      {sub.name}
                    </a>
                  ) : (
                    sub.name
                  )}{" "}
                  <span class="muted">
                    {sub.type} · {PLAN_NAMES[sub.plan] ?? sub.plan}
                  </span>
                </li>
              ))}
            </ul>
          )
        }
      </Loaded>
      <Form onSubmit={create} submitLabel="Create sub-organization">
        <Field label="Name" required maxLength={200} value={name} onInput={(e) => setName((e.target as HTMLInputElement).value)} />
      </Form>
    </Section>
  );
}
