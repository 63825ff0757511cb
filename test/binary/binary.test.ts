/**
 * Boots the compiled binary as a self-hoster would: a free port, an empty data dir,
 * nothing else. SIGNET_BINARY names a binary to test; without it one is built here.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { VERSION } from "../../src/context";

const root = resolve(import.meta.dir, "../..");
const scratch = mkdtempSync(join(tmpdir(), "signet-binary-"));
let binary = process.env.SIGNET_BINARY ? resolve(process.env.SIGNET_BINARY) : "";

let server: Bun.Subprocess<"ignore", "pipe", "pipe">;
let base = "";
let startMs = 0;

function freePort(): number {
  const probe = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response() });
  const port = probe.port!;
  probe.stop(true);
  return port;
}

beforeAll(async () => {
  if (!binary) {
    binary = join(scratch, "signet");
    const build = Bun.spawnSync([process.execPath, join(root, "build/compile.ts"), binary], { cwd: root, stdout: "pipe", stderr: "pipe" });
    if (build.exitCode !== 0) throw new Error(`build/compile.ts failed:\n${build.stdout}${build.stderr}`);
  }
  const port = freePort();
  base = `http://127.0.0.1:${port}`;
  const started = performance.now();
  // Run from the scratch dir so nothing in the checkout (node_modules, embedded-ui) can stand in for what the binary embeds.
  server = Bun.spawn([binary, "serve"], {
    cwd: scratch,
    env: { PATH: process.env.PATH ?? "", SIGNET_DATA_DIR: join(scratch, "data"), SIGNET_HOST: "127.0.0.1", SIGNET_PORT: String(port) },
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
  });
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the binary exited with ${server.exitCode}: ${await new Response(server.stderr).text()}`);
    if (performance.now() - started > 10_000) throw new Error("the binary did not answer /healthz within 10 s");
    const ok = await fetch(`${base}/healthz`).then((r) => r.status === 200, () => false);
    if (ok) break;
    await Bun.sleep(5);
  }
  startMs = performance.now() - started;
  console.log(`binary ${binary}: ${(Bun.file(binary).size / 1024 / 1024).toFixed(1)} MiB, first 200 on /healthz ${startMs.toFixed(0)} ms after spawn`);
}, 120_000);

afterAll(() => {
  if (server && server.exitCode === null) server.kill("SIGKILL");
  rmSync(scratch, { recursive: true, force: true });
});

test("starts in under a second on an empty data dir", () => {
  expect(startMs).toBeLessThan(1000);
});

test("/healthz answers with the version", async () => {
  const r = await fetch(`${base}/healthz`);
  expect(r.status).toBe(200);
  expect(await r.json()).toEqual({ status: "ok", version: VERSION });
  expect(r.headers.get("x-request-id")).toBeTruthy();
});

test("/readyz: the embedded migrations were applied", async () => {
  const r = await fetch(`${base}/readyz`);
  expect(r.status).toBe(200);
  expect(await r.json()).toEqual({ status: "ready", database: "sqlite" });
});

test("/swagger/json is the OpenAPI document", async () => {
  const r = await fetch(`${base}/swagger/json`);
  expect(r.status).toBe(200);
  const doc: any = await r.json();
  expect(doc.openapi).toMatch(/^3\./);
  expect(doc.info).toMatchObject({ title: "Signet API", version: VERSION });
  expect(doc.paths["/healthz"].get.tags).toEqual(["System"]);
});

test("/swagger serves Swagger UI from the binary's own assets", async () => {
  const page = await fetch(`${base}/swagger`);
  expect(page.status).toBe(200);
  const html = await page.text();
  const refs = [...html.matchAll(/<(?:script|link)\b[^>]*?\b(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
  expect(refs.length).toBe(2);
  for (const ref of refs) {
    expect(ref).not.toMatch(/^(https?:)?\/\//);
    const asset = await fetch(new URL(ref, `${base}/swagger`));
    expect(asset.status).toBe(200);
    expect(asset.headers.get("content-type")).toMatch(/^text\/(javascript|css)/);
    expect((await asset.arrayBuffer()).byteLength).toBeGreaterThan(100_000);
  }
});

test("/ serves the dashboard built into the binary", async () => {
  const page = await fetch(`${base}/`);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain("<h1>Signet</h1>");
  expect(html).toContain(VERSION);
  expect(html).toContain('href="/swagger"');
  const refs = [...html.matchAll(/(?:src|href)="(\/ui\/[^"]+)"/g)].map((m) => m[1]!);
  expect(refs.length).toBe(2);
  for (const ref of refs) expect((await fetch(`${base}${ref}`)).status).toBe(200);
});

test("SIGTERM stops it cleanly", async () => {
  server.kill("SIGTERM");
  const code = await Promise.race([server.exited, Bun.sleep(10_000).then(() => "timeout")]);
  const stderr = await new Response(server.stderr).text();
  expect({ code, stderr }).toEqual({ code: 0, stderr: "" });
  const logs = (await new Response(server.stdout).text()).trim().split("\n").map((line) => JSON.parse(line));
  expect(logs.map((l) => l.msg)).toContain("signet stopping");
}, 15_000);
