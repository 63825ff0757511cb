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

const REGIONS: [string, string][] = [
  ["kr", "Korea (kr)"],
  ["sg", "Singapore (sg)"],
  ["au", "Australia (au)"],
  ["eu-de", "Germany (eu-de)"],
  ["uk", "United Kingdom (uk)"],
  ["us-e", "US East (us-e)"],
];
const value = (e: Event) => (e.target as HTMLInputElement).value;

export function DataSources({ base, group }: { base: string; group: { id: string; name: string } }) {
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
    <Section title="Data sources" id="data-sources">
      {secret ? (
        <SecretOnce title={`Connection string of ${secret.name}`} value={secret.value} kept="the password sealed (encrypted), for its own tests" onDone={() => setSecret(null)}>
          Your application connects with it.
        </SecretOnce>
      ) : null}
      <Loaded state={list} what="the data sources">
        {(sources) =>
          sources.length === 0 ? (
            <EmptyState title="No data sources yet.">Register your own PostgreSQL or create a managed database whose every write is sealed.</EmptyState>
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

function stateBadge(s: DataSource) {
  if (s.status === "active") return <Badge tone="good">connected</Badge>;
  if (s.status === "suspended") return <Badge tone="bad">suspended</Badge>;
  return <Badge tone="neutral">disconnected</Badge>;
}

function SourceRow({ path, slug, source: s, onChanged, onSecret }: { path: string; slug: string; source: DataSource; onChanged: () => void; onSecret: (s: DataSource) => void }) {
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
        <strong>{s.name}</strong> {stateBadge(s)} {s.isPrimary ? <Badge tone="good">primary</Badge> : null} {s.isManaged ? <Badge tone="neutral">managed{s.tier ? `, ${s.tier}` : ""}</Badge> : null}{" "}
        <span class="muted">
          {s.username}@{s.host}:{s.port}/{s.database} · {s.region} · {s.purpose}
        </span>
      </p>
      <p class="source-test" role="status">
        {s.lastTestError ? <span class="error">{s.lastTestError}</span> : s.lastTestedAt ? `Last test passed ${formatTime(s.lastTestedAt)}.` : "Not tested yet."}
        {s.deleteScheduledAt ? ` Deleted for good ${formatTime(s.deleteScheduledAt)} unless reconnected.` : ""}
      </p>
      <div class="actions">
        <ActionButton kind="secondary" onAction={run("POST", "/test")} label={`Test ${s.name}`}>
          Test
        </ActionButton>
        {s.isActive ? (
          <>
            {s.isPrimary ? null : (
              <ActionButton kind="secondary" onAction={run("POST", "/primary")} label={`Make ${s.name} primary`}>
                Make primary
              </ActionButton>
            )}
            <ActionButton kind="secondary" onAction={run("DELETE", "")} label={`Disconnect ${s.name}`}>
              Disconnect
            </ActionButton>
          </>
        ) : (
          <ActionButton
            kind="secondary"
            label={`Reconnect ${s.name}`}
            onAction={async () => {
              onSecret(await api<DataSource>("POST", `${path}/${s.id}/reconnect`));
            }}
          >
            Reconnect
          </ActionButton>
        )}
      </div>
      {s.isActive ? null : (
        <Form onSubmit={remove} submitLabel="Delete for good" id={`delete-${s.name}`}>
          <Field
            label={`Type ${s.name} to delete it for good${s.isManaged ? " (the database and its data are dropped)" : ""}; your passkey confirms it`}
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
      <h3>Register your PostgreSQL</h3>
      <p class="muted">Signet connects once to test it, then keeps the password sealed; it is never shown again.</p>
      <Form onSubmit={submit} submitLabel="Register" id="register-data-source">
        <Field label="Name" id="data-source-name" required maxLength={63} value={name} onInput={(e) => setName(value(e))} />
        <Field
          label="Connection string"
          id="data-source-url"
          type="password"
          hint="postgres://user:password@host:5432/database"
          required
          maxLength={2048}
          autoComplete="off"
          value={connectionString}
          onInput={(e) => setConnectionString(value(e))}
        />
        <Select label="Region" id="data-source-region" options={REGIONS} value={region} onChange={setRegion} />
      </Form>
    </>
  );
}

function CreateManaged({ path, onDone }: { path: string; onDone: (s: DataSource) => void }) {
  const [name, setName] = useState("");
  const submit = async () => {
    const made = await api<DataSource>("POST", `${path}/strix`, { name: name.trim() });
    setName("");
    onDone(made);
  };
  return (
    <>
      <h3>Create a managed database</h3>
      <p class="muted">A PostgreSQL database on this Signet's server, with every write sealed in a tamper-evident log. Needs $5 of prepaid credit.</p>
      <Form onSubmit={submit} submitLabel="Create database" id="create-managed-database">
        <Field label="Name" id="managed-name" required maxLength={63} value={name} onInput={(e) => setName(value(e))} />
      </Form>
    </>
  );
}
