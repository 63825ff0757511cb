/**
 * Custom roles: the built-in roles with their scopes, and the organization's own roles
 * created, edited and deleted (owner and admins). A role's scopes are chosen among the
 * caller's own, since the API refuses any beyond them (scopes_not_held).
 */
import { useState } from "preact/hooks";
import { api, ApiProblem } from "../api";
import { ActionButton, Badge, EmptyState, Field, Form, Loaded, Section, useLoad } from "../components";
import type { DashboardKey } from "../locales/index";
import { useT, type Translate } from "../language";
import { roleName } from "./home";
import { managesPeople, type OrgRole } from "../people";
import type { Org } from "../session";

const ROLE_KEY = /^[a-z0-9_]{1,40}$/;
/** What each built-in role may do, in the person's language (the server words it in English). */
const BUILTIN_ABOUT: Record<string, DashboardKey> = {
  owner: "roles.about.owner",
  admin: "roles.about.admin",
  member: "roles.about.member",
  org_director: "roles.about.org_director",
};
function roleAbout(t: Translate, role: OrgRole): string | null {
  const about = role.builtin ? BUILTIN_ABOUT[role.key] : undefined;
  return about ? t(about) : role.description;
}

/** Scopes people often give a custom role (docs/permissions-and-plans.md); offered when the author holds them. */
const COMMON_SCOPES = [
  "org.member.list",
  "org.member.invite",
  "org.org_file.list",
  "org.org_file.create",
  "org.audit_event_log.list",
  "org.analytics.read",
  "org.api_key.create",
  "org.api_key.revoke",
  "org.app_group.update",
  "org.meeting.list",
  "org.work_item.list",
  "view.billing",
];

/** Whether a held scope covers a wanted one: segment by segment, `*` covering the rest (the API's rule, without constraints). */
function covers(held: string, wanted: string): boolean {
  const grant = held.split(":")[0]!.split(".");
  const want = wanted.split(":")[0]!.split(".");
  for (let i = 0; i < grant.length; i++) {
    if (grant[i] === "*") return true;
    if (grant[i] !== want[i]) return false;
  }
  return grant.length === want.length && (!held.includes(":") || held === wanted);
}

/** The concrete scopes the author may give: their own, the built-in roles' and the common ones they hold. */
function offeredScopes(own: string[], roles: OrgRole[]): string[] {
  const candidates = new Set([...own, ...roles.flatMap((r) => r.scopes), ...COMMON_SCOPES]);
  return [...candidates].filter((scope) => !scope.includes("*") && own.some((held) => covers(held, scope))).sort();
}
const splitScopes = (text: string) => text.split(/[\s,]+/).filter(Boolean);

