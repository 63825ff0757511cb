/**
 * PlatformDeps: what the kernel gives every module (DESIGN §2): settings, the database
 * (migrated), clock, logger, secrets at rest, outbound mail and SMS, the blob store, the
 * job scheduler and the cross-node bus. Opening them builds no module, so a command that
 * only needs the kernel (`signet admin outbox`) does not build the product.
 */
import { postgresMigrations, sqliteMigrations } from "../../migrations/index";
import type { Config } from "../config";
import { createBlobStore, type BlobStore } from "./blobs";
import { createBus, type Bus } from "./bus";
import { systemClock, type Clock } from "./clock";
import { loadOrCreateKeyFile, SecretBox } from "./crypto/secrets";
import { openDatabase, type Database } from "./db/database";
import { migrate } from "./db/migrator";
import { JobScheduler } from "./jobs/scheduler";
import { createLogger, type Logger } from "./log";
import { createMailSender, createSmsSender } from "./outbound";
import type { MailSender, SmsSender } from "./outbound/types";

export const VERSION: string = (await import("../../package.json", { with: { type: "json" } })).default.version;

export interface PlatformDeps {
  config: Config;
  db: Database;
  clock: Clock;
  logger: Logger;
  secrets: SecretBox;
  mail: MailSender;
  sms: SmsSender;
  /** Where file bytes live: local disk or S3 (SIGNET_STORAGE). */
  blobs: BlobStore;
  jobs: JobScheduler;
  /** Cross-node events for per-node state (PostgreSQL LISTEN/NOTIFY; nothing to deliver on SQLite). */
  bus: Bus;
  version: string;
}

export interface PlatformOverrides {
  clock?: Clock;
  logger?: Logger;
  mail?: MailSender;
  sms?: SmsSender;
  blobs?: BlobStore;
}

/** Opens the database, applies migrations and builds the kernel's dependencies. */
export async function openPlatform(config: Config, overrides: PlatformOverrides = {}): Promise<PlatformDeps> {
  const logger = overrides.logger ?? createLogger(config.logLevel);
  const clock = overrides.clock ?? systemClock;
  const db = await openDatabase(config.database, { logger });
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
  const bus = createBus(config.database, logger);
  const blobs = overrides.blobs ?? createBlobStore(config, { clock, masterKey });
  return { config, db, clock, logger, secrets, mail, sms, blobs, jobs, bus, version: VERSION };
}

export async function closePlatform(deps: PlatformDeps): Promise<void> {
  // Runs under way finish before the database closes, so none is left "running".
  await deps.jobs.stop();
  await deps.bus.close();
  await deps.db.close();
}
