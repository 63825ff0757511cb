/**
 * An app group's data sources, on the Apps page (docs/datasources.md): the list with each
 * source's state and last test, test, primary, disconnect, reconnect and the sealed
 * delete (the exact name and a passkey seal); registering an external PostgreSQL, and
 * creating a managed database whose connection string is shown once.
 */
import { useState } from "preact/hooks";
import { api, query } from "../api";
import { ActionButton, Badge, EmptyState, Field, Form, Loaded, Section, SecretOnce, Select, useLoad } from "../components";
import { formatTime } from "../messages";
import { personalSeal } from "../passkeys";
import { useT } from "../language";

interface DataSource {
  id: string;
  name: string;
  region: string;
  purpose: "production" | "staging";
  tier: string | null;
  isManaged: boolean;
  isActive: boolean;
  status: "active" | "disconnected" | "suspended" | "deleted";
  isPrimary: boolean;
  host: string;
  port: number;
  database: string;
  username: string;
  hasPassword: boolean;
  lastTestError: string | null;
  lastTestedAt: string | null;
  deleteScheduledAt: string | null;
  connectionString?: string | null;
}

const REGIONS = ["kr", "sg", "au", "eu-de", "uk", "us-e"] as const;
const value = (e: Event) => (e.target as HTMLInputElement).value;

export function DataSources({ base, group }: { base: string; group: { id: string; name: string } }) {
  const t = useT();
  const path = `${base}/app-groups/${group.id}/data-sources`;
  const slug = base.slice("/api/org/".length);
  const list = useLoad(() => api<DataSource[]>("GET", `${path}${query({ includeInactive: "true" })}`), [path]);
  // A managed database's connection string, from the one answer that carries it.
  const [secret, setSecret] = useState<{ name: string; value: string } | null>(null);
  const showOnce = (source: DataSource) => {
    if (source.connectionString) setSecret({ name: source.name, value: source.connectionString });
    list.reload();
  };
  return (
    <Section title={t("app-data-sources.title")} id="data-sources">
      {secret ? (
        <SecretOnce title={t("app-data-sources.connectionStringOf", { name: secret.name })} value={secret.value} kept={t("app-data-sources.kept")} onDone={() => setSecret(null)}>
          {t("app-data-sources.connectsWithIt")}
        </SecretOnce>
      ) : null}
      <Loaded state={list} what={t("app-data-sources.what")}>
        {(sources) =>
          sources.length === 0 ? (
            <EmptyState title={t("app-data-sources.none")}>{t("app-data-sources.noneHint")}</EmptyState>
          ) : (
            <ul class="facts-list" id="data-source-list">
              {sources.map((s) => (
                <SourceRow key={s.id} path={path} slug={slug} source={s} onChanged={list.reload} onSecret={showOnce} />
              ))}
            </ul>
          )
        }
      </Loaded>
      <Register path={path} onDone={list.reload} />
      <CreateManaged path={path} onDone={showOnce} />
    </Section>
  );
}

function StateBadge({ source: s }: { source: DataSource }) {
  const t = useT();
  if (s.status === "active") return <Badge tone="good">{t("app-data-sources.connected")}</Badge>;
  if (s.status === "suspended") return <Badge tone="bad">{t("app-data-sources.suspended")}</Badge>;
  return <Badge tone="neutral">{t("app-data-sources.disconnected")}</Badge>;
}

