/** People of an organization: members and their roles, invitations, the roles themselves, and sub-organizations. */
import { useState } from "preact/hooks";
import { api, ApiProblem } from "../api";
import { ActionButton, Badge, CopyButton, EmptyState, ErrorMessage, Field, Form, Loaded, Section, Select, useLoad } from "../components";
import { useLanguage, useT } from "../language";
import { formatTime } from "../messages";
import { navigate } from "../router";
import { PLAN_NAMES, useSession, type Org } from "../session";
import { badgeStatusName } from "./badges";

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
  const t = useT();
  const { language } = useLanguage();
  const roleOptions = roles.data ? assignable(roles.data) : [["member", t("members.memberRole")] as [string, string]];

  return (
    <>
      <div class="page-head">
        <h1>{t("members.title")}</h1>
      </div>
      <Section title={t("members.title")} id="members">
        <Loaded state={members} what={t("members.what")}>
          {(list) => (
            <div class="table-wrap" tabIndex={0}>
              <table class="table" id="member-table">
                <thead>
                  <tr>
                    <th scope="col">{t("members.email")}</th>
                    <th scope="col">{t("members.role")}</th>
                    <th scope="col">{t("members.badge")}</th>
                    <th scope="col">{t("members.joined")}</th>
                    <th scope="col">
                      <span class="visually-hidden">{t("members.actions")}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {list.map((m) => (
                    <tr key={m.userId}>
                      <td>
                        {m.email}
                        {m.userId === user.id ? <span class="muted">{t("members.you")}</span> : null}
                      </td>
                      <td>
                        {m.isOwner ? (
                          t("members.owner")
                        ) : (
                          <RoleChanger base={base} member={m} options={roleOptions} onChanged={members.reload} />
                        )}
                      </td>
                      <td>{m.badge ? <Badge tone={m.badge.status === "active" ? "good" : "warn"}>{badgeStatusName(t, m.badge.status)}</Badge> : "—"}</td>
                      <td>{formatTime(m.joinedAt, language)}</td>
                      <td>
                        {m.isOwner ? null : (
                          <ActionButton
                            kind="danger"
                            label={m.userId === user.id ? t("members.leaveLabel") : t("members.removeLabel", { email: m.email })}
                            onAction={async () => {
                              if (!confirm(m.userId === user.id ? t("members.confirmLeave") : t("members.confirmRemove", { email: m.email }))) return;
                              await api("DELETE", `${base}/members/${m.userId}`);
                              if (m.userId === user.id) location.assign("/");
                              else members.reload();
                            }}
                          >
                            {m.userId === user.id ? t("members.leave") : t("members.remove")}
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
      <Section title={t("members.roles")} id="roles">
        <Loaded state={roles} what={t("members.rolesWhat")}>
          {(list) => (
            <dl class="roles">
              {list.map((r) => (
                <div key={r.id}>
                  <dt>
                    {r.name} {r.builtin ? <Badge tone="neutral">{t("members.builtin")}</Badge> : null}
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
  const t = useT();
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
      <Select label={t("members.roleOf", { email: member.email })} value={member.role} options={options} onChange={change} />
      <ErrorMessage error={error} />
    </>
  );
}

function Invitations({ base, roleOptions }: { base: string; roleOptions: [string, string][] }) {
  const invitations = useLoad(() => api<Invitation[]>("GET", `${base}/invitations`), [base]);
  const [email, setEmail] = useState("");
  const [role, setRole] = useState("member");
  const [sent, setSent] = useState<{ email: string; url: string; emailSent: boolean } | null>(null);
  const t = useT();
  const { language } = useLanguage();
  // Members without org.member.invite cannot see invitations; the section is not for them.
  if (invitations.error instanceof ApiProblem && invitations.error.status === 403) return null;
  const invite = async () => {
    const result = await api<{ email: string; url: string; emailSent: boolean }>("POST", `${base}/invitations`, { email: email.trim(), role });
    setSent(result);
    setEmail("");
    invitations.reload();
  };
  return (
    <Section title={t("members.invitations")} id="invitations">
      {sent ? (
        <div class="secret" role="status">
          <p>
            {sent.emailSent ? t("members.mailed", { email: sent.email }) : t("members.mailRefused", { email: sent.email })} {t("members.linkDays")}
          </p>
          <div class="secret-row">
            <code class="secret-value">{sent.url}</code>
            <CopyButton text={sent.url} label={t("members.copyLink")} />
          </div>
        </div>
      ) : null}
      <Loaded state={invitations} what={t("members.invitationsWhat")}>
        {(list) =>
          list.length === 0 ? (
            <EmptyState title={t("members.noInvitations")}>{t("members.inviteBelow")}</EmptyState>
          ) : (
            <ul>
              {list.map((i) => (
                <li key={i.id}>
                  {t("members.invitedAs", { email: i.email, role: i.roleName, time: formatTime(i.expiresAt, language) })}{" "}
                  <ActionButton
                    kind="secondary"
                    label={t("members.revokeLabel", { email: i.email })}
                    onAction={async () => {
                      await api("DELETE", `${base}/invitations/${i.id}`);
                      invitations.reload();
                    }}
                  >
                    {t("members.revoke")}
                  </ActionButton>
                </li>
              ))}
            </ul>
          )
        }
      </Loaded>
      <Form onSubmit={invite} submitLabel={t("members.sendInvitation")} id="invite-form">
        <Field label={t("members.emailAddress")} id="invite-email" type="email" required maxLength={320} value={email} onInput={(e) => setEmail((e.target as HTMLInputElement).value)} />
        <Select label={t("members.role")} id="invite-role" value={role} onChange={setRole} options={roleOptions} />
      </Form>
    </Section>
  );
}

function SubOrganizations({ org }: { org: Org }) {
  const { reloadOrgs } = useSession();
  const base = `/api/org/${org.slug}/sub-orgs`;
  const subs = useLoad(() => api<{ subOrgs: Org[] }>("GET", base), [org.slug]);
  const [name, setName] = useState("");
  const t = useT();
  if (org.parentSlug) return null; // one level deep
  if (subs.error instanceof ApiProblem && subs.error.status === 403) return null;
  const create = async () => {
    const sub = await api<Org>("POST", base, { name: name.trim() });
    await reloadOrgs();
    navigate(`/orgs/${sub.slug}`);
  };
  return (
    <Section title={t("members.subOrgs")} id="sub-orgs">
      <Loaded state={subs} what={t("members.subOrgsWhat")}>
        {(s) =>
          s.subOrgs.length === 0 ? (
            <EmptyState title={t("members.noSubOrgs")}>{t("members.subOrgsHint")}</EmptyState>
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
      <Form onSubmit={create} submitLabel={t("members.createSubOrg")}>
        <Field label={t("members.name")} required maxLength={200} value={name} onInput={(e) => setName((e.target as HTMLInputElement).value)} />
      </Form>
    </Section>
  );
}
