/**
 * Service accounts: machine badges that API keys are bound to. The owner and admins
 * create them with a role, rename them, change their role and delete them (the badge
 * stays as history, revoked).
 */
import { useState } from "preact/hooks";
import { api, ApiProblem } from "../api";
import { ActionButton, Badge, EmptyState, ErrorMessage, Field, Form, Loaded, Section, Select, useLoad } from "../components";
import { formatTime } from "../messages";
import { assignableRoles, managesPeople, type OrgRole, type OrgServiceAccount } from "../people";
import type { Org } from "../session";

export function ServiceAccountsPage({ org }: { org: Org }) {
  const base = `/api/org/${org.slug}/service-accounts`;
  const accounts = useLoad(() => api<OrgServiceAccount[]>("GET", base), [org.slug]);
  const roles = useLoad(() => api<OrgRole[]>("GET", `/api/org/${org.slug}/roles`), [org.slug]);
  const roleOptions = roles.data ? assignableRoles(roles.data) : [["member", "Member"] as [string, string]];
  const [draft, setDraft] = useState({ name: "", description: "", role: "member" });
  if (!managesPeople(org) || (accounts.error instanceof ApiProblem && accounts.error.status === 403)) {
    return (
      <>
        <h1>Service accounts</h1>
        <EmptyState title="Only the owner and admins manage service accounts." />
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
        <h1>Service accounts</h1>
      </div>
      <p class="muted">
        A service account is a machine member: API keys created for it act with its role, not a person's, and keep working when people leave. Create its keys on the API & keys page.
      </p>
      <Section title="Service accounts" id="service-account-list">
        <Loaded state={accounts} what="service accounts">
          {(list) =>
            list.length === 0 ? (
              <EmptyState title="No service accounts yet.">Create one below for a backend, a CI pipeline or an integration.</EmptyState>
            ) : (
              <div class="table-wrap" tabIndex={0}>
                <table class="table" id="service-account-table">
                  <thead>
                    <tr>
                      <th scope="col">Name</th>
                      <th scope="col">Role</th>
                      <th scope="col">Badge</th>
                      <th scope="col">Created</th>
                      <th scope="col">
                        <span class="visually-hidden">Actions</span>
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
      <Section title="Create a service account" id="create-service-account">
        <Form onSubmit={create} submitLabel="Create service account" id="service-account-form">
          <Field label="Name" id="service-account-name" required maxLength={100} placeholder="billing-backend" value={draft.name} onInput={(e) => setDraft({ ...draft, name: (e.target as HTMLInputElement).value })} />
          <Field label="Description" id="service-account-description" maxLength={500} value={draft.description} onInput={(e) => setDraft({ ...draft, description: (e.target as HTMLInputElement).value })} />
          <Select label="Role" id="service-account-role" value={draft.role} options={roleOptions} onChange={(role) => setDraft({ ...draft, role })} />
        </Form>
      </Section>
    </>
  );
}

function ServiceAccountRow({ base, account, roleOptions, onChanged }: { base: string; account: OrgServiceAccount; roleOptions: [string, string][]; onChanged: () => void }) {
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
        <RoleSelect label={`Role of ${account.name}`} value={account.role} options={roleOptions} onChange={change} />
      </td>
      <td>{account.status ? <Badge tone={account.status === "active" ? "good" : "warn"}>{account.status}</Badge> : "—"}</td>
      <td>{formatTime(account.createdAt)}</td>
      <td>
        <ActionButton
          kind="danger"
          label={`Delete ${account.name}`}
          onAction={async () => {
            if (!confirm(`Delete ${account.name}? Its API keys stop working; its badge stays in the history.`)) return;
            await api("DELETE", `${base}/${account.id}`);
            onChanged();
          }}
        >
          Delete
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
