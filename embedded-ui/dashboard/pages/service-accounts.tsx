/**
 * Service accounts: machine badges that API keys are bound to. The owner and admins
 * create them with a role, rename them, change their role and delete them (the badge
 * stays as history, revoked).
 */
import { useState } from "preact/hooks";
import { api, ApiProblem } from "../api";
import { ActionButton, Badge, EmptyState, ErrorMessage, Field, Form, Loaded, Section, Select, useLoad } from "../components";
import { useLanguage, useT } from "../language";
import { formatTime } from "../messages";
import { assignableRoles, managesPeople, type OrgRole, type OrgServiceAccount } from "../people";
import type { Org } from "../session";
import { badgeStatusName } from "./badges";

export function ServiceAccountsPage({ org }: { org: Org }) {
  const base = `/api/org/${org.slug}/service-accounts`;
  const accounts = useLoad(() => api<OrgServiceAccount[]>("GET", base), [org.slug]);
  const roles = useLoad(() => api<OrgRole[]>("GET", `/api/org/${org.slug}/roles`), [org.slug]);
  const t = useT();
  const roleOptions = roles.data ? assignableRoles(roles.data) : [["member", t("service-accounts.memberRole")] as [string, string]];
  const [draft, setDraft] = useState({ name: "", description: "", role: "member" });
  if (!managesPeople(org) || (accounts.error instanceof ApiProblem && accounts.error.status === 403)) {
    return (
      <>
        <h1>{t("service-accounts.title")}</h1>
        <EmptyState title={t("service-accounts.onlyAdmins")} />
      </>
    );
  }
  const create = async () => {
    await api("POST", base, { name: draft.name.trim(), description: draft.description.trim() || null, role: draft.role });
    setDraft({ name: "", description: "", role: draft.role });
    accounts.reload();
  };
  return (
    <>
      <div class="page-head">
        <h1>{t("service-accounts.title")}</h1>
      </div>
      <p class="muted">{t("service-accounts.intro")}</p>
      <Section title={t("service-accounts.title")} id="service-account-list">
        <Loaded state={accounts} what={t("service-accounts.what")}>
          {(list) =>
            list.length === 0 ? (
              <EmptyState title={t("service-accounts.none")}>{t("service-accounts.noneHint")}</EmptyState>
            ) : (
              <div class="table-wrap" tabIndex={0}>
                <table class="table" id="service-account-table">
                  <thead>
                    <tr>
                      <th scope="col">{t("service-accounts.name")}</th>
                      <th scope="col">{t("service-accounts.role")}</th>
                      <th scope="col">{t("service-accounts.badge")}</th>
                      <th scope="col">{t("service-accounts.created")}</th>
                      <th scope="col">
                        <span class="visually-hidden">{t("service-accounts.actions")}</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {list.map((a) => (
                      <ServiceAccountRow key={a.id} base={base} account={a} roleOptions={roleOptions} onChanged={accounts.reload} />
                    ))}
                  </tbody>
                </table>
              </div>
            )
          }
        </Loaded>
      </Section>
      <Section title={t("service-accounts.createTitle")} id="create-service-account">
        <Form onSubmit={create} submitLabel={t("service-accounts.create")} id="service-account-form">
          <Field label={t("service-accounts.name")} id="service-account-name" required maxLength={100} placeholder={"billing-backend"} value={draft.name} onInput={(e) => setDraft({ ...draft, name: (e.target as HTMLInputElement).value })} />
          <Field label={t("service-accounts.description")} id="service-account-description" maxLength={500} value={draft.description} onInput={(e) => setDraft({ ...draft, description: (e.target as HTMLInputElement).value })} />
          <Select label={t("service-accounts.role")} id="service-account-role" value={draft.role} options={roleOptions} onChange={(role) => setDraft({ ...draft, role })} />
        </Form>
      </Section>
    </>
  );
}

function ServiceAccountRow({ base, account, roleOptions, onChanged }: { base: string; account: OrgServiceAccount; roleOptions: [string, string][]; onChanged: () => void }) {
  const t = useT();
  const { language } = useLanguage();
  const change = async (role: string) => {
    await api("PATCH", `${base}/${account.id}`, { role });
    onChanged();
  };
  return (
    <tr data-service-account={account.name}>
      <td>
        {account.name}
        {account.description ? <div class="muted">{account.description}</div> : null}
      </td>
      <td>
        <RoleSelect label={t("service-accounts.roleOf", { name: account.name })} value={account.role} options={roleOptions} onChange={change} />
      </td>
      <td>{account.status ? <Badge tone={account.status === "active" ? "good" : "warn"}>{badgeStatusName(t, account.status)}</Badge> : "—"}</td>
      <td>{formatTime(account.createdAt, language)}</td>
      <td>
        <ActionButton
          kind="danger"
          label={t("service-accounts.deleteLabel", { name: account.name })}
          onAction={async () => {
            if (!confirm(t("service-accounts.confirmDelete", { name: account.name }))) return;
            await api("DELETE", `${base}/${account.id}`);
            onChanged();
          }}
        >
          {t("service-accounts.delete")}
        </ActionButton>
      </td>
    </tr>
  );
}

/** A role chooser that saves on change and shows a refusal beside itself. */
function RoleSelect({ label, value, options, onChange }: { label: string; value: string; options: [string, string][]; onChange: (role: string) => Promise<void> }) {
  const [error, setError] = useState<unknown>(null);
  return (
    <>
      <Select
        label={label}
        value={value}
        options={options.some(([key]) => key === value) ? options : [...options, [value, value]]}
        onChange={(role) => {
          setError(null);
          onChange(role).catch(setError);
        }}
      />
      <ErrorMessage error={error} />
    </>
  );
}
