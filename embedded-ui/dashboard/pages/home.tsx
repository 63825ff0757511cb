/** The list of the user's organizations, and creating one. */
import { useState } from "preact/hooks";
import { api } from "../api";
import { Badge, EmptyState, Field, Form, Select } from "../components";
import { useT } from "../language";
import type { DashboardKey } from "../locales/index";
import { navigate } from "../router";
import { PLAN_NAMES, useSession, type Org } from "../session";

/** The built-in roles' names in the person's language (custom roles keep the name they were given). */
const ROLE_KEYS: Record<string, DashboardKey> = {
  owner: "home.role.owner",
  admin: "home.role.admin",
  member: "home.role.member",
  org_director: "home.role.org_director",
};
export function roleName(t: ReturnType<typeof useT>, role: string | null | undefined): string {
  const key = ROLE_KEYS[role ?? "member"];
  return key ? t(key) : (role ?? "");
}

export function HomePage() {
  const { orgs, user } = useSession();
  const t = useT();
  return (
    <>
      <div class="page-head">
        <h1>{t("home.title")}</h1>
        <a class="button primary" href="/orgs/new" data-route id="create-org-link">
          {t("home.createLink")}
        </a>
      </div>
      {orgs.length === 0 ? (
        <EmptyState title={t("home.welcome", { email: user.email })}>
          {t("home.welcomeHint")}
        </EmptyState>
      ) : (
        <ul class="org-list">
          {orgs.map((o) => (
            <li key={o.slug} class="card">
              <a href={`/orgs/${o.slug}`} data-route class="org-name">
                {o.name}
              </a>
              <p class="muted">
                <code>{o.slug}</code> · {PLAN_NAMES[o.plan] ?? o.plan} · {roleName(t, o.role)}
              </p>
              {o.ready ? <Badge tone="good">{t("home.ready")}</Badge> : <Badge tone="warn">{t("home.setupIncomplete")}</Badge>}
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
  const t = useT();
  const create = async () => {
    const org = await api<Org>("POST", "/api/org/create", { name: name.trim(), ...(slug.trim() ? { slug: slug.trim() } : {}), type });
    await reloadOrgs();
    navigate(`/orgs/${org.slug}`);
  };
  return (
    <div class="card narrow">
      <h1>{t("home.create.title")}</h1>
      <p class="muted">{t("home.create.intro")}</p>
      <Form onSubmit={create} submitLabel={t("home.create.submit")} id="create-org">
        <Field label={t("home.create.name")} id="org-name" required maxLength={200} value={name} onInput={(e) => setName((e.target as HTMLInputElement).value)} />
        <Field
          label={t("home.create.slug")}
          id="org-slug"
          hint={t("home.create.slugHint")}
          maxLength={48}
          pattern="[a-z0-9]+(-[a-z0-9]+)*"
          value={slug}
          onInput={(e) => setSlug((e.target as HTMLInputElement).value)}
        />
        <Select
          label={t("home.create.type")}
          value={type}
          onChange={setType}
          options={[
            ["personal", t("home.type.personal")],
            ["corporation", t("home.type.corporation")],
            ["project", t("home.type.project")],
          ]}
        />
      </Form>
    </div>
  );
}
