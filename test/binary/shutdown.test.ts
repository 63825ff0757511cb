/**
 * Graceful shutdown (docs/operations.md "Stopping a node"): on SIGTERM the binary stops
 * accepting connections, lets requests under way finish (a slow upload included), ends
 * the job scheduler and exits 0 within a bound.
 */
import { afterAll, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { rmSync } from "node:fs";
import { connect } from "node:net";
import { downloadedSha256, startBinary, type RunningBinary } from "./support";

/** The shutdown must end within this once in-flight work is done (the binary's own grace period is longer). */
const EXIT_BOUND_MS = 5000;

let node: RunningBinary;
/** The first test's data dir, kept across its restart. */
let scratch = "";
afterAll(async () => {
  await node?.stop();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

/** Whether a new TCP connection to the server is accepted (fetch would reuse a kept-alive one). */
function acceptsConnection(base: string): Promise<boolean> {
  const url = new URL(base);
  return new Promise((resolve) => {
    const socket = connect(Number(url.port), url.hostname);
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/** Sends a multipart upload over a raw socket, its body in `parts` pieces `gapMs` apart; resolves with the status line and body. */
function slowUpload(base: string, path: string, token: string, bytes: Uint8Array, parts: number, gapMs: number, onFirstPart: () => void): Promise<{ status: number; body: string }> {
  const boundary = "----signet-shutdown";
  const head = Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="slow.bin"\r\ncontent-type: application/octet-stream\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const body = Buffer.concat([head, Buffer.from(bytes), tail]);
  const url = new URL(base);
  return new Promise((resolve) => {
    const socket = connect(Number(url.port), url.hostname);
    let answer = "";
    socket.on("data", (d) => (answer += d.toString("latin1")));
    // A connection the server cut ends in "close" too, which answers what was read.
    socket.on("error", () => {});
    socket.on("close", () => {
      const status = Number(answer.slice(9, 12));
      resolve({ status, body: answer.slice(answer.indexOf("\r\n\r\n") + 4) });
    });
    socket.on("connect", async () => {
      socket.write(
        `POST ${path} HTTP/1.1\r\nhost: ${url.host}\r\nauthorization: Bearer ${token}\r\nconnection: close\r\n` +
          `content-type: multipart/form-data; boundary=${boundary}\r\ncontent-length: ${body.length}\r\n\r\n`,
      );
      const size = Math.ceil(body.length / parts);
      for (let i = 0; i < parts && !socket.destroyed; i++) {
        socket.write(body.subarray(i * size, (i + 1) * size));
        if (i === 0) onFirstPart();
        await Bun.sleep(gapMs);
      }
    });
  });
}

test("SIGTERM: no new connections, the upload under way finishes, exit 0 within the bound", async () => {
  node = await startBinary({ database: "sqlite" });
  const boot = await node.cli(["admin", "bootstrap", "--email", "owner@shutdown.example", "--org", "Shutdown Co"]);
  expect(boot.code).toBe(0);
  const { slug, sessionToken } = JSON.parse(boot.stdout);
  const bytes = crypto.getRandomValues(new Uint8Array(256 * 1024));
  let signalledAt = 0;
  // Eight pieces 400 ms apart: the upload is still under way when the listener has closed.
  const upload = slowUpload(node.base, `/api/org/${slug}/files`, sessionToken, bytes, 8, 400, () => {
    signalledAt = performance.now();
    node.process.kill("SIGTERM");
  });
  // Once the signal is in, new connections are refused while the upload goes on.
  const refusedMs = await (async () => {
    for (;;) {
      if (!(await acceptsConnection(node.base))) return performance.now() - signalledAt;
      // Within 2.5 s, while the upload (eight pieces over 3.2 s) is still arriving.
      if (performance.now() - signalledAt > 2500) throw new Error("still accepting connections 2.5 s after SIGTERM");
      await Bun.sleep(20);
    }
  })();
  // A client still holding a kept-alive connection is told the node is leaving.
  const ready = await fetch(`${node.base}/readyz`).then((r) => r.json(), () => ({ error: "shutting_down" }));
  expect(ready.error).toBe("shutting_down");
  const uploaded = await upload;
  expect(uploaded.status).toBe(200);
  const fileId = JSON.parse(uploaded.body).id as string;
  const code = await Promise.race([node.process.exited, Bun.sleep(EXIT_BOUND_MS + 2000).then(() => "still running")]);
  const exitMs = performance.now() - signalledAt;
  expect(code).toBe(0);
  expect(exitMs).toBeLessThan(EXIT_BOUND_MS);
  console.log(`shutdown: refused new connections after ${Math.round(refusedMs)} ms, exited ${Math.round(exitMs)} ms after SIGTERM (the upload took ~3.2 s)`);
  await node.drained;
  expect(node.logs().map((l) => l.msg)).toContain("signet stopping");

  // The upload was kept: started again, the node serves its bytes.
  scratch = node.scratch;
  node = await startBinary({ database: "sqlite", scratch, port: Number(new URL(node.base).port) });
  expect(await downloadedSha256(node.base, slug, sessionToken, fileId)).toBe(createHash("sha256").update(bytes).digest("hex"));
}, 60_000);

test("SIGTERM with a client that never finishes: the node exits once the grace period (SIGNET_SHUTDOWN_GRACE) runs out", async () => {
  await node?.stop();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
  scratch = "";
  node = await startBinary({ database: "sqlite", env: { SIGNET_SHUTDOWN_GRACE: "2" } });
  const boot = await node.cli(["admin", "bootstrap", "--email", "owner@stuck.example", "--org", "Stuck Co"]);
  expect(boot.code).toBe(0);
  const { slug, sessionToken } = JSON.parse(boot.stdout);
  let signalledAt = 0;
  // Eight pieces 10 s apart: it would take 80 s.
  const stuck = slowUpload(node.base, `/api/org/${slug}/files`, sessionToken, new Uint8Array(64 * 1024), 8, 10_000, () => {
    signalledAt = performance.now();
    node.process.kill("SIGTERM");
  });
  const code = await Promise.race([node.process.exited, Bun.sleep(8000).then(() => "still running")]);
  const exitMs = performance.now() - signalledAt;
  expect(code).toBe(0);
  expect(exitMs).toBeGreaterThanOrEqual(1900);
  expect(exitMs).toBeLessThan(2000 + EXIT_BOUND_MS);
  expect((await stuck).status).not.toBe(200);
  await node.drained;
  expect(node.logs().map((l) => l.msg)).toContain("shutdown grace ran out: closing the connections still open");
}, 30_000);
