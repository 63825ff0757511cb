/**
 * Data sources of an app group (spec 2.12, 3.6, 4.4): registering an external
 * PostgreSQL, the connection tests, the primary, purpose, and the state machine of 3.6
 * for every row (disconnect keeps the row; reconnect re-tests the stored credentials;
 * the sealed delete). Managed databases are created in managed.ts and share all of this.
 *
 * Every change and its audit event are one transaction under the app group's lock
 * (names and the primary are per group). Network work (tests, the provider) happens
 * before the transaction, except the provider drop of a sealed delete, which must
 * succeed before the row may say deleted (spec 3.6).
 */
import { and, asc, eq, ne } from "drizzle-orm";
import { auditEvent } from "../../platform/audit/catalog";
import { toIso } from "../../platform/clock";
import type { Queryable, Tx } from "../../platform/db/database";
import { newId } from "../../platform/ids";
import { sealAssertionOf, verifyPersonalSeal } from "../identity/index";
import { assertCan, type Caller, type OrgActor } from "../orgs/index";
import { type DatasourcesCaller, type DatasourcesDeps, groupOr404, madeBy, recordEvent } from "./caller";
import { checkDatabaseHost, type ConnectionTarget, parseConnectionString, testConnection, type TestOutcome } from "./connection";
import { datasourceErrors } from "./errors";
import { DATASOURCE_EVENTS } from "./events";
import type { ConnectInput, DataSourceView, DataSourceWithSecretView, SealedDeleteInput } from "./model";
import { connectionStringOf, dropDatabase, managedServer, managedTarget } from "./provider";
import { type DataSourceRow, type DataSourcePurpose, dataSources } from "./schema";
import { DATASOURCE_SCOPES } from "./scopes";

export const DELETE_SEAL_PURPOSE = "datasource.delete";
/** Spec §8 "Non-payment": a suspended managed database is deleted 30 days later. */
export const SUSPENDED_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

const NAME = /^[A-Za-z][A-Za-z0-9_-]{0,62}$/;

export function validName(name: string): string {
  const trimmed = name.trim();
  if (!NAME.test(trimmed)) throw datasourceErrors.error("invalidName", { field: "name", message: "1 to 63 letters, digits, '-' or '_', starting with a letter" });
  return trimmed;
}

/** The subject a delete seal is bound to: the organization and the one data source. */
export function deleteSealSubject(slug: string, dataSourceId: string): string {
  return `${slug}|${dataSourceId}`;
}

function secretContext(id: string): string {
  return `data_sources.password:${id}`;
}

export function sealPassword(deps: Pick<DatasourcesDeps, "secrets">, id: string, password: string): Promise<string> {
  return deps.secrets.seal(password, secretContext(id));
}

/** The stored connection of a row, password opened. */
export async function targetOf(deps: Pick<DatasourcesDeps, "secrets">, row: DataSourceRow): Promise<ConnectionTarget> {
  const password = row.passwordSealed ? await deps.secrets.open(row.passwordSealed, secretContext(row.id)) : null;
  return { host: row.host, port: row.port, database: row.database, username: row.username, password, sslMode: row.sslMode as ConnectionTarget["sslMode"] };
}

export function sourceView(row: DataSourceRow): DataSourceView {
  const at = (ms: number | null) => (ms === null ? null : toIso(ms));
  return {
    id: row.id,
    appGroupId: row.appGroupId,
    name: row.name,
    region: row.region,
    purpose: row.purpose,
    tier: row.tier,
    isManaged: row.isManaged,
    isActive: row.status === "active",
    status: row.status,
    isPrimary: row.isPrimary,
    host: row.host,
    port: row.port,
    database: row.database,
    username: row.username,
    sslMode: row.sslMode,
    hasPassword: row.passwordSealed !== null,
    lastTestError: row.lastTestError,
    lastTestedAt: at(row.lastTestedAt),
    suspendedAt: at(row.suspendedAt),
    deleteScheduledAt: row.status === "suspended" && row.suspendedAt !== null ? toIso(row.suspendedAt + SUSPENDED_RETENTION_MS) : null,
    pd: row.providerDeleted,
    writeLog: row.isManaged ? { anchoredSeq: row.anchoredSeq, anchoredHead: row.anchoredHead, anchoredAt: at(row.anchoredAt) } : null,
    createdAt: toIso(row.createdAt),
    updatedAt: toIso(row.updatedAt),
  };
}

export function sourceFacts(row: DataSourceRow) {
  return { dataSourceId: row.id, name: row.name, isManaged: row.isManaged };
}

