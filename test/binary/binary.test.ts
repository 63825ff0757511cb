/**
 * Boots the compiled binary as a self-hoster would: a free port, an empty data dir,
 * nothing else (test/binary/support.ts).
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { VERSION } from "../../src/context";
import { testDialect } from "../support/database";
import { startBinary, type RunningBinary } from "./support";

let server: RunningBinary;
let base = "";
let startMs = 0;

beforeAll(async () => {
  server = await startBinary();
  ({ base, startMs } = server);
  console.log(`binary ${server.binary}: ${(Bun.file(server.binary).size / 1024 / 1024).toFixed(1)} MiB, first 200 on /healthz ${startMs.toFixed(0)} ms after spawn`);
}, 120_000);

afterAll(() => server?.stop());

// The start-time budget (DESIGN §11, under 1 s) is measured by test/bench/startup.ts, not
// asserted here: a timed test fails on a loaded CI machine without anything being wrong.
test("starts on an empty data dir and reports how long that took", () => {
  expect(startMs).toBeGreaterThan(0);
});

test("/healthz answers with the version", async () => {
  const r = await fetch(`${base}/healthz`);
  expect(r.status).toBe(200);
  expect(await r.json()).toEqual({ status: "ok", version: VERSION });
  expect(r.headers.get("x-request-id")).toBeTruthy();
});

test("signet --version prints the version /healthz reports", async () => {
  const r = await server.cli(["--version"]);
  expect({ code: r.code, stdout: r.stdout.trim() }).toEqual({ code: 0, stdout: VERSION });
});

test("/readyz: the embedded migrations were applied", async () => {
  const r = await fetch(`${base}/readyz`);
  expect(r.status).toBe(200);
  expect(await r.json()).toEqual({ status: "ready", database: testDialect });
});

test.skipIf(testDialect !== "sqlite")("the data dir's database, journals and key are readable by their owner only", () => {
  const files = readdirSync(server.dataDir).filter((f) => /^(signet\.db(-wal|-shm)?|master\.key)$/.test(f));
  expect(files.sort()).toEqual(["master.key", "signet.db", "signet.db-shm", "signet.db-wal"]);
  for (const f of files) expect({ f, mode: (statSync(join(server.dataDir, f)).mode & 0o777).toString(8) }).toEqual({ f, mode: "600" });
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
  const child = server.process;
  child.kill("SIGTERM");
  const code = await Promise.race([child.exited, Bun.sleep(10_000).then(() => "timeout")]);
  const stderr = await new Response(child.stderr).text();
  expect({ code, stderr }).toEqual({ code: 0, stderr: "" });
  await server.drained;
  expect(server.logs().map((l) => l.msg)).toContain("signet stopping");
}, 15_000);
