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

/**
 * An idle kept-alive connection: one /healthz answered on it, then nothing sent. Resolves
 * `closed` with whatever the server wrote after that answer once the server closes it.
 */
async function idleKeptAliveConnection(base: string): Promise<{ closed: Promise<string> }> {
  const url = new URL(base);
  const socket = connect(Number(url.port), url.hostname);
  let received = "";
  let answered: () => void;
  const firstAnswer = new Promise<void>((resolve) => (answered = resolve));
  const closed = new Promise<string>((resolve) => socket.on("close", () => resolve(received.slice(received.indexOf("\r\n\r\n") + 4).replace(/^\{[^}]*\}/, ""))));
  socket.on("error", () => {});
  socket.on("data", (d) => {
    received += d.toString("latin1");
    if (received.includes('"status":"ok"')) answered();
  });
  socket.on("connect", () => socket.write(`GET /healthz HTTP/1.1\r\nhost: ${url.host}\r\n\r\n`));
  await firstAnswer;
  return { closed };
}

/**
 * Sends a multipart upload over a raw socket, its body in `parts` pieces `gapMs` apart;
 * resolves with the final status line and body. It asks for `100 Continue` and writes
 * the body only once that arrives: the server then has the request under way, so the
 * signal sent after the first piece (`onFirstPart`) finds it in flight. (A connection
 * whose request the server has not yet begun to read is closed at the signal, like an
 * idle one, and its client retries elsewhere.)
 */
function slowUpload(base: string, path: string, token: string, bytes: Uint8Array, parts: number, gapMs: number, onFirstPart: () => void): Promise<{ status: number; body: string }> {
  const url = new URL(base);
  const { headers, body } = uploadRequest(url, path, token, bytes);
  return new Promise((resolve) => {
    const socket = connect(Number(url.port), url.hostname);
    let answer = "";
    let writing = false;
    const writeBody = async () => {
      const size = Math.ceil(body.length / parts);
      for (let i = 0; i < parts && !socket.destroyed; i++) {
        socket.write(body.subarray(i * size, (i + 1) * size));
        if (i === 0) onFirstPart();
        await Bun.sleep(gapMs);
      }
    };
    socket.on("data", (d) => {
      answer += d.toString("latin1");
      if (!writing && answer.startsWith("HTTP/1.1 100 Continue\r\n\r\n")) {
        writing = true;
        void writeBody();
      }
    });
    // A connection the server cut ends in "close" too, which answers what was read.
    socket.on("error", () => {});
    socket.on("close", () => resolve(parseAnswer(answer)));
    socket.on("connect", () => socket.write(headers.replace("\r\n\r\n", "\r\nexpect: 100-continue\r\n\r\n")));
  });
}

/** A multipart upload of `bytes` as one file: its request line and headers, and its body. */
function uploadRequest(url: URL, path: string, token: string, bytes: Uint8Array): { headers: string; body: Buffer } {
  const boundary = "----signet-shutdown";
  const head = Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="slow.bin"\r\ncontent-type: application/octet-stream\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const body = Buffer.concat([head, Buffer.from(bytes), tail]);
  const headers =
    `POST ${path} HTTP/1.1\r\nhost: ${url.host}\r\nauthorization: Bearer ${token}\r\nconnection: close\r\n` +
    `content-type: multipart/form-data; boundary=${boundary}\r\ncontent-length: ${body.length}\r\n\r\n`;
  return { headers, body };
}

/** The status line's code and the body of a raw HTTP/1.1 answer (0 when nothing came). */
function parseAnswer(answer: string): { status: number; body: string } {
  const final = answer.replace(/^HTTP\/1\.1 100 Continue\r\n\r\n/, "");
  return { status: Number(final.slice(9, 12)), body: final.slice(final.indexOf("\r\n\r\n") + 4) };
}

test("SIGTERM: no new connections, idle kept-alive ones closed, the upload under way finishes, exit 0 within the bound", async () => {
  node = await startBinary({ database: "sqlite" });
  const boot = await node.cli(["admin", "bootstrap", "--email", "owner@shutdown.example", "--org", "Shutdown Co"]);
  expect(boot.code).toBe(0);
  const { slug, sessionToken } = JSON.parse(boot.stdout);
  const bytes = crypto.getRandomValues(new Uint8Array(256 * 1024));
  const idle = await idleKeptAliveConnection(node.base);
  let signalledAt = 0;
  let signal: () => void;
  const signalled = new Promise<void>((resolve) => (signal = resolve));
  // Eight pieces 400 ms apart: the upload is still under way when the listener has closed.
  const upload = slowUpload(node.base, `/api/org/${slug}/files`, sessionToken, bytes, 8, 400, () => {
    signalledAt = performance.now();
    node.process.kill("SIGTERM");
    signal();
  });
  await signalled;
  // Once the signal is in, new connections are refused while the upload goes on.
  const refusedMs = await (async () => {
    for (;;) {
      if (!(await acceptsConnection(node.base))) return performance.now() - signalledAt;
      // Within 2.5 s, while the upload (eight pieces over 3.2 s) is still arriving.
      if (performance.now() - signalledAt > 2500) throw new Error("still accepting connections 2.5 s after SIGTERM");
      await Bun.sleep(20);
    }
  })();
  // A kept-alive connection with no request under way is closed without a word, so its
  // client (a load balancer's pool) opens the next one elsewhere.
  expect(await idle.closed).toBe("");
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

test("SIGTERM arriving together with a whole request (the node paused while both came): the request is answered, not cut", async () => {
  await node?.stop();
  node = await startBinary({ database: "sqlite" });
  const boot = await node.cli(["admin", "bootstrap", "--email", "owner@together.example", "--org", "Together Co"]);
  expect(boot.code).toBe(0);
  const { slug, sessionToken } = JSON.parse(boot.stdout);
  const url = new URL(node.base);
  const socket = connect(Number(url.port), url.hostname);
  await new Promise((resolve) => socket.once("connect", resolve));
  let answer = "";
  socket.on("data", (d) => (answer += d.toString("latin1")));
  socket.on("error", () => {});
  const closed = new Promise((resolve) => socket.on("close", resolve));
  // Paused, the node has neither read the request nor seen the signal when it resumes.
  node.process.kill("SIGSTOP");
  const { headers, body } = uploadRequest(url, `/api/org/${slug}/files`, sessionToken, new TextEncoder().encode("sent with the signal"));
  socket.write(headers);
  socket.write(body);
  await Bun.sleep(50);
  node.process.kill("SIGTERM");
  await Bun.sleep(50);
  node.process.kill("SIGCONT");
  await closed;
  const uploaded = parseAnswer(answer);
  expect(uploaded.status).toBe(200);
  expect(JSON.parse(uploaded.body).id).toBeString();
  expect(await node.process.exited).toBe(0);
}, 30_000);
