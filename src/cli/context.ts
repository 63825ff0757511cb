/**
 * The context for one-shot commands: logs go to stderr (warnings and up unless asked for
 * more) so stdout carries only the command's output.
 */
import type { Config } from "../config";
import { createContext, type AppContext } from "../context";
import { openPlatform, type PlatformDeps } from "../platform/deps";
import { createLogger, type Logger } from "../platform/log";
import { ensureDataDir } from "./serve";

function stderrLogger(config: Config): Logger {
  return createLogger(config.logLevel === "info" ? "warn" : config.logLevel, (l) => process.stderr.write(l + "\n"));
}

/** The whole product, for commands that act through the modules (bootstrap, jobs, audit). */
export async function openCliContext(config: Config): Promise<AppContext> {
  ensureDataDir(config);
  return createContext(config, { logger: stderrLogger(config) });
}

/** Only the kernel, for commands that need nothing else (the outbox). */
export async function openCliPlatform(config: Config): Promise<PlatformDeps> {
  ensureDataDir(config);
  return openPlatform(config, { logger: stderrLogger(config) });
}
