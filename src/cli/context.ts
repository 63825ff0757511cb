/** The context for one-shot commands: logs go to stderr so stdout stays machine-readable. */
import type { Config } from "../config";
import { createContext, type AppContext } from "../context";
import { createLogger } from "../platform/log";
import { ensureDataDir } from "./serve";

export async function openCliContext(config: Config): Promise<AppContext> {
  ensureDataDir(config);
  return createContext(config, { logger: createLogger(config.logLevel === "info" ? "warn" : config.logLevel, (l) => process.stderr.write(l + "\n")) });
}