export function RolesPage({ org }: { org: Org }) {
  const base = `/api/org/${org.slug}/roles`;
  const roles = useLoad(() => api<OrgRole[]>("GET", base), [org.slug]);
  const me = useLoad(() => api<{ scopes: string[] }>("GET", `/api/org/${org.slug}/me`), [org.slug]);
  const [editing, setEditing] = useState<OrgRole | null>(null);
  // Bumped after each save so the editor starts empty again.
  const [saves, setSaves] = useState(0);
  const canManage = managesPeople(org);
  const t = useT();
  return (
    <>
      <div class="page-head">
        <h1>{t("roles.title")}</h1>
      </div>
      <p class="muted">{t("roles.intro")}</p>
      <Section title={t("roles.listTitle")} id="role-list">
        <Loaded state={roles} what={t("roles.what")}>
          {(list) => (
            <div class="table-wrap" tabIndex={0}>
              <table class="table" id="role-table">
                <thead>
                  <tr>
                    <th scope="col">{t("roles.role")}</th>
                    <th scope="col">{t("roles.key")}</th>
                    <th scope="col">{t("roles.scopes")}</th>
                    <th scope="col">
                      <span class="visually-hidden">{t("roles.actions")}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {list.map((r) => (
                    <tr key={r.id} data-role-key={r.key}>
                      <td>
                        {r.builtin ? roleName(t, r.key) : r.name} {r.builtin ? <Badge tone="neutral">{t("roles.builtin")}</Badge> : <Badge tone="good">{t("roles.custom")}</Badge>}
                        {roleAbout(t, r) ? <div class="muted">{roleAbout(t, r)}</div> : null}
                      </td>
                      <td>
                        <code>{r.key}</code>
                      </td>
                      <td class="scopes">{r.scopes.join(" ")}</td>
                      <td>
                        {!r.builtin && canManage ? (
                          <>
                            <button type="button" class="secondary" aria-label={t("roles.editLabel", { name: r.name })} onClick={() => setEditing(r)}>
                              {t("roles.edit")}
                            </button>{" "}
                            <ActionButton
                              kind="danger"
                              label={t("roles.deleteLabel", { name: r.name })}
                              onAction={async () => {
                                if (!confirm(t("roles.confirmDelete", { name: r.name }))) return;
                                await api("DELETE", `${base}/${r.id}`);
                                if (editing?.id === r.id) setEditing(null);
                                roles.reload();
                              }}
                            >
                              {t("roles.delete")}
                            </ActionButton>
                          </>
                        ) : null}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </Loaded>
      </Section>
      {canManage && me.data ? (
        <RoleEditor
          key={editing?.id ?? `new-${saves}`}
          base={base}
          ownScopes={offeredScopes(me.data.scopes, roles.data ?? [])}
          role={editing}
          onDone={() => {
            setEditing(null);
            setSaves((n) => n + 1);
            roles.reload();
          }}
        />
      ) : canManage ? null : (
        <EmptyState title={t("roles.onlyAdmins")} />
      )}
    </>
  );
}

function RoleEditor({ base, ownScopes, role, onDone }: { base: string; ownScopes: string[]; role: OrgRole | null; onDone: () => void }) {
  const [key, setKey] = useState(role?.key ?? "");
  const [name, setName] = useState(role?.name ?? "");
  const [description, setDescription] = useState(role?.description ?? "");
  const [chosen, setChosen] = useState<Set<string>>(new Set(role?.scopes ?? []));
  const [extra, setExtra] = useState("");
  const t = useT();
  const toggle = (scope: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(scope);
    else next.delete(scope);
    setChosen(next);
  };
  const save = async () => {
    if (!ROLE_KEY.test(key)) throw new ApiProblem(400, "invalid_role_key", {});
    const body = { key, name: name.trim(), description: description.trim() || null, scopes: [...new Set([...chosen, ...splitScopes(extra)])] };
    if (role) await api("PUT", `${base}/${role.id}`, body);
    else await api("POST", base, body);
    onDone();
  };
  return (
    <Section title={role ? t("roles.editTitle", { name: role.name }) : t("roles.createTitle")} id="role-editor">
      <Form onSubmit={save} submitLabel={role ? t("roles.save") : t("roles.create")} id="role-form">
        <Field label={t("roles.key")} id="role-key" hint={t("roles.keyHint")} required maxLength={40} value={key} onInput={(e) => setKey((e.target as HTMLInputElement).value)} />
        <Field label={t("roles.name")} id="role-name" required maxLength={100} value={name} onInput={(e) => setName((e.target as HTMLInputElement).value)} />
        <Field label={t("roles.description")} id="role-description" maxLength={500} value={description} onInput={(e) => setDescription((e.target as HTMLInputElement).value)} />
        <fieldset class="scope-picker">
          <legend>{t("roles.scopesLegend")}</legend>
          {ownScopes.map((scope) => (
            <label class="toggle" key={scope}>
              <input type="checkbox" value={scope} checked={chosen.has(scope)} onChange={(e) => toggle(scope, (e.target as HTMLInputElement).checked)} />
              <code>{scope}</code>
            </label>
          ))}
        </fieldset>
        <Field
          label={t("roles.narrower")}
          id="role-extra-scopes"
          hint={t("roles.narrowerHint")}
          value={extra}
          onInput={(e) => setExtra((e.target as HTMLInputElement).value)}
        />
      </Form>
      {role ? (
        <button type="button" class="link" onClick={onDone}>
          {t("roles.cancel")}
        </button>
      ) : null}
    </Section>
  );
}
