/**
 * The probe behind expectResponsive tells a held event loop from a busy machine: a server
 * whose handler spins for 300 ms is caught by its main-thread CPU, whatever the load.
 */
import { afterAll, expect, test } from "bun:test";
import { EVENT_LOOP_HOLD_MS } from "./responsiveness";
import { freePort, startHealthProbe } from "./support";

const port = freePort();
const script = `
Bun.serve({ hostname: "127.0.0.1", port: ${port}, fetch(req) {
  if (new URL(req.url).pathname === "/hold") { const until = performance.now() + 300; while (performance.now() < until); }
  return new Response("ok");
} });`;
const holder = Bun.spawn([process.execPath, "-e", script], { stdout: "ignore", stderr: "inherit" });
const base = `http://127.0.0.1:${port}`;
afterAll(() => holder.kill());

test("a request that holds the event loop for 300 ms shows as main-thread CPU in a /healthz round trip", async () => {
  for (let i = 0; i < 100; i++) if (await fetch(`${base}/healthz`).then((r) => r.ok, () => false)) break; else await Bun.sleep(20);
  const probe = startHealthProbe({ base, process: holder });
  await Bun.sleep(120);
  for (let i = 0; i < 3; i++) await fetch(`${base}/hold`);
  await Bun.sleep(120);
  const readings = await probe.stop();
  expect(Math.max(...readings.mainThreadCpuMs)).toBeGreaterThanOrEqual(EVENT_LOOP_HOLD_MS);
});
