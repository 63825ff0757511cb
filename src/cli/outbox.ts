/**
 * `signet admin outbox [--to ADDRESS] [--limit N]`: prints the outbox, newest first,
 * one JSON object per line (the shape of GET /api/dev/outbox's messages). It only
 * reads, so it works while `signet serve` runs on the same database.
 */
import type { Config } from "../config";
import { closePlatform } from "../platform/deps";
import { openCliPlatform } from "./context";
import { listOutbox } from "../platform/outbound/outbox";
import { parseOptions } from "./args";
import { UsageError } from "./errors";

const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 10_000;

export async function outboxCommand(config: Config, args: string[]): Promise<number> {
  const options = parseOptions(args, ["to", "limit"]);
  let limit = DEFAULT_LIMIT;
  if (options.limit !== undefined) {
    if (!/^\d+$/.test(options.limit) || Number(options.limit) < 1 || Number(options.limit) > MAX_LIMIT)
      throw new UsageError(`--limit must be an integer from 1 to ${MAX_LIMIT}, got "${options.limit}"`);
    limit = Number(options.limit);
  }
  if (options.to !== undefined && !options.to.trim()) throw new UsageError("--to needs an address or number");
  // The outbox is the kernel's: no module is built for it.
  const platform = await openCliPlatform(config);
  try {
    const messages = await listOutbox(platform.db, { to: options.to, limit });
    const out = messages.map((m) => JSON.stringify(m) + "\n").join("");
    // main exits right after: wait until a piped stdout has taken every line.
    if (out) await new Promise<void>((resolve, reject) => process.stdout.write(out, (e) => (e ? reject(e) : resolve())));
    return 0;
  } finally {
    await closePlatform(platform);
  }
}