function SourceRow({ path, slug, source: s, onChanged, onSecret }: { path: string; slug: string; source: DataSource; onChanged: () => void; onSecret: (s: DataSource) => void }) {
  const t = useT();
  const [confirmName, setConfirmName] = useState("");
  const run = (method: string, suffix: string) => async () => {
    await api(method, `${path}/${s.id}${suffix}`);
    onChanged();
  };
  const remove = async () => {
    const assertionResponseJson = await personalSeal("datasource.delete", `${slug}|${s.id}`);
    await api("POST", `${path}/${s.id}/delete`, { confirmName, assertionResponseJson });
    onChanged();
  };
  return (
    <li data-source={s.name} data-status={s.status}>
      <p>
        <strong>{s.name}</strong> <StateBadge source={s} /> {s.isPrimary ? <Badge tone="good">{t("app-data-sources.primary")}</Badge> : null}{" "}
        {s.isManaged ? <Badge tone="neutral">{s.tier ? t("app-data-sources.managedTier", { tier: s.tier }) : t("app-data-sources.managed")}</Badge> : null}{" "}
        <span class="muted">
          {s.username}@{s.host}:{s.port}/{s.database} · {s.region} · {t(`app-data-sources.purpose.${s.purpose}`)}
        </span>
      </p>
      <p class="source-test" role="status">
        {s.lastTestError ? (
          <span class="error">{s.lastTestError}</span>
        ) : s.lastTestedAt ? (
          t("app-data-sources.lastTestPassed", { time: formatTime(s.lastTestedAt) })
        ) : (
          t("app-data-sources.notTested")
        )}
        {s.deleteScheduledAt ? t("app-data-sources.deletedForGoodAt", { time: formatTime(s.deleteScheduledAt) }) : ""}
      </p>
      <div class="actions">
        <ActionButton kind="secondary" onAction={run("POST", "/test")} label={t("app-data-sources.testLabel", { name: s.name })} done={t("app-data-sources.tested")}>
          {t("app-data-sources.test")}
        </ActionButton>
        {s.isActive ? (
          <>
            {s.isPrimary ? null : (
              <ActionButton kind="secondary" onAction={run("POST", "/primary")} label={t("app-data-sources.makePrimaryLabel", { name: s.name })}>
                {t("app-data-sources.makePrimary")}
              </ActionButton>
            )}
            <ActionButton kind="secondary" onAction={run("DELETE", "")} label={t("app-data-sources.disconnectLabel", { name: s.name })}>
              {t("app-data-sources.disconnect")}
            </ActionButton>
          </>
        ) : (
          <ActionButton
            kind="secondary"
            label={t("app-data-sources.reconnectLabel", { name: s.name })}
            onAction={async () => {
              onSecret(await api<DataSource>("POST", `${path}/${s.id}/reconnect`));
            }}
          >
            {t("app-data-sources.reconnect")}
          </ActionButton>
        )}
      </div>
      {s.isActive ? null : (
        <Form onSubmit={remove} submitLabel={t("app-data-sources.deleteForGood")} done={t("app-data-sources.deleted")} id={`delete-${s.name}`}>
          <Field
            label={t(s.isManaged ? "app-data-sources.typeToDeleteManaged" : "app-data-sources.typeToDelete", { name: s.name })}
            id={`confirm-${s.name}`}
            required
            maxLength={200}
            autoComplete="off"
            value={confirmName}
            onInput={(e) => setConfirmName(value(e))}
          />
        </Form>
      )}
    </li>
  );
}

function Register({ path, onDone }: { path: string; onDone: () => void }) {
  const t = useT();
  const [name, setName] = useState("");
  const [connectionString, setConnectionString] = useState("");
  const [region, setRegion] = useState("us-e");
  const submit = async () => {
    try {
      await api("POST", path, { name: name.trim(), connectionString, region });
    } finally {
      // The password in the string is not kept by the page.
      setConnectionString("");
    }
    setName("");
    onDone();
  };
  return (
    <>
      <h3>{t("app-data-sources.registerHeading")}</h3>
      <p class="muted">{t("app-data-sources.registerHint")}</p>
      <Form onSubmit={submit} submitLabel={t("app-data-sources.register")} done={t("app-data-sources.registered")} id="register-data-source">
        <Field label={t("app-data-sources.name")} id="data-source-name" required maxLength={63} value={name} onInput={(e) => setName(value(e))} />
        <Field
          label={t("app-data-sources.connectionString")}
          id="data-source-url"
          type="password"
          hint={"postgres://user:password@host:5432/database"}
          required
          maxLength={2048}
          autoComplete="off"
          value={connectionString}
          onInput={(e) => setConnectionString(value(e))}
        />
        <Select label={t("app-data-sources.region")} id="data-source-region" options={REGIONS.map((r) => [r, t(`app-data-sources.region.${r}`)])} value={region} onChange={setRegion} />
      </Form>
    </>
  );
}

function CreateManaged({ path, onDone }: { path: string; onDone: (s: DataSource) => void }) {
  const t = useT();
  const [name, setName] = useState("");
  const submit = async () => {
    const made = await api<DataSource>("POST", `${path}/strix`, { name: name.trim() });
    setName("");
    onDone(made);
  };
  return (
    <>
      <h3>{t("app-data-sources.managedHeading")}</h3>
      <p class="muted">{t("app-data-sources.managedHint")}</p>
      <Form onSubmit={submit} submitLabel={t("app-data-sources.createDatabase")} done={t("app-data-sources.createdDatabase")} id="create-managed-database">
        <Field label={t("app-data-sources.name")} id="managed-name" required maxLength={63} value={name} onInput={(e) => setName(value(e))} />
      </Form>
    </>
  );
}
