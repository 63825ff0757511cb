#!/usr/bin/env bun
/**
 * The signet command: serve | migrate | admin … | jobs … | --help.
 * Every failure a person can fix ends as one line on stderr and a non-zero exit.
 */
// First, before anything the bundler may hoist: @simplewebauthn/server's certificate
// code (tsyringe) needs the Reflect metadata polyfill loaded before it evaluates.
import "reflect-metadata";
import { ConfigError, loadConfig, SETTINGS, splitFlags, type Config } from "./config";
import { DatabaseOpenError } from "./platform/db/database";
import { MigrationError } from "./platform/db/migrator";
import { UsageError, FatalError } from "./cli/errors";

const HELP = `signet — identity, organizations and billing in one binary

Usage:
  signet serve                         serve the API, dashboard and login portal
  signet migrate                       apply pending database migrations and exit
  signet admin bootstrap --email E --org NAME [--slug S] [--plan P]
                                       create the owner, organization and credentials (prints JSON)
  signet admin plan --org SLUG --plan PLAN
                                       set an organization's plan (free, pro, pro_plus, business, enterprise)
  signet admin credit --org SLUG --amount N [--currency USD|KRW] [--bonus N]
                                       add prepaid credit without a payment (minor units: cents, won)
  signet admin invoice-correct --invoice ID --reason TEXT [--adjust N --memo TEXT]
                                       issue a correction for an issued invoice (the old one is Superseded)
  signet admin outbox [--to ADDRESS] [--limit N]
                                       print the dev outbox, newest first (JSON lines)
  signet admin backup --out FILE       SQLite: a consistent copy (database, local files, key file) taken while serving
  signet admin restore --from FILE     write a backup into an empty data dir
  signet jobs list                     list scheduled jobs with their last and next run
  signet jobs run NAME                 run one job now
  signet audit verify --org SLUG [--json] | checkpoint --org SLUG
                                       verify an organization's audit chain offline, or sign a checkpoint now
  signet audit hold --org SLUG --state on|off [--reason R] | retention --org SLUG --days N|plan
                                       legal hold (never purge), or a contract's audit retention window
  signet datasource verify --id ID [--json]
                                       check a managed database's sealed write log: chain, audit anchors, tables
  signet --help | --version

Settings (environment variable, or the flag beside it):
${SETTINGS.map((s) => `  ${s.flag.padEnd(24)} ${s.env.padEnd(28)} ${s.help}${s.default ? ` (default: ${s.default})` : ""}`).join("\n")}
`;

async function main(argv: string[]): Promise<number> {
  const { values, rest } = splitFlags(argv);
  const [command, sub, ...args] = rest;
  if (!command || command === "--help" || command === "-h" || command === "help") {
    process.stdout.write(HELP);
    return 0;
  }
  if (command === "--version" || command === "-v") {
    const { VERSION } = await import("./context");
    console.log(VERSION);
    return 0;
  }
  const config: Config = loadConfig(process.env, values);
  switch (command) {
    case "serve": {
      if (sub) throw new UsageError(`serve takes no argument, got "${sub}"`);
      const { serve } = await import("./cli/serve");
      return serve(config);
    }
    case "migrate": {
      const { migrateCommand } = await import("./cli/serve");
      return migrateCommand(config);
    }
    case "admin": {
      const { adminCommand } = await import("./cli/admin");
      return adminCommand(config, sub, args);
    }
    case "audit":
      return (await import("./cli/audit")).auditCommand(config, sub, args);
    case "datasource":
      return (await import("./cli/datasource")).datasourceCommand(config, sub, args);
    case "jobs": {
      const { jobsCommand } = await import("./cli/jobs");
      return jobsCommand(config, sub, args);
    }
    default:
      throw new UsageError(`unknown command "${command}"; see signet --help`);
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    // serve resolves only when it has shut down.
    process.exit(code);
  },
  (error: unknown) => {
    const known =
      error instanceof ConfigError ||
      error instanceof DatabaseOpenError ||
      error instanceof MigrationError ||
      error instanceof UsageError ||
      error instanceof FatalError;
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`signet: ${known ? message : `unexpected error: ${message}`}\n`);
    if (!known && process.env.SIGNET_LOG_LEVEL === "debug" && error instanceof Error) process.stderr.write(`${error.stack}\n`);
    process.exit(error instanceof UsageError ? 2 : 1);
  },
);