/** The row `id` of the group (deleted ones included), or 404 data_source_not_found. */
export async function sourceOr404(reader: Queryable, orgId: string, groupId: string, id: string): Promise<DataSourceRow> {
  const [row] = await reader.select().from(dataSources).where(and(eq(dataSources.id, id), eq(dataSources.orgId, orgId), eq(dataSources.appGroupId, groupId)));
  if (!row) throw datasourceErrors.error("notFound", { field: "id", message: "no data source with this id in the app group" });
  return row;
}

export function groupLock(groupId: string): string {
  return `datasources.group:${groupId}`;
}

function refuseDeleted(row: DataSourceRow): void {
  if (row.status === "deleted") throw datasourceErrors.error("deleted", { message: "the data source was deleted; deleted is final" });
}

/** 409 NAME_TAKEN when another active source of the group has `name`. */
export async function refuseTakenName(reader: Queryable, groupId: string, name: string, exceptId: string | null): Promise<void> {
  const conditions = [eq(dataSources.appGroupId, groupId), eq(dataSources.name, name), eq(dataSources.status, "active")];
  if (exceptId) conditions.push(ne(dataSources.id, exceptId));
  const [taken] = await reader.select({ id: dataSources.id }).from(dataSources).where(and(...conditions)).limit(1);
  if (taken) throw datasourceErrors.error("nameTaken", { field: "name", message: `an active data source of the app group is already named ${name}` });
}

/** Makes `row` the group's primary when the group has none (the first active source is the primary). */
export async function claimPrimaryIfNone(tx: Tx, caller: DatasourcesCaller, row: DataSourceRow, now: number): Promise<boolean> {
  const [current] = await tx.select({ id: dataSources.id }).from(dataSources).where(and(eq(dataSources.appGroupId, row.appGroupId), eq(dataSources.isPrimary, true))).limit(1);
  if (current) return false;
  await tx.update(dataSources).set({ isPrimary: true }).where(eq(dataSources.id, row.id));
  await recordEvent(tx, caller, auditEvent(DATASOURCE_EVENTS.primaryChanged, { from: null, to: row.id }), now, row.appGroupId);
  return true;
}

async function reread(reader: Queryable, id: string): Promise<DataSourceRow> {
  const [row] = await reader.select().from(dataSources).where(eq(dataSources.id, id));
  return row!;
}

/** GET /: the group's active sources, oldest first; ?includeInactive=true adds disconnected and suspended ones. */
export async function listSources(deps: DatasourcesDeps, caller: DatasourcesCaller, groupId: string, includeInactive: boolean): Promise<DataSourceView[]> {
  assertCan(caller.actor, DATASOURCE_SCOPES.read);
  const group = await groupOr404(deps, caller, groupId);
  const where = includeInactive
    ? and(eq(dataSources.orgId, caller.org.id), eq(dataSources.appGroupId, group.id), ne(dataSources.status, "deleted"))
    : and(eq(dataSources.orgId, caller.org.id), eq(dataSources.appGroupId, group.id), eq(dataSources.status, "active"));
  const rows = await deps.db.read.select().from(dataSources).where(where).orderBy(asc(dataSources.createdAt), asc(dataSources.name), asc(dataSources.id));
  return rows.map(sourceView);
}

/** The parsed target of a connection string whose host may be reached. */
async function reachableTarget(deps: DatasourcesDeps, connectionString: string): Promise<ConnectionTarget> {
  const target = parseConnectionString(connectionString);
  await checkDatabaseHost(deps.config.datasourceAllowPrivateNetworks, target.host);
  return target;
}

/** POST /test: tests a connection string without storing anything. */
export async function testConnectionString(deps: DatasourcesDeps, caller: DatasourcesCaller, groupId: string, connectionString: string): Promise<TestOutcome> {
  assertCan(caller.actor, DATASOURCE_SCOPES.test);
  await groupOr404(deps, caller, groupId);
  return testConnection(await reachableTarget(deps, connectionString), deps.config.datasourceTestTimeoutMs);
}

/** POST /: registers an external PostgreSQL once it passes a test; the password is sealed. */
export async function connectSource(deps: DatasourcesDeps, caller: DatasourcesCaller, groupId: string, input: ConnectInput): Promise<DataSourceView> {
  assertCan(caller.actor, DATASOURCE_SCOPES.create);
  const group = await groupOr404(deps, caller, groupId);
  const name = validName(input.name);
  const target = await reachableTarget(deps, input.connectionString);
  await refuseTakenName(deps.db.read, group.id, name, null);
  const outcome = await testConnection(target, deps.config.datasourceTestTimeoutMs);
  if (!outcome.ok) throw datasourceErrors.error("testFailed", { lastTestError: outcome.error, message: "the database could not be reached with these credentials; nothing was stored" });
  const id = newId("ds");
  const passwordSealed = target.password === null ? null : await sealPassword(deps, id, target.password);
  return deps.db.write(async (tx) => {
    const now = deps.clock.now();
    const row = await addSource(tx, caller, now, {
      id,
      appGroupId: group.id,
      name,
      region: input.region,
      purpose: input.purpose ?? "production",
      tier: null,
      isManaged: false,
      target,
      passwordSealed,
      lastTestedAt: now,
    });
    return sourceView(row);
  });
}

