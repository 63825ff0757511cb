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
 * holds it, so that time (thread-cpu.ts) does not depend on the machine's other load.
 */
import { mainThreadCpuMs } from "./thread-cpu";

const base = process.argv[2];
const pid = Number(process.argv[3]);
if (!base || !Number.isInteger(pid)) throw new Error("usage: health-probe.ts BASE_URL SERVER_PID");

for (;;) {
  const cpuBefore = mainThreadCpuMs(pid);
  const started = performance.now();
  const r = await fetch(`${base}/healthz`);
  await r.arrayBuffer();
  const wall = performance.now() - started;
  console.log(`${wall.toFixed(2)} ${mainThreadCpuMs(pid) - cpuBefore}`);
  await Bun.sleep(50);
}
