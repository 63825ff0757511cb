/**
 * The application's dependencies, built once from the config: database, clock,
 * logger, secrets, outbound adapters and the job scheduler. Services take a narrow
 * `Pick<AppContext, …>` of it.
 */
import { postgresMigrations, sqliteMigrations } from "../migrations/index";
import type { Config } from "./config";
import { systemClock, type Clock } from "./platform/clock";
import { loadOrCreateKeyFile, SecretBox } from "./platform/crypto/secrets";
import { openDatabase, type Database } from "./platform/db/database";
import { migrate } from "./platform/db/migrator";
import { JobScheduler } from "./platform/jobs/scheduler";
import { createLogger, type Logger } from "./platform/log";
import { createMailSender, createSmsSender } from "./platform/outbound";
import type { MailSender, SmsSender } from "./platform/outbound/types";
import { createBlobStore, type BlobStore } from "./platform/blobs";
import { MODULES } from "./modules";
import { checkModules, type ModuleDefinition } from "./platform/module";
import { registerAuditEvents } from "./platform/audit/catalog";
import { createSessionManager, type SessionManager } from "./modules/identity/sessions";
import { Keyring } from "./modules/trust/keys/keyring";

export interface AppContext {
  config: Config;
  db: Database;
  clock: Clock;
  logger: Logger;
  secrets: SecretBox;
  mail: MailSender;
  sms: SmsSender;
  jobs: JobScheduler;
  sessions: SessionManager;
  /** In-memory key state (revocation markers, JWKS bytes), kept in step across nodes. */
  keyring: Keyring;
  /** Where file bytes live: local disk or S3 (SIGNET_STORAGE). */
  blobs: BlobStore;
  version: string;
  /** The modules this app is assembled from (src/modules.ts). */
  modules: readonly ModuleDefinition<AppContext>[];
}

export const VERSION: string = (await import("../package.json", { with: { type: "json" } })).default.version;

export interface ContextOverrides {
  clock?: Clock;
  logger?: Logger;
  mail?: MailSender;
  sms?: SmsSender;
  blobs?: BlobStore;
  /** Another module list than src/modules.ts (a test adding a module). */
  modules?: readonly ModuleDefinition<AppContext>[];
}

/** Opens the database, applies migrations and wires every dependency. */
export async function createContext(config: Config, overrides: ContextOverrides = {}): Promise<AppContext> {
  const logger = overrides.logger ?? createLogger(config.logLevel);
  const clock = overrides.clock ?? systemClock;
  const db = await openDatabase(config.database);
  try {
    await migrate(db, db.dialect === "sqlite" ? sqliteMigrations : postgresMigrations);
  } catch (e) {
    await db.close();
    throw e;
  }
  const masterKey = config.masterKey ?? loadOrCreateKeyFile(config.dataDir);
  const secrets = await SecretBox.fromBytes(masterKey);
  const mail = overrides.mail ?? createMailSender(config, { db, clock, logger });
  const sms = overrides.sms ?? createSmsSender(config, { db, clock, logger });
  const jobs = new JobScheduler({ db, clock, logger });
  const sessions = createSessionManager({ db, clock }, { secureCookies: config.dashboardBase.startsWith("https:") });
  const keyring = new Keyring({ db, clock, logger, secrets, database: config.database });
  const blobs = overrides.blobs ?? createBlobStore(config, { clock, masterKey });
  const ctx: AppContext = { config, db, clock, logger, secrets, mail, sms, jobs, sessions, keyring, blobs, version: VERSION, modules: overrides.modules ?? MODULES };
  checkModules(ctx.modules, ctx);
  for (const module of ctx.modules) {
    registerAuditEvents(module.events ?? []);
    for (const job of module.jobs?.(ctx) ?? []) jobs.register(job);
  }
  return ctx;
}

export async function closeContext(ctx: AppContext): Promise<void> {
  // Runs under way finish before the database closes, so none is left "running".
  await ctx.jobs.stop();
  await ctx.keyring.close();
  await ctx.db.close();
}
