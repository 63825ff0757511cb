// PLACEHOLDER — replaced by the jobs kernel work.
import type { Config } from "../config";
import { UsageError } from "./errors";
export async function jobsCommand(_config: Config, sub: string | undefined, _args: string[]): Promise<number> {
  throw new UsageError(`jobs ${sub ?? ""}: not yet available`);
}
