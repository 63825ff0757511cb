/**
 * The context for one-shot commands: logs go to stderr (warnings and up unless asked for
 * more) so stdout carries only the command's output.
 */
import type { Config } from "../config";
import { createContext, type AppContext } from "../context";
import { createLogger } from "../platform/log";
import { ensureDataDir } from "./serve";

export async function openCliContext(config: Config): Promise<AppContext> {
  ensureDataDir(config);
  return createContext(config, { logger: createLogger(config.logLevel === "info" ? "warn" : config.logLevel, (l) => process.stderr.write(l + "\n")) });
}
