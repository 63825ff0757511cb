/**
 * `signet admin backup` and `signet admin restore` on SQLite (docs/operations.md
 * "Backups"): a backup taken while the node serves a write load, restored into a fresh
 * data dir; there sign-in works, the files download byte for byte and the chain
 * verifies. SQLite on both binary passes (the PostgreSQL recipe, pg_dump plus the
 * bucket, is checked in cluster.test.ts).
 */
import { afterAll, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { downloadedSha256, requestOverSocket, signInByMagicLink, startBinary, verifyChain, type RunningBinary } from "./support";

let source: RunningBinary;
let restored: RunningBinary | undefined;
const work = mkdtempSync(join(tmpdir(), "signet-backup-test-"));
afterAll(async () => {
  await source?.stop();
  await restored?.stop();
  rmSync(work, { recursive: true, force: true });
});

async function cli(binary: string, dataDir: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const run = Bun.spawn([binary, ...args], { env: { PATH: process.env.PATH ?? "", SIGNET_DATA_DIR: dataDir }, stdout: "pipe", stderr: "pipe" });
  const [stdout, stderr, code] = await Promise.all([new Response(run.stdout).text(), new Response(run.stderr).text(), run.exited]);
  return { code, stdout, stderr };
}

test("a backup taken while serving restores into a fresh data dir: sign-in, downloads and the chain work there", async () => {
  source = await startBinary({ database: "sqlite", dev: true });
  const boot = await source.cli(["admin", "bootstrap", "--email", "owner@backup.example", "--org", "Backup Co"]);
  expect(boot.code).toBe(0);
  const { slug, sessionToken } = JSON.parse(boot.stdout);
  const request = requestOverSocket(source);
  const files: Array<{ id: string; sha256: string }> = [];
  const uploadOne = async (size: number) => {
    const bytes = crypto.getRandomValues(new Uint8Array(size));
    const form = new FormData();
    form.append("file", new Blob([bytes]), `kept-${size}.bin`);
    const up = await request("POST", `/api/org/${slug}/files`, { token: sessionToken, body: form });
    expect(up.status).toBe(200);
    return { id: up.body.id as string, sha256: createHash("sha256").update(bytes).digest("hex") };
  };
  for (let i = 1; i <= 5; i++) files.push(await uploadOne(i * 10_000));
  const keysBefore: string[] = [];
  for (let i = 0; i < 5; i++) keysBefore.push((await request("POST", `/api/org/${slug}/settings/keys/api-keys`, { token: sessionToken, json: { scopes: ["org.member.list"] } })).body.id);

  // Writers keep going while the backup runs: it must still be one consistent snapshot.
  let writing = true;
  const during = (async () => {
    let n = 0;
    while (writing && n < 200) {
      const key = await request("POST", `/api/org/${slug}/settings/keys/api-keys`, { token: sessionToken, json: { scopes: ["org.member.list"] } });
      if (key.status === 201) await request("DELETE", `/api/org/${slug}/settings/keys/api-keys/${key.body.id}`, { token: sessionToken });
      n++;
    }
  })();
  const out = join(work, "signet-backup.tar.gz");
  const backup = await source.cli(["admin", "backup", "--out", out]);
  writing = false;
  await during;
  expect(backup.stderr).toBe("");
  expect(backup.code).toBe(0);
  expect(JSON.parse(backup.stdout)).toMatchObject({ backup: out, storage: "local", blobCount: 5, masterKey: "file" });
  // An existing file is never overwritten.
  expect((await source.cli(["admin", "backup", "--out", out])).code).not.toBe(0);

  // Restore into a fresh data dir.
  const scratch = join(work, "restored-scratch");
  const restore = await cli(source.binary, join(scratch, "data"), ["admin", "restore", "--from", out]);
  expect(restore.stderr).toBe("");
  expect(restore.code).toBe(0);
  expect(JSON.parse(restore.stdout)).toMatchObject({ blobCount: 5 });
  // A second restore into the same (now full) data dir is refused.
  const again = await cli(source.binary, join(scratch, "data"), ["admin", "restore", "--from", out]);
  expect(again.code).not.toBe(0);
  expect(again.stderr).toContain("already exists");

  restored = await startBinary({ database: "sqlite", dev: true, scratch });
  const there = requestOverSocket(restored);
  // The session the backup carried still works, and a new sign-in does too.
  expect((await there("GET", "/api/auth/session", { token: sessionToken })).status).toBe(200);
  const signedIn = await signInByMagicLink(restored, "owner@backup.example");
  expect((await there("GET", "/api/auth/session", { headers: { cookie: signedIn.cookie } })).status).toBe(200);
  const keys = await there("GET", `/api/org/${slug}/settings/keys/api-keys`, { token: sessionToken });
  expect(keys.status).toBe(200);
  for (const id of keysBefore) expect(JSON.stringify(keys.body)).toContain(id);
  for (const f of files) expect(await downloadedSha256(restored.base, slug, sessionToken, f.id)).toBe(f.sha256);
  expect(await verifyChain(restored, slug)).toMatchObject({ code: 0, report: { intact: true, problemCount: 0 } });
}, 90_000);

test("restore refuses a file that is not a backup, and leaves the data dir empty", async () => {
  const junk = join(work, "junk.tar.gz");
  await Bun.write(junk, "not an archive");
  const dataDir = join(work, "junk-target");
  const r = await cli(source.binary, dataDir, ["admin", "restore", "--from", junk]);
  expect(r.code).not.toBe(0);
  expect(r.stderr).toContain("is not a backup written by admin backup");
  expect(existsSync(join(dataDir, "signet.db"))).toBe(false);
});
