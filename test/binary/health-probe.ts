/**
 * Asks GET {url}/healthz every 50 ms and prints, one line per round trip, its wall time
 * and the CPU time the server's main thread spent during it (both in milliseconds), until
 * it is killed. It runs in a process of its own, so what it measures is the server's
 * responsiveness, not the load generator's event loop.
 *   bun test/binary/health-probe.ts http://127.0.0.1:PORT SERVER_PID
 *
 * Why the CPU time: on a shared machine a round trip can wait hundreds of milliseconds for
 * a core while the server does nothing wrong. A request that holds the event loop (the
 * defect this probe exists to catch) keeps the main thread on the CPU for as long as it
 * holds it, so that time, read from /proc, does not depend on the machine's other load.
 */
import { readFileSync } from "node:fs";

const base = process.argv[2];
const pid = Number(process.argv[3]);
if (!base || !Number.isInteger(pid)) throw new Error("usage: health-probe.ts BASE_URL SERVER_PID");

// utime and stime of the main thread (its task id is the process id), in clock ticks of 10 ms.
const TICK_MS = 10;
function mainThreadCpuMs(): number {
  const stat = readFileSync(`/proc/${pid}/task/${pid}/stat`, "utf8");
  // The command name may hold spaces and parentheses: the fields follow the last ")".
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

for (;;) {
  const cpuBefore = mainThreadCpuMs();
  const started = performance.now();
  const r = await fetch(`${base}/healthz`);
  await r.arrayBuffer();
  const wall = performance.now() - started;
  console.log(`${wall.toFixed(2)} ${mainThreadCpuMs() - cpuBefore}`);
  await Bun.sleep(50);
}
