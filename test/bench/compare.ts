/**
 * Binaries side by side on a machine other work shares: run.ts on each in turn, ROUNDS
 * times round-robin, and the median of each figure. Throughput moves with whatever else
 * runs; CPU µs per request (the server's own CPU time over the requests it answered)
 * hardly does, so a change is judged by it. Not a timed test.
 *
 *   bun test/bench/compare.ts --rounds 3 --only healthz,me --seconds 5 BINARY...
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { parseArgs } from "node:util";
import type { Row } from "./bench-table";

const { values: args, positionals: binaries } = parseArgs({
  allowPositionals: true,
  options: { rounds: { type: "string", default: "3" }, only: { type: "string", default: "healthz,jwks,me" }, seconds: { type: "string", default: "5" } },
});
if (binaries.length === 0) throw new Error("name at least one binary");
const scratch = mkdtempSync(join(tmpdir(), "signet-compare-"));
const runs = new Map<string, Row[][]>(binaries.map((b) => [b, []]));
for (let round = 0; round < Number(args.rounds); round++) {
  for (const binary of binaries) {
    const out = join(scratch, "run.json");
    const run = Bun.spawnSync([process.execPath, join(import.meta.dir, "run.ts"), "--only", args.only!, "--seconds", args.seconds!, "--soak", "0", "--json", out], {
      env: { ...process.env, SIGNET_BINARY: binary },
      stdout: "ignore",
      stderr: "inherit",
    });
    if (run.exitCode !== 0) throw new Error(`run.ts failed on ${binary}`);
    runs.get(binary)!.push((JSON.parse(readFileSync(out, "utf8")) as { rows: Row[] }).rows);
  }
}
rmSync(scratch, { recursive: true, force: true });

const median = (values: number[]) => {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)]! : NaN;
};
const paths = runs.get(binaries[0]!)![0]!.map((row) => row.path);
console.log(`median of ${args.rounds} rounds, ${args.seconds} s a path\n`);
console.log(`| path | ${binaries.map((b) => `${basename(b)} req/s | p99 ms | CPU µs/req`).join(" | ")} |`);
console.log(`|---|${binaries.map(() => "---|---|---").join("|")}|`);
for (const path of paths) {
  const cells = binaries.map((binary) => {
    const rows = runs.get(binary)!.map((rowsOfRun) => rowsOfRun.find((row) => row.path === path)!);
    return [median(rows.map((r) => r.requestsPerSecond ?? NaN)).toFixed(0), median(rows.map((r) => r.p99Ms ?? NaN)).toFixed(2), median(rows.map((r) => r.cpuUsPerRequest ?? NaN)).toFixed(1)].join(" | ");
  });
  console.log(`| ${path} | ${cells.join(" | ")} |`);
}
