/**
 * Benchmark: upload throughput (MB/s) of POST /api/public/v1/files for 1 MB and 10 MB
 * files, on local disk and on S3 (a local s3rver), over a real loopback socket. Each
 * upload streams through the multipart reader, the SHA-256 meter, the blob store and
 * the quota reservation. Not a timed test: it prints figures.
 *
 *   bun test/bench/files-upload.ts [rounds]                          # SQLite
 *   SIGNET_TEST_DATABASE_URL=postgres://… bun test/bench/files-upload.ts [rounds]
 */
import { createOrg } from "../support/accounts";
import { TestClock } from "../support/clock";
import { createTestApp } from "../support/harness";
import { startS3 } from "../support/s3";
import { bytes, fileBody, MiB } from "../modules/storage/files/support";

const ROUNDS = Number(process.argv[2] ?? 10);
const s3 = await startS3("signet-bench");

async function bench(backend: "local" | "s3") {
  const t = await createTestApp({ env: backend === "s3" ? s3.env : {}, clock: new TestClock(Date.now()) });
  const server = Bun.serve({ port: 0, hostname: "127.0.0.1", maxRequestBodySize: 32 * MiB, fetch: (request) => t.app.handle(request) });
  try {
    const org = await createOrg(t, "bench@files.example", "Bench Co", { plan: "enterprise" });
    const key = (await t.request("POST", `/api/org/${org.slug}/settings/keys/api-keys`, { token: org.owner.token, json: { scopes: ["org.*"] } })).body.key;
    for (const size of [1 * MiB, 10 * MiB]) {
      const body = fileBody("bench.bin", bytes(size));
      const send = async () => {
        const r = await fetch(`http://127.0.0.1:${server.port}/api/public/v1/files`, { method: "POST", body: body.body, headers: { ...body.headers, "x-api-key": key } });
        if (r.status !== 200) throw new Error(`upload answered ${r.status}: ${await r.text()}`);
        await r.arrayBuffer();
      };
      await send(); // warm-up
      const start = performance.now();
      for (let i = 0; i < ROUNDS; i++) await send();
      const seconds = (performance.now() - start) / 1000;
      const mbps = (size * ROUNDS) / MiB / seconds;
      console.log(`${backend.padEnd(5)} ${t.ctx.db.dialect.padEnd(8)} ${String(size / MiB).padStart(2)} MB x ${ROUNDS}: ${mbps.toFixed(1)} MB/s, ${((seconds / ROUNDS) * 1000).toFixed(1)} ms per upload`);
    }
  } finally {
    server.stop(true);
    await t.close();
  }
}

await bench("local");
await bench("s3");
await s3.stop();
