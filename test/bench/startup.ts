/**
 * Benchmark (DESIGN §11: the binary starts in under 1 s on an empty data directory).
 * Spawns the compiled binary N times on a fresh data dir and reports the time from spawn
 * to the first 200 on /healthz. Not a timed test: it prints figures.
 *
 *   npm run build && bun test/bench/startup.ts [runs]
 */
import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const binary = process.env.SIGNET_BINARY ?? join(import.meta.dir, "..", "..", "build", "out", "signet");
if (!existsSync(binary)) {
  console.error(`no binary at ${binary}: run npm run build first (or set SIGNET_BINARY)`);
  process.exit(1);
}
const runs = Number(process.argv[2] ?? 10);
const timings: number[] = [];

for (let i = 0; i < runs; i++) {
  const dataDir = mkdtempSync(join(tmpdir(), "signet-bench-start-"));
  const port = 20000 + Math.floor(Math.random() * 20000);
  const started = performance.now();
  const proc = Bun.spawn([binary, "serve", "--host", "127.0.0.1", "--port", String(port), "--data-dir", dataDir, "--log-level", "warn"], {
    stdout: "ignore",
    stderr: "inherit",
  });
  let ready = false;
  while (!ready && performance.now() - started < 10_000) {
    try {
      ready = (await fetch(`http://127.0.0.1:${port}/healthz`)).status === 200;
    } catch {
      await Bun.sleep(2);
    }
  }
  timings.push(performance.now() - started);
  proc.kill("SIGTERM");
  await proc.exited;
  rmSync(dataDir, { recursive: true, force: true });
  if (!ready) throw new Error("the binary did not answer /healthz within 10 s");
}

timings.sort((a, b) => a - b);
const ms = (v: number) => `${v.toFixed(0)} ms`;
console.log(
  JSON.stringify({
    binaryBytes: statSync(binary).size,
    runs,
    minMs: Math.round(timings[0]!),
    medianMs: Math.round(timings[Math.floor(runs / 2)]!),
    maxMs: Math.round(timings[runs - 1]!),
  }),
);
console.log(`start to first /healthz: min ${ms(timings[0]!)}, median ${ms(timings[Math.floor(runs / 2)]!)}, max ${ms(timings[runs - 1]!)} (budget 1000 ms)`);
