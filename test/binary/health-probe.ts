/**
 * Asks GET {url}/healthz every 50 ms and prints each round trip in milliseconds, one per
 * line, until it is killed. It runs in a process of its own, so what it measures is the
 * server's responsiveness, not the load generator's event loop.
 *   bun test/binary/health-probe.ts http://127.0.0.1:PORT
 */
export {};

const base = process.argv[2];
if (!base) throw new Error("usage: health-probe.ts BASE_URL");
for (;;) {
  const started = performance.now();
  const r = await fetch(`${base}/healthz`);
  await r.arrayBuffer();
  console.log((performance.now() - started).toFixed(2));
  await Bun.sleep(50);
}
