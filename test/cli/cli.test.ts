/**
 * The signet command as an operator meets it: help, one-line refusals for every
 * setting a person can get wrong, `migrate`, and one serve per SQLite database.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BUN, MAIN, envFor, runCli } from "../support/cli";
import { createTestApp, type TestApp } from "../support/harness";
import { testDialect } from "../support/database";

let t: TestApp;
let scratch: string;
beforeAll(async () => {
  t = await createTestApp();
  scratch = mkdtempSync(join(tmpdir(), "signet-cli-"));
});
afterAll(async () => {
  await t.close();
  rmSync(scratch, { recursive: true, force: true });
});

function expectOneLine(r: { code: number; stderr: string; stdout: string }, code: number, fragment: string | RegExp) {
  expect(r.code).toBe(code);
  const lines = r.stderr.trim().split("\n");
  expect(lines).toHaveLength(1);
  expect(lines[0]).toStartWith("signet: ");
  expect(lines[0]).toMatch(fragment);
  expect(r.stderr).not.toContain("    at ");
}

describe("help and usage", () => {
  test("--help lists the commands and every setting", async () => {
    const r = await runCli(["--help"]);
    expect(r.code).toBe(0);
    for (const word of ["serve", "migrate", "admin bootstrap", "admin outbox", "jobs list", "jobs run", "SIGNET_DATABASE_URL", "--trusted-proxies", "SIGNET_MASTER_KEY"])
      expect(r.stdout).toContain(word);
  });

  test("an unknown command exits 2 with one line", async () => {
    expectOneLine(await runCli(["frobnicate"]), 2, /unknown command "frobnicate"/);
  });
});

describe("invalid settings stop the process with one line naming the setting", () => {
  const cases: Array<[Record<string, string>, string[], RegExp]> = [
    [{ SIGNET_PORT: "eighty" }, [], /SIGNET_PORT \(--port\): must be an integer/],
    [{}, ["--port", "70000"], /SIGNET_PORT \(--port\)/],
    [{ SIGNET_DATABASE_URL: "mysql://db/x" }, [], /SIGNET_DATABASE_URL \(--database-url\): unsupported scheme/],
    [{ SIGNET_DATABASE_URL: "postgres://user:hunter2@/x" }, [], /SIGNET_DATABASE_URL .*not a valid PostgreSQL URL/],
    [{ SIGNET_TRUSTED_PROXIES: "10.0.0.0/99" }, [], /SIGNET_TRUSTED_PROXIES .*prefix/],
    [{ SIGNET_BASE_URL: "ftp://x" }, [], /SIGNET_BASE_URL .*http\(s\) URL/],
    [{ SIGNET_MASTER_KEY: "short" }, [], /SIGNET_MASTER_KEY .*32 bytes/],
    [{ SIGNET_STORAGE: "s3" }, [], /SIGNET_S3_BUCKET .*required/],
    [{ SIGNET_STORAGE: "floppy" }, [], /SIGNET_STORAGE .*local or s3/],
    [{ SIGNET_DEV: "maybe" }, [], /SIGNET_DEV \(--dev\): must be 1 or 0/],
    [{ SIGNET_SMTP_URL: "mail.example.com" }, [], /SIGNET_SMTP_URL/],
    [{ SIGNET_LOG_LEVEL: "loud" }, [], /SIGNET_LOG_LEVEL/],
  ];
  for (const [env, flags, message] of cases) {
    test(`${JSON.stringify(env)} ${flags.join(" ")}`, async () => {
      const r = await runCli(["serve", ...flags], { SIGNET_DATA_DIR: scratch, ...env });
      expectOneLine(r, 1, message);
      expect(r.stderr).not.toContain("hunter2");
    });
  }

  test("an unreachable PostgreSQL says so in one line", async () => {
    const r = await runCli(["migrate"], { SIGNET_DATA_DIR: scratch, SIGNET_DATABASE_URL: "postgres://signet:pw@127.0.0.1:1/signet" });
    expectOneLine(r, 1, /cannot reach PostgreSQL at postgres:\/\/signet:\*\*\*@127\.0\.0\.1:1\/signet/);
  });

  test("an unwritable data dir says so in one line", async () => {
    const file = join(scratch, "a-file");
    writeFileSync(file, "");
    const r = await runCli(["serve"], { SIGNET_DATA_DIR: join(file, "data") });
    expectOneLine(r, 1, /SIGNET_DATA_DIR \(--data-dir\): .* is not a writable directory/);
  });
});

describe("migrate", () => {
  test("applies migrations and is idempotent", async () => {
    for (let i = 0; i < 2; i++) {
      const r = await runCli(["migrate"], envFor(t));
      expect(r.code).toBe(0);
      expect(JSON.parse(r.stdout)).toMatchObject({ migrated: true, database: testDialect });
    }
  });
});

async function startServe(env: Record<string, string>) {
  const proc = Bun.spawn([BUN, MAIN, "serve", "--port", "0", "--host", "127.0.0.1"], {
    env: { PATH: process.env.PATH!, ...env },
    stdout: "pipe",
    stderr: "pipe",
  });
  // Wait for the start line, which carries the URL.
  const reader = proc.stdout.getReader();
  let text = "";
  const deadline = Date.now() + 15000;
  while (!text.includes("signet started") && Date.now() < deadline) {
    const { value, done } = await reader.read();
    if (done) break;
    text += new TextDecoder().decode(value);
  }
  reader.releaseLock();
  const line = text.split("\n").find((l) => l.includes("signet started"));
  if (!line) throw new Error(`serve did not start: ${text} ${await new Response(proc.stderr).text()}`);
  return { proc, url: JSON.parse(line).url as string };
}

describe("serve", () => {
  test(testDialect === "sqlite" ? "a second serve on the same SQLite data dir refuses to start" : "a second serve on the same PostgreSQL database starts (nodes are stateless)", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "signet-serve-"));
    const env: Record<string, string> = testDialect === "sqlite" ? { SIGNET_DATA_DIR: dataDir } : { SIGNET_DATA_DIR: dataDir, SIGNET_DATABASE_URL: t.database.url };
    const first = await startServe(env);
    try {
      expect((await fetch(`${first.url}/readyz`)).status).toBe(200);
      if (testDialect === "sqlite") {
        const second = await runCli(["serve", "--port", "0"], env);
        expectOneLine(second, 1, /another signet serve \(pid \d+\) is already using .*signet\.db/);
        // Admin commands still work beside the running server.
        const boot = await runCli(["admin", "bootstrap", "--email", "ops@example.com", "--org", "Ops"], env);
        expect(boot.code).toBe(0);
      } else {
        const second = await startServe(env);
        expect((await fetch(`${second.url}/readyz`)).status).toBe(200);
        second.proc.kill("SIGTERM");
        expect(await second.proc.exited).toBe(0);
      }
    } finally {
      first.proc.kill("SIGTERM");
      expect(await first.proc.exited).toBe(0);
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test("the master key file is created with mode 0600", async () => {
    const { statSync } = await import("node:fs");
    const mode = statSync(join(t.config.dataDir, "master.key")).mode & 0o777;
    expect(mode).toBe(0o600);
  });
});
