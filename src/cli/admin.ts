// PLACEHOLDER — bootstrap and outbox come next.
import type { Config } from "../config";
import { UsageError } from "./errors";
export async function adminCommand(_config: Config, sub: string | undefined, _args: string[]): Promise<number> {
  throw new UsageError(`admin ${sub ?? ""}: not yet available`);
}
