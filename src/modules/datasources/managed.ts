/**
 * Managed databases (spec 2.12, 3.6, 3.7; docs/datasources.md): POST /strix creates a
 * database and a least-privilege role on the operator's PostgreSQL server, answers the
 * connection string once, and keeps the row like any data source. The credit gate (the
 * service reserve of §8, from billing's ledger) applies at creation and reconnect.
 *
 * Non-payment (3.6, 3.7): when billing's delinquency clock enforces, every active managed
 * database of the organization is suspended (role password rotated, sessions closed, data
 * kept, lastTestError set); the owner is warned at suspension, 7 days and 1 day before
 * the deletion, which happens 30 days after suspension unless the database was
 * reconnected.
 */
import { and, eq, lte } from "drizzle-orm";
import { type AuditActor, appendAudit } from "../../platform/audit/append";
import { auditEvent } from "../../platform/audit/catalog";
import { toIso } from "../../platform/clock";
import { newId } from "../../platform/ids";
import { creditAccount, reserveOf } from "../billing/index";
import { assertCan, orgById, orgRecipientLanguage, ownerEmailOf } from "../orgs/index";
import { composeMail, databaseDeletionMail, databaseSuspendedMail } from "../messaging/index";
import { translator, type Language } from "../../platform/languages";
import { type DatasourcesCaller, type DatasourcesDeps, groupOr404 } from "./caller";
import { datasourceErrors } from "./errors";
import { DATASOURCE_EVENTS } from "./events";
import type { CreateManagedInput, DataSourceWithSecretView } from "./model";
import { connectionStringOf, dropDatabase, managedServer, managedTarget, provisionDatabase, rotateRolePassword, type Tier } from "./provider";
import { type DataSourceRow, dataSources } from "./schema";
import { DATASOURCE_SCOPES } from "./scopes";
import { addSource, dropProvider, groupLock, markDeleted, refuseTakenName, sealPassword, sourceFacts, sourceView, SUSPENDED_RETENTION_MS, validName } from "./sources";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Warnings before deletion (3.6): at suspension, then 7 days and 1 day before. */
const WARNINGS = [
  { sent: 2, beforeMs: 7 * DAY_MS, days: 7 },
  { sent: 3, beforeMs: 1 * DAY_MS, days: 1 },
] as const;

const SYSTEM: AuditActor = { kind: "system" };

/**
 * 402 CREDIT_REQUIRED unless the organization's prepaid credit covers the service reserve
 * (§7: "Managed database create or reconnect without required credit ($5)"). The body
 * carries code, balance, required and reserve, in the account's minor units.
 */
export async function requireCredit(deps: Pick<DatasourcesDeps, "db">, orgId: string): Promise<void> {
  const account = await creditAccount(deps.db.read, orgId);
  const reserve = reserveOf(account.currency);
  if (account.balance < reserve) {
    throw datasourceErrors.error("creditRequired", {
      code: "CREDIT_REQUIRED",
      balance: account.balance,
      required: reserve,
      reserve,
      currency: account.currency,
      message: "a managed database needs the service reserve in prepaid credit: top up, then try again",
    });
  }
}

/** POST /strix: a managed database for the app group; the connection string is in this answer only. */
export async function createManaged(deps: DatasourcesDeps, caller: DatasourcesCaller, groupId: string, input: CreateManagedInput): Promise<DataSourceWithSecretView> {
  assertCan(caller.actor, DATASOURCE_SCOPES.create);
  const group = await groupOr404(deps, caller, groupId);
  const server = managedServer(deps.config);
  const name = validName(input.name);
  const tier: Tier = input.tier ?? "starter";
  // The organization has no home region of its own yet: the operator's server region stands in (docs/datasources.md).
  const region = input.region ?? server.region;
  await refuseTakenName(deps.db.read, group.id, name, null);
  await requireCredit(deps, caller.org.id);
  const made = await provisionDatabase(server, tier);
  const id = newId("ds");
  const target = managedTarget(server, made.database, made.role, made.password);
  const passwordSealed = await sealPassword(deps, id, made.password);
  try {
    return await deps.db.write(async (tx) => {
      const row = await addSource(tx, caller, deps.clock.now(), {
        id,
        appGroupId: group.id,
        name,
        region,
        purpose: input.purpose ?? "production",
        tier,
        isManaged: true,
        target,
        passwordSealed,
        lastTestedAt: null,
      });
      return { ...sourceView(row), connectionString: connectionStringOf(target) };
    });
  } catch (e) {
    // The row was not written (a name taken meanwhile, a failed write): nothing may stay on the provider.
    await dropDatabase(server, made.database, made.role).catch((dropError) => deps.logger.error("managed database left behind", { database: made.database, error: (dropError as Error).message }));
    throw e;
  }
}

