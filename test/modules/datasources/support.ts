/**
 * Shortcuts for the data-source suites: a test app whose managed-database server and
 * registered sources are one real PostgreSQL (test/support/pg-peer.ts), an organization
 * with an app group and an owner holding a passkey, an external database with its own
 * user to register, and the audit events of the domain.
 */
import { and, eq, like } from "drizzle-orm";
import { auditEvents } from "../../../src/platform/audit/schema";
import { createAppGroup, createOrg, type TestOrg } from "../../support/accounts";
import { type Authenticator, registerPasskey, sealAssertion } from "../../support/authenticator";
import { createTestApp, type TestApp, type TestAppOptions, type TestResponse } from "../../support/harness";
import type { PgPeer } from "../../support/pg-peer";
import { orgApi, ownerOf, type Person } from "../governance/support";

export { mailsTo } from "../billing/support";

/** A test app pointed at the peer: registered sources may be on loopback, managed databases are created there. */
export function datasourceApp(peer: PgPeer, options: TestAppOptions & { env?: Record<string, string> } = {}): Promise<TestApp> {
  return createTestApp({
    ...options,
    env: {
      SIGNET_MANAGED_DB_URL: peer.url,
      SIGNET_DATASOURCE_ALLOW_PRIVATE_NETWORKS: "1",
      SIGNET_DATASOURCE_TEST_TIMEOUT: "1",
      ...(options.env ?? {}),
    },
  });
}

export interface SourcesOrg {
  org: TestOrg;
  group: { id: string; groupKey: string };
  owner: Person & { device: Authenticator };
  api: ReturnType<typeof orgApi>;
  /** A request on the group's data-sources routes. */
  ds: (method: string, path: string, json?: unknown, token?: string | null) => Promise<TestResponse<any>>;
}

export async function sourcesOrg(t: TestApp, name: string, options: { plan?: string } = {}): Promise<SourcesOrg> {
  const org = await createOrg(t, `owner@${name}.test`, name, { plan: options.plan });
  const group = await createAppGroup(t, org, `${name} web`);
  const api = orgApi(t, org);
  const owner = await ownerOf(t, org);
  return {
    org,
    group,
    owner: { ...owner, device: await registerPasskey(t, owner) },
    api,
    ds: (method, path, json, token = org.owner.token) => api(method, `/app-groups/${group.id}/data-sources${path}`, json, token),
  };
}

/** A customer's database on the peer with its own login: the connection string to register. */
export async function externalDatabase(peer: PgPeer, label: string): Promise<{ database: string; user: string; password: string; url: string }> {
  const suffix = crypto.randomUUID().replaceAll("-", "").slice(0, 10);
  const database = `ext_${label}_${suffix}`;
  const user = `extu_${suffix}`;
  const password = `pw-${crypto.randomUUID()}`;
  await peer.sql("postgres", `CREATE ROLE ${user} LOGIN PASSWORD '${password}'`);
  await peer.sql("postgres", `CREATE DATABASE ${database} OWNER ${user}`);
  return { database, user, password, url: `postgres://${user}:${encodeURIComponent(password)}@127.0.0.1:${peer.port}/${database}?sslmode=disable` };
}

/** A sealed delete's body: the owner's seal for this data source and the name given. */
export async function sealedDelete(t: TestApp, o: SourcesOrg, id: string, confirmName: string, subjectId = id) {
  return { confirmName, assertionResponseJson: await sealAssertion(t, o.owner, o.owner.device, "datasource.delete", `${o.org.slug}|${subjectId}`) };
}

/** The organization's data-source events, oldest first. */
export async function datasourceEvents(t: TestApp, org: TestOrg, type?: string) {
  const rows = await t.ctx.db.read
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.orgId, org.orgId), type ? eq(auditEvents.type, type) : like(auditEvents.type, "appgroup.datasource.%")));
  return rows.sort((a, b) => a.seq - b.seq);
}