/**
 * Writes a new active row (registered or managed) under the group's lock, with
 * appgroup.datasource.connected, and makes it the group's primary when the group has none.
 * A name an active source took meanwhile is 409 NAME_TAKEN.
 */
export async function addSource(
  tx: Tx,
  caller: DatasourcesCaller,
  now: number,
  fields: Pick<DataSourceRow, "id" | "appGroupId" | "name" | "region" | "purpose" | "tier" | "isManaged" | "passwordSealed" | "lastTestedAt"> & { target: ConnectionTarget },
): Promise<DataSourceRow> {
  await tx.lock(groupLock(fields.appGroupId));
  await refuseTakenName(tx, fields.appGroupId, fields.name, null);
  const { target, ...rest } = fields;
  const [row] = await tx
    .insert(dataSources)
    .values({
      ...rest,
      orgId: caller.org.id,
      status: "active",
      isPrimary: false,
      host: target.host,
      port: target.port,
      database: target.database,
      username: target.username,
      sslMode: target.sslMode,
      lastTestError: null,
      providerDeleted: false,
      warningsSent: 0,
      anchoredSeq: 0,
      createdBy: madeBy(caller.actor),
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  await recordEvent(
    tx,
    caller,
    auditEvent(DATASOURCE_EVENTS.connected, { ...sourceFacts(row!), host: target.host, database: target.database, region: row!.region, purpose: row!.purpose, tier: row!.tier }),
    now,
    row!.appGroupId,
  );
  await claimPrimaryIfNone(tx, caller, row!, now);
  return reread(tx, row!.id);
}

/** POST /{id}/test: tests the stored connection and records the outcome (lastTestError) and appgroup.datasource.tested. */
export async function testSource(deps: DatasourcesDeps, caller: DatasourcesCaller, groupId: string, id: string): Promise<DataSourceView & { test: TestOutcome }> {
  assertCan(caller.actor, DATASOURCE_SCOPES.test);
  const group = await groupOr404(deps, caller, groupId);
  const row = await sourceOr404(deps.db.read, caller.org.id, group.id, id);
  refuseDeleted(row);
  const outcome = await testConnection(await targetOf(deps, row), deps.config.datasourceTestTimeoutMs);
  return deps.db.write(async (tx) => {
    await tx.lock(groupLock(group.id));
    const now = deps.clock.now();
    const current = await sourceOr404(tx, caller.org.id, group.id, id);
    refuseDeleted(current);
    // A suspended database keeps its suspension as its error: the test says whether the stored credentials work, not that it is in use.
    const lastTestError = current.status === "suspended" && outcome.ok ? current.lastTestError : outcome.error;
    await tx.update(dataSources).set({ lastTestError, lastTestedAt: now, updatedAt: now }).where(eq(dataSources.id, id));
    await recordEvent(tx, caller, auditEvent(DATASOURCE_EVENTS.tested, { ...sourceFacts(current), ok: outcome.ok, error: outcome.error, latencyMs: outcome.latencyMs }), now, group.id);
    return { ...sourceView(await reread(tx, id)), test: outcome };
  });
}

/**
 * One change of a row of the group: gated by `scope`, on the row found under the group's
 * lock (deleted rows refused: deleted is final); `change` writes what moves, and its event,
 * in the same transaction; the answer is the row as it is afterwards.
 */
async function sourceStep(
  deps: DatasourcesDeps,
  caller: DatasourcesCaller,
  step: { groupId: string; id: string; scope: string },
  change: (tx: Tx, row: DataSourceRow, record: (event: { type: string; payload: Record<string, unknown> }) => Promise<void>, now: number) => Promise<void>,
): Promise<DataSourceView> {
  assertCan(caller.actor, step.scope);
  const group = await groupOr404(deps, caller, step.groupId);
  return deps.db.write(async (tx) => {
    await tx.lock(groupLock(group.id));
    const row = await sourceOr404(tx, caller.org.id, group.id, step.id);
    refuseDeleted(row);
    const now = deps.clock.now();
    await change(tx, row, (event) => recordEvent(tx, caller, event, now, group.id), now);
    return sourceView(await reread(tx, row.id));
  });
}

/** POST /{id}/primary: the group's one primary (an active source); the previous one loses it. */
export function setPrimary(deps: DatasourcesDeps, caller: DatasourcesCaller, groupId: string, id: string): Promise<DataSourceView> {
  return sourceStep(deps, caller, { groupId, id, scope: DATASOURCE_SCOPES.update }, async (tx, row, record, now) => {
    if (row.status !== "active") throw datasourceErrors.error("notActive", { message: "only an active data source can be the primary: reconnect it first" });
    if (row.isPrimary) return;
    const primaryOfGroup = and(eq(dataSources.appGroupId, row.appGroupId), eq(dataSources.isPrimary, true));
    const [previous] = await tx.select({ id: dataSources.id }).from(dataSources).where(primaryOfGroup);
    await tx.update(dataSources).set({ isPrimary: false }).where(primaryOfGroup);
    await tx.update(dataSources).set({ isPrimary: true, updatedAt: now }).where(eq(dataSources.id, row.id));
    await record(auditEvent(DATASOURCE_EVENTS.primaryChanged, { from: previous?.id ?? null, to: row.id }));
  });
}

/** PATCH /{id}: purpose (production or staging). */
export function updatePurpose(deps: DatasourcesDeps, caller: DatasourcesCaller, groupId: string, id: string, purpose: DataSourcePurpose): Promise<DataSourceView> {
  return sourceStep(deps, caller, { groupId, id, scope: DATASOURCE_SCOPES.update }, async (tx, row, record, now) => {
    if (row.purpose === purpose) return;
    await tx.update(dataSources).set({ purpose, updatedAt: now }).where(eq(dataSources.id, row.id));
    await record(auditEvent(DATASOURCE_EVENTS.updated, { ...sourceFacts(row), purpose: { from: row.purpose, to: purpose } }));
  });
}

/** Takes the primary flag off a row that stops being active, with primary_changed. */
async function releasePrimary(tx: Tx, row: DataSourceRow, record: (event: { type: string; payload: Record<string, unknown> }) => Promise<void>): Promise<void> {
  if (!row.isPrimary) return;
  await tx.update(dataSources).set({ isPrimary: false }).where(eq(dataSources.id, row.id));
  await record(auditEvent(DATASOURCE_EVENTS.primaryChanged, { from: row.id, to: null }));
}

/** DELETE /{id}: active → disconnected; the row (and a managed database's data) stays. Disconnecting a disconnected source changes nothing. */
export function disconnectSource(deps: DatasourcesDeps, caller: DatasourcesCaller, groupId: string, id: string): Promise<DataSourceView> {
  return sourceStep(deps, caller, { groupId, id, scope: DATASOURCE_SCOPES.update }, async (tx, row, record, now) => {
    if (row.status !== "active") return;
    await tx.update(dataSources).set({ status: "disconnected", disconnectedAt: now, updatedAt: now }).where(eq(dataSources.id, row.id));
    await record(auditEvent(DATASOURCE_EVENTS.disconnected, { ...sourceFacts(row), reason: "manual" }));
    await releasePrimary(tx, row, record);
  });
}

/**
 * POST /{id}/reconnect: disconnected or suspended → active once the stored credentials
 * pass a test; managed rows pass the credit gate first. A name an active source took
 * meanwhile is 409 NAME_TAKEN. A managed database whose password was rotated at
 * suspension answers its new connection string, once.
 */
export async function reconnectSource(
  deps: DatasourcesDeps,
  caller: DatasourcesCaller,
  groupId: string,
  id: string,
  creditGate: (orgId: string) => Promise<void>,
): Promise<DataSourceWithSecretView> {
  assertCan(caller.actor, DATASOURCE_SCOPES.update);
  const group = await groupOr404(deps, caller, groupId);
  const row = await sourceOr404(deps.db.read, caller.org.id, group.id, id);
  refuseDeleted(row);
  if (row.status === "active") throw datasourceErrors.error("alreadyActive", { message: "the data source is already active" });
  await refuseTakenName(deps.db.read, group.id, row.name, row.id);
  if (row.isManaged) await creditGate(caller.org.id);
  const target = await targetOf(deps, row);
  const outcome = await testConnection(target, deps.config.datasourceTestTimeoutMs);
  if (!outcome.ok) {
    await deps.db.write(async (tx) => {
      const now = deps.clock.now();
      await tx.update(dataSources).set({ lastTestError: outcome.error, lastTestedAt: now, updatedAt: now }).where(eq(dataSources.id, id));
      await recordEvent(tx, caller, auditEvent(DATASOURCE_EVENTS.tested, { ...sourceFacts(row), ok: false, error: outcome.error, latencyMs: outcome.latencyMs }), now, group.id);
    });
    throw datasourceErrors.error("testFailed", { lastTestError: outcome.error, message: "the stored credentials did not pass the test; the source stays disconnected" });
  }
  return deps.db.write(async (tx) => {
    await tx.lock(groupLock(group.id));
    const current = await sourceOr404(tx, caller.org.id, group.id, id);
    refuseDeleted(current);
    if (current.status === "active") throw datasourceErrors.error("alreadyActive", { message: "the data source is already active" });
    await refuseTakenName(tx, group.id, current.name, current.id);
    const now = deps.clock.now();
    const passwordRotated = current.isManaged && current.passwordRotatedAt !== null;
    await tx
      .update(dataSources)
      .set({ status: "active", lastTestError: null, lastTestedAt: now, disconnectedAt: null, suspendedAt: null, warningsSent: 0, passwordRotatedAt: null, updatedAt: now })
      .where(eq(dataSources.id, id));
    await recordEvent(tx, caller, auditEvent(DATASOURCE_EVENTS.reconnected, { ...sourceFacts(current), passwordRotated }), now, group.id);
    await claimPrimaryIfNone(tx, caller, current, now);
    const view = sourceView(await reread(tx, id));
    const server = passwordRotated ? managedServer(deps.config) : null;
    return { ...view, connectionString: server ? connectionStringOf(managedTarget(server, current.database, current.username, target.password)) : null };
  });
}

/** Marks a row deleted (after the provider drop for managed rows) with appgroup.datasource.deleted. */
export async function markDeleted(
  tx: Tx,
  row: DataSourceRow,
  now: number,
  reason: "sealed" | "non_payment",
  sealCredentialId: string | null,
  record: (event: { type: string; payload: Record<string, unknown> }) => Promise<void>,
): Promise<void> {
  await tx
    .update(dataSources)
    .set({ status: "deleted", isPrimary: false, passwordSealed: null, providerDeleted: row.isManaged, deletedAt: now, updatedAt: now })
    .where(eq(dataSources.id, row.id));
  await record(auditEvent(DATASOURCE_EVENTS.deleted, { ...sourceFacts(row), pd: row.isManaged, reason, sealCredentialId }));
}

/** Drops a managed row's database on the provider, or 502 PROVIDER_DELETE_FAILED (the row stays for a retry). */
export async function dropProvider(deps: Pick<DatasourcesDeps, "config" | "logger">, row: DataSourceRow): Promise<void> {
  try {
    await dropDatabase(managedServer(deps.config), row.database, row.username);
  } catch (e) {
    deps.logger.warn("managed database drop failed", { dataSourceId: row.id, error: (e as Error).message });
    throw datasourceErrors.error("providerDeleteFailed", { message: "dropping the managed database failed; the data source is kept, try again" });
  }
}

/**
 * POST /{id}/delete: disconnected (or suspended) → deleted, for good. Needs the exact
 * name (confirmName) and the caller's personal seal for this data source; an active
 * source is 400 STILL_ACTIVE. A managed database is dropped on the provider first, inside
 * the transaction, so a failed drop leaves the row (and the seal's challenge) unused.
 */
export async function deleteSource(deps: DatasourcesDeps, caller: Caller<OrgActor>, groupId: string, id: string, input: SealedDeleteInput): Promise<DataSourceView> {
  assertCan(caller.actor, DATASOURCE_SCOPES.delete);
  const group = await groupOr404(deps, caller, groupId);
  return deps.db.write(async (tx) => {
    await tx.lock(groupLock(group.id));
    const row = await sourceOr404(tx, caller.org.id, group.id, id);
    refuseDeleted(row);
    if (row.status === "active") throw datasourceErrors.error("stillActive", { message: "disconnect the data source (DELETE) before deleting it for good" });
    if (input.confirmName !== row.name) throw datasourceErrors.error("confirmNameMismatch", { field: "confirmName", message: "confirmName must be the data source's exact name" });
    const { credentialId } = await verifyPersonalSeal(tx, deps, {
      userId: caller.actor.userId,
      purpose: DELETE_SEAL_PURPOSE,
      subject: deleteSealSubject(caller.org.slug, row.id),
      assertion: sealAssertionOf(input),
    });
    if (row.isManaged) await dropProvider(deps, row);
    const now = deps.clock.now();
    await markDeleted(tx, row, now, "sealed", credentialId, (event) => recordEvent(tx, caller, event, now, group.id));
    return sourceView(await reread(tx, id));
  });
}
