/** The list of the user's organizations, and creating one. */
import { useState } from "preact/hooks";
import { api } from "../api";
import { Badge, EmptyState, Field, Form, Select } from "../components";
import { navigate } from "../router";
import { PLAN_NAMES, ROLE_NAMES, useSession, type Org } from "../session";

export function HomePage() {
  const { orgs, user } = useSession();
  return (
    <>
      <div class="page-head">
        <h1>Your organizations</h1>
        <a class="button primary" href="/orgs/new" data-route id="create-org-link">
          Create an organization
        </a>
      </div>
      {orgs.length === 0 ? (
        <EmptyState title={`Welcome, ${user.email}. You are not in any organization yet.`}>
          Create one to get API keys, files and an audit log, or open the invitation link a colleague sent you.
        </EmptyState>
      ) : (
        <ul class="org-list">
          {orgs.map((o) => (
            <li key={o.slug} class="card">
              <a href={`/orgs/${o.slug}`} data-route class="org-name">
                {o.name}
              </a>
              <p class="muted">
                <code>{o.slug}</code> · {PLAN_NAMES[o.plan] ?? o.plan} · {ROLE_NAMES[o.role ?? ""] ?? o.role ?? "member"}
              </p>
              {o.ready ? <Badge tone="good">Ready</Badge> : <Badge tone="warn">Setup incomplete</Badge>}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

export function CreateOrgPage() {
  const { reloadOrgs } = useSession();
  const [name, setName] = useState("");
  const [slug, setSlug] = useState("");
  const [type, setType] = useState("personal");
  const create = async () => {
    const org = await api<Org>("POST", "/api/org/create", { name: name.trim(), ...(slug.trim() ? { slug: slug.trim() } : {}), type });
    await reloadOrgs();
    navigate(`/orgs/${org.slug}`);
  };
  return (
    <div class="card narrow">
      <h1>Create an organization</h1>
      <p class="muted">You become its owner. It starts on the Free plan; the overview then lists what it needs to become ready.</p>
      <Form onSubmit={create} submitLabel="Create organization" id="create-org">
        <Field label="Name" id="org-name" required maxLength={200} value={name} onInput={(e) => setName((e.target as HTMLInputElement).value)} />
        <Field
          label="Address (slug), optional"
          id="org-slug"
          hint="Lower-case letters, digits and hyphens. Left empty, one is made from the name."
          maxLength={48}
          pattern="[a-z0-9]+(-[a-z0-9]+)*"
          value={slug}
          onInput={(e) => setSlug((e.target as HTMLInputElement).value)}
        />
        <Select
          label="Type"
          value={type}
          onChange={setType}
          options={[
            ["personal", "Personal"],
            ["corporation", "Corporation"],
            ["project", "Project (SPV)"],
          ]}
        />
      </Form>
    </div>
  );
}
