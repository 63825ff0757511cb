/**
 * A single node on SQLite killed with `kill -9` while many clients write (API keys, each
 * with its audit event, and uploads): after a restart on the same data dir every
 * acknowledged write is there, `PRAGMA integrity_check` answers ok, the audit chain
 * verifies and the files' bytes match (docs/operations.md "Faults"). SQLite on both
 * binary passes: the crash is SQLite's.
 */
import { afterAll, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { createHash } from "node:crypto";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { downloadedSha256, requestOverSocket, startBinary, verifyChain, type RunningBinary } from "./support";

let node: RunningBinary;
let scratch = "";
afterAll(async () => {
  await node?.stop();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

test("kill -9 under concurrent writers: acknowledged writes survive, integrity_check ok, the chain verifies", async () => {
  node = await startBinary({ database: "sqlite" });
  scratch = node.scratch;
  const boot = await node.cli(["admin", "bootstrap", "--email", "owner@crash.example", "--org", "Crash Co", "--plan", "business"]);
  expect(boot.code).toBe(0);
  const { slug, sessionToken } = JSON.parse(boot.stdout);
  const request = requestOverSocket(node);
  const keys: string[] = [];
  const files: Array<{ id: string; sha256: string }> = [];
  let failedAfterKill = 0;
  let killed = false;

  const writer = async (w: number) => {
    for (let n = 0; !killed; n++) {
      try {
        if ((w + n) % 2 === 0) {
          const key = await request("POST", `/api/org/${slug}/settings/keys/api-keys`, { token: sessionToken, json: { scopes: ["org.member.list"] } });
          if (key.status !== 201) throw new Error(`${key.status}`);
          keys.push(key.body.id);
          // Revoked at once: an organization holds at most 100 live keys.
          await request("DELETE", `/api/org/${slug}/settings/keys/api-keys/${key.body.id}`, { token: sessionToken });
        } else {
          const bytes = crypto.getRandomValues(new Uint8Array(2048 + n * 97));
          const form = new FormData();
          form.append("file", new Blob([bytes]), `crash-${w}-${n}.bin`);
          const up = await request("POST", `/api/org/${slug}/files`, { token: sessionToken, body: form });
          if (up.status !== 200) throw new Error(`${up.status}`);
          files.push({ id: up.body.id, sha256: createHash("sha256").update(bytes).digest("hex") });
        }
      } catch {
        if (!killed) throw new Error("a write failed before the kill");
        failedAfterKill++;
        return;
      }
    }
  };
  const writers = Array.from({ length: 16 }, (_, w) => writer(w));
  // Let the writers get going (bounded), then kill the node mid-write.
  const start = performance.now();
  while (keys.length + files.length < 60 && performance.now() - start < 10_000) await Bun.sleep(20);
  killed = true;
  node.process.kill("SIGKILL");
  await node.process.exited;
  await Promise.all(writers);
  console.log(`crash: ${keys.length} keys and ${files.length} files acknowledged, ${failedAfterKill} requests cut by the kill`);
  expect(keys.length + files.length).toBeGreaterThanOrEqual(60);

  // Restarted on the same data dir, it recovers the WAL and serves.
  const port = Number(new URL(node.base).port);
  node = await startBinary({ database: "sqlite", scratch, port });
  const db = new Database(join(node.dataDir, "signet.db"), { readonly: true });
  try {
    expect(db.query("pragma integrity_check").all()).toEqual([{ integrity_check: "ok" }]);
    const present = new Set(db.query("select id from api_keys").all().map((r: any) => r.id as string));
    for (const id of keys) expect(present.has(id)).toBe(true);
    const audited = db.query("select payload from audit_events where type = 'org.api_key.created'").all().map((r: any) => String(r.payload));
    for (const id of keys) expect(audited.filter((p) => p.includes(id)).length).toBe(1);
    const stored = new Map(db.query("select id, sha256 from files").all().map((r: any) => [r.id as string, r.sha256 as string]));
    for (const f of files) expect(stored.get(f.id)).toBe(f.sha256);
  } finally {
    db.close();
  }
  for (const f of files.slice(0, 10)) expect(await downloadedSha256(node.base, slug, sessionToken, f.id)).toBe(f.sha256);
  expect(await verifyChain(node, slug)).toMatchObject({ code: 0, report: { intact: true, problemCount: 0 } });
}, 90_000);
