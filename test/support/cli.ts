/** Runs the signet command from source as a separate process, as an operator would. */
import { join } from "node:path";

export const BUN = join(import.meta.dir, "..", "..", "node_modules", ".bin", "bun");
export const MAIN = join(import.meta.dir, "..", "..", "src", "main.ts");

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export async function runCli(args: string[], env: Record<string, string | undefined> = {}): Promise<CliResult> {
  const proc = Bun.spawn([BUN, MAIN, ...args], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env } as Record<string, string>,
    stdout: "pipe",
    stderr: "pipe",
    stdin: "ignore",
  });
  const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  return { code, stdout, stderr };
}

/** Environment pointing a CLI process at a test app's database and data dir. */
export function envFor(t: { config: { dataDir: string }; database: { url: string } }): Record<string, string> {
  return { SIGNET_DATA_DIR: t.config.dataDir, SIGNET_DATABASE_URL: t.database.url };
}