/** Mails the owner, in their language (their account's choice, else the organization's locale). */
async function warnOwner(deps: Pick<DatasourcesDeps, "db" | "mail" | "logger">, row: DataSourceRow, mail: (language: Language) => { subject: string; text: string }): Promise<void> {
  try {
    const org = await orgById(deps.db.read, row.orgId);
    const to = org ? await ownerEmailOf(deps.db.read, org) : null;
    if (to) await deps.mail.send({ to, ...mail(await orgRecipientLanguage(deps.db.read, row.orgId, to)) });
  } catch (e) {
    deps.logger.warn("managed database notice not mailed", { dataSourceId: row.id, error: (e as Error).message });
  }
}

/**
 * Suspends every active managed database of the organization (the delinquency clock's
 * `enforced`): the role gets a new password (sealed and kept, never shown until a
 * reconnect), its sessions are closed, the row is disconnected with lastTestError set, and
 * the owner is warned. Data stays.
 */
export async function suspendManagedForNonPayment(deps: DatasourcesDeps, orgId: string): Promise<number> {
  const rows = await deps.db.read.select().from(dataSources).where(and(eq(dataSources.orgId, orgId), eq(dataSources.isManaged, true), eq(dataSources.status, "active")));
  if (rows.length === 0) return 0;
  const server = managedServer(deps.config);
  let suspended = 0;
  for (const row of rows) {
    const password = await rotateRolePassword(server, row.username);
    const passwordSealed = await sealPassword(deps, row.id, password);
    const changed = await deps.db.write(async (tx) => {
      await tx.lock(groupLock(row.appGroupId));
      const [current] = await tx.select().from(dataSources).where(eq(dataSources.id, row.id));
      if (!current || current.status !== "active") return false;
      const now = deps.clock.now();
      const record = (event: { type: string; payload: Record<string, unknown> }) => appendAudit(tx, { orgId, ...event, actor: SYSTEM, appGroupId: row.appGroupId, at: now }).then(() => {});
      await tx
        .update(dataSources)
        .set({
          status: "suspended",
          isPrimary: false,
          passwordSealed,
          passwordRotatedAt: now,
          suspendedAt: now,
          disconnectedAt: now,
          warningsSent: 1,
          lastTestError: "suspended for non-payment: the organization's payment is overdue; top up and reconnect to use it again",
          updatedAt: now,
        })
        .where(eq(dataSources.id, row.id));
      await record(auditEvent(DATASOURCE_EVENTS.disconnected, { ...sourceFacts(current), reason: "non_payment" }));
      if (current.isPrimary) await record(auditEvent(DATASOURCE_EVENTS.primaryChanged, { from: current.id, to: null }));
      return true;
    });
    if (!changed) continue;
    suspended++;
    const deleteAt = toIso(deps.clock.now() + SUSPENDED_RETENTION_MS);
    await warnOwner(deps, row, (language) => composeMail(databaseSuspendedMail, language, { name: row.name, deleteAt }));
  }
  return suspended;
}

/**
 * The suspended databases' clock (hourly): warnings 7 days and 1 day before deletion, and
 * deletion (provider first, pd true) 30 days after suspension.
 */
export async function runSuspendedClock(deps: DatasourcesDeps, now: number): Promise<{ warned: number; deleted: number }> {
  const rows = await deps.db.read.select().from(dataSources).where(and(eq(dataSources.isManaged, true), eq(dataSources.status, "suspended"), lte(dataSources.suspendedAt, now)));
  let warned = 0;
  let deleted = 0;
  for (const row of rows) {
    const deleteAt = row.suspendedAt! + SUSPENDED_RETENTION_MS;
    if (now >= deleteAt) {
      try {
        await dropProvider(deps, row);
      } catch {
        continue; // logged by dropProvider; the next run retries
      }
      await deps.db.write(async (tx) => {
        const [current] = await tx.select().from(dataSources).where(eq(dataSources.id, row.id));
        if (!current || current.status !== "suspended") return;
        await markDeleted(tx, current, now, "non_payment", null, (event) => appendAudit(tx, { orgId: row.orgId, ...event, actor: SYSTEM, appGroupId: row.appGroupId, at: now }).then(() => {}));
      });
      deleted++;
      continue;
    }
    const due = [...WARNINGS].reverse().find((w) => now >= deleteAt - w.beforeMs && row.warningsSent < w.sent);
    if (!due) continue;
    await deps.db.write((tx) => tx.update(dataSources).set({ warningsSent: due.sent, updatedAt: now }).where(eq(dataSources.id, row.id)).then(() => {}));
    const values = { name: row.name, days: due.days, deleteAt: toIso(deleteAt) };
    await warnOwner(deps, row, (language) => {
      const mail = composeMail(databaseDeletionMail, language, values);
      return due.days > 1 ? { ...mail, subject: translator(databaseDeletionMail, language)("subjectInDays", values) } : mail;
    });
    warned++;
  }
  return { warned, deleted };
}
