/**
 * The probe behind expectResponsive tells a held event loop from a busy machine: a server
 * whose handler spins through 300 ms of CPU is caught by its main-thread CPU, whatever the load.
 */
import { afterAll, expect, test } from "bun:test";
import { EVENT_LOOP_HOLD_MS } from "./responsiveness";
import { freePort, startHealthProbe } from "./support";

const port = freePort();
// /hold spins through 300 ms of CPU (work, as a real hold is, not wall time a busy machine
// stretches); /probed says how many /healthz it has answered.
const script = `
let probed = 0;
Bun.serve({ hostname: "127.0.0.1", port: ${port}, fetch(req) {
  const path = new URL(req.url).pathname;
  if (path === "/hold") { const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; }; const until = cpu() + 300; while (cpu() < until); }
  if (path === "/healthz") probed++;
  return new Response(String(probed));
} });`;
const holder = Bun.spawn([process.execPath, "-e", script], { stdout: "ignore", stderr: "inherit" });
const base = `http://127.0.0.1:${port}`;
afterAll(() => holder.kill());

test("a request that holds the event loop for 300 ms of CPU shows as main-thread CPU in a /healthz round trip", async () => {
  for (let i = 0; i < 100; i++) if (await fetch(`${base}/healthz`).then((r) => r.ok, () => false)) break; else await Bun.sleep(20);
  const probe = startHealthProbe({ base, process: holder });
  // Hold only once the probe is asking (its process takes a moment to start), and long
  // enough that its round trips overlap the holds.
  // (The first /healthz was this test's own, waiting for the server.)
  while (Number(await (await fetch(`${base}/probed`)).text()) < 3) await Bun.sleep(20);
  for (let i = 0; i < 6; i++) await fetch(`${base}/hold`);
  const readings = await probe.stop();
  expect(Math.max(...readings.mainThreadCpuMs)).toBeGreaterThanOrEqual(EVENT_LOOP_HOLD_MS);
});
