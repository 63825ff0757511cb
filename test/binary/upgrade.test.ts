/**
 * Rolling upgrade (docs/operations.md "Upgrades"): the binary under test plays the
 * running release; the next release is the same tree with one more migration, additive
 * as the rule requires (a new table and a nullable column), compiled here. While the
 * running release serves a write load, the next one runs `signet migrate`: no request
 * fails. Then the next release serves beside it (PostgreSQL) or in its place (SQLite),
 * everything written before is there, and the running release, restarted, refuses the
 * newer schema with a message that says so (the rule: roll forward).
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { requestOverSocket, startBinary, type RunningBinary } from "./support";

const root = resolve(import.meta.dir, "../..");
const onPostgres = !!process.env.SIGNET_TEST_DATABASE_URL;
const work = mkdtempSync(join(tmpdir(), "signet-upgrade-"));
const started: RunningBinary[] = [];
let nextBinary = "";

/** The next release: this tree plus migration 9999, additive on both dialects. */
function buildNextRelease(): string {
  const tree = join(work, "next");
  for (const part of ["src", "migrations", "embedded-ui", "build", "package.json", "tsconfig.json", "bunfig.toml"]) cpSync(join(root, part), join(tree, part), { recursive: true });
  symlinkSync(join(root, "node_modules"), join(tree, "node_modules"));
  const statements = "CREATE TABLE upgrade_probe (id text PRIMARY KEY, note text);\n--> statement-breakpoint\nALTER TABLE organizations ADD COLUMN upgrade_note text;\n";
  let index = readFileSync(join(tree, "migrations/index.ts"), "utf8");
  for (const dialect of ["sqlite", "postgres"]) {
    writeFileSync(join(tree, `migrations/${dialect}/9999_rolling_upgrade_probe.sql`), statements);
    index = `import ${dialect}_9999 from "./${dialect}/9999_rolling_upgrade_probe.sql" with { type: "text" };\n${index}`;
    // Each dialect's list ends with its newest migration: the next one goes after it.
    index = index.replace(new RegExp(`(\\{ id: "\\d+_[a-z0-9_]+", sql: ${dialect}_\\d+_[a-z0-9_]+ \\},\\n)(\\];)`), `$1  { id: "9999_rolling_upgrade_probe", sql: ${dialect}_9999 },\n$2`);
  }
  if ((index.match(/9999_rolling_upgrade_probe", sql/g) ?? []).length !== 2) throw new Error("could not add the next release's migration to migrations/index.ts");
  writeFileSync(join(tree, "migrations/index.ts"), index);
  const out = join(work, "signet-next");
  const build = Bun.spawnSync([process.execPath, join(tree, "build/compile.ts"), out], { cwd: tree, stdout: "pipe", stderr: "pipe" });
  if (build.exitCode !== 0) throw new Error(`building the next release failed:\n${build.stdout}${build.stderr}`);
  return out;
}

beforeAll(() => {
  nextBinary = buildNextRelease();
}, 120_000);

afterAll(async () => {
  await Promise.all(started.map((s) => s.stop()));
  rmSync(work, { recursive: true, force: true });
});

async function run(binary: string, env: Record<string, string>, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const p = Bun.spawn([binary, ...args], { env, stdout: "pipe", stderr: "pipe" });
  const [stdout, stderr, code] = await Promise.all([new Response(p.stdout).text(), new Response(p.stderr).text(), p.exited]);
  return { code, stdout, stderr };
}

test("the next release migrates while this one serves; both serve; this one, restarted, refuses the newer schema", async () => {
  const masterKey = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("hex");
  const current = await startBinary({ env: { SIGNET_MASTER_KEY: masterKey } });
  started.push(current);
  const boot = await current.cli(["admin", "bootstrap", "--email", "owner@upgrade.example", "--org", "Upgrade Co"]);
  expect(boot.code).toBe(0);
  const { slug, sessionToken } = JSON.parse(boot.stdout);
  const onCurrent = requestOverSocket(current);
  const keys: string[] = [];
  const failures: string[] = [];
  let loading = true;
  const load = (async () => {
    for (let n = 0; loading && n < 400; n++) {
      const key = await onCurrent("POST", `/api/org/${slug}/settings/keys/api-keys`, { token: sessionToken, json: { scopes: ["org.member.list"] } });
      if (key.status !== 201) failures.push(`${key.status} ${JSON.stringify(key.body)}`);
      else {
        keys.push(key.body.id);
        const revoked = await onCurrent("DELETE", `/api/org/${slug}/settings/keys/api-keys/${key.body.id}`, { token: sessionToken });
        if (revoked.status !== 200) failures.push(`${revoked.status}`);
      }
      if ((await onCurrent("GET", `/api/org/${slug}/members`, { token: sessionToken })).status !== 200) failures.push("read");
    }
  })();
  await Bun.sleep(300);
  const migrated = await run(nextBinary, current.env, ["migrate"]);
  expect(migrated.stderr).toBe("");
  expect(migrated.code).toBe(0);
  await Bun.sleep(300);
  loading = false;
  await load;
  expect(failures).toEqual([]);
  expect(keys.length).toBeGreaterThan(0);

  // The next release serves the same installation: beside this one on PostgreSQL; on SQLite, one serve holds the file, so in its place.
  if (!onPostgres) {
    current.process.kill("SIGTERM");
    await current.process.exited;
  }
  const next = await startBinary({ database: current.env.SIGNET_DATABASE_URL ?? "sqlite", scratch: onPostgres ? undefined : current.scratch, binary: nextBinary, env: { SIGNET_MASTER_KEY: masterKey } });
  started.push(next);
  const onNext = requestOverSocket(next);
  const listed = await onNext("GET", `/api/org/${slug}/settings/keys/api-keys`, { token: sessionToken });
  expect(listed.status).toBe(200);
  if (onPostgres) {
    // Both write, each sees the other's writes.
    const fromNext = await onNext("POST", `/api/org/${slug}/settings/keys/api-keys`, { token: sessionToken, json: { scopes: ["org.member.list"] } });
    expect(fromNext.status).toBe(201);
    expect(JSON.stringify((await onCurrent("GET", `/api/org/${slug}/settings/keys/api-keys`, { token: sessionToken })).body)).toContain(fromNext.body.id);
  }
  // The running release, started again on the newer schema, refuses and says why.
  const again = await run(current.binary, current.env, ["migrate"]);
  expect(again.code).not.toBe(0);
  expect(again.stderr).toContain("migrated by a newer Signet");
}, 120_000);
