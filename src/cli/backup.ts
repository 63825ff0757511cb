/**
 * `signet admin backup --out FILE` and `signet admin restore --from FILE`
 * (docs/operations.md "Backups").
 *
 * On SQLite a backup is one gzipped tar: a consistent copy of the database taken while
 * `signet serve` keeps serving (VACUUM INTO reads one snapshot), then the local blobs
 * and the key file. Blobs are written before the row that names them commits, so every
 * file in the snapshot has its bytes. On PostgreSQL the database's own tools do it
 * (pg_dump, and the bucket's copy): the command says so rather than half-doing it.
 *
 * Restore writes such a file into an empty data dir (nothing is overwritten) and checks
 * the database with PRAGMA integrity_check before it says so.
 */
import { Database } from "bun:sqlite";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import type { Config } from "../config";
import { VERSION } from "../platform/deps";
import { KEY_FILE_NAME } from "../platform/crypto/secrets";
import { parseOptions } from "./args";
import { FatalError, UsageError } from "./errors";

const FORMAT = "signet-backup";
const DATABASE_ENTRY = "signet.db";
const BLOBS = "blobs";

interface Manifest {
  format: typeof FORMAT;
  version: string;
  createdAt: string;
  /** Bytes of the blobs in the archive; s3: the bucket is backed up on its own. */
  storage: "local" | "s3";
  blobCount: number;
  /** "file": the data dir's key file is in the archive; "environment": SIGNET_MASTER_KEY is needed to restore. */
  masterKey: "file" | "environment";
}

const POSTGRES_HINT =
  "on PostgreSQL, back up with pg_dump (pg_dump -Fc $SIGNET_DATABASE_URL > signet.dump) and the S3 bucket's own copy, and keep SIGNET_MASTER_KEY; see docs/operations.md \"Backups\"";

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(path));
    // A put's temporary file is not a blob yet (blobs/local.ts renames it into place).
    else if (entry.isFile() && !entry.name.endsWith(".part")) out.push(path);
  }
  return out;
}

export async function backupCommand(config: Config, args: string[]): Promise<number> {
  const options = parseOptions(args, ["out"]);
  if (!options.out) throw new UsageError("admin backup needs --out FILE (a .tar.gz to write)");
  if (config.database.dialect !== "sqlite") throw new FatalError(`admin backup copies SQLite installations; ${POSTGRES_HINT}`);
  if (!existsSync(config.database.path)) throw new FatalError(`no database at ${config.database.path}: nothing to back up (check SIGNET_DATA_DIR)`);
  if (existsSync(options.out)) throw new FatalError(`${options.out} already exists; choose a new file`);

  const work = mkdtempSync(join(tmpdir(), "signet-backup-"));
  try {
    // One read snapshot of the live database (WAL: the server keeps writing meanwhile).
    const snapshot = join(work, DATABASE_ENTRY);
    const source = new Database(config.database.path);
    try {
      source.run("pragma busy_timeout = 10000");
      source.run("vacuum into ?", [snapshot]);
    } finally {
      source.close();
    }
    // Bun.Archive takes contents, not paths (a BunFile is written empty): each file is read in.
    const entries: Record<string, Uint8Array | string> = { [DATABASE_ENTRY]: await Bun.file(snapshot).bytes() };
    const blobDir = join(config.dataDir, BLOBS);
    const blobs = config.storage.kind === "local" ? filesUnder(blobDir) : [];
    for (const path of blobs) entries[`${BLOBS}/${relative(blobDir, path)}`] = await Bun.file(path).bytes();
    const keyFile = join(config.dataDir, KEY_FILE_NAME);
    const masterKey = config.masterKey ? "environment" : "file";
    if (masterKey === "file") {
      if (!existsSync(keyFile)) throw new FatalError(`${keyFile} is missing: without it the secrets in the database cannot be read`);
      entries[KEY_FILE_NAME] = await Bun.file(keyFile).bytes();
    }
    const manifest: Manifest = { format: FORMAT, version: VERSION, createdAt: new Date().toISOString(), storage: config.storage.kind, blobCount: blobs.length, masterKey };
    entries["manifest.json"] = JSON.stringify(manifest, null, 2);
    mkdirSync(dirname(options.out), { recursive: true });
    const partial = `${options.out}.partial`;
    await Bun.Archive.write(partial, entries, { compress: "gzip" });
    await Bun.write(options.out, Bun.file(partial));
    rmSync(partial, { force: true });
    console.log(JSON.stringify({ backup: options.out, bytes: statSync(options.out).size, ...manifest }));
    return 0;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

export async function restoreCommand(config: Config, args: string[]): Promise<number> {
  const options = parseOptions(args, ["from"]);
  if (!options.from) throw new UsageError("admin restore needs --from FILE (a file written by admin backup)");
  if (config.database.dialect !== "sqlite") throw new FatalError(`admin restore writes SQLite installations; ${POSTGRES_HINT.replace("back up with pg_dump", "restore with pg_restore")}`);
  if (!existsSync(options.from)) throw new FatalError(`${options.from} does not exist`);
  for (const path of [config.database.path, join(config.dataDir, KEY_FILE_NAME), join(config.dataDir, BLOBS)])
    if (existsSync(path)) throw new FatalError(`${path} already exists: restore into an empty SIGNET_DATA_DIR (nothing is overwritten)`);

  let archive: Bun.Archive;
  let files: Map<string, File>;
  try {
    archive = new Bun.Archive(await Bun.file(options.from).bytes());
    files = await archive.files();
  } catch (e) {
    throw new FatalError(`${options.from} is not a backup written by admin backup (${(e as Error).message})`);
  }
  const manifestFile = files.get("manifest.json");
  const manifest = manifestFile ? (JSON.parse(await manifestFile.text()) as Manifest) : null;
  if (manifest?.format !== FORMAT || !files.has(DATABASE_ENTRY)) throw new FatalError(`${options.from} is not a backup written by admin backup (no manifest or database)`);
  if (manifest.masterKey === "environment" && !config.masterKey)
    throw new FatalError("this backup was taken with SIGNET_MASTER_KEY set: set the same key before restoring, or its secrets cannot be read");

  mkdirSync(config.dataDir, { recursive: true });
  // Extracted beside where it goes (same disk), checked, then moved into place.
  const staging = mkdtempSync(join(config.dataDir, ".restore-"));
  try {
    await archive.extract(staging);
    const db = new Database(join(staging, DATABASE_ENTRY), { readonly: true });
    const integrity = db.query("pragma integrity_check").all() as Array<{ integrity_check: string }>;
    db.close();
    if (integrity.length !== 1 || integrity[0]!.integrity_check !== "ok") throw new FatalError(`the database in ${options.from} fails integrity_check: ${JSON.stringify(integrity)}`);
    mkdirSync(dirname(config.database.path), { recursive: true });
    await Bun.write(config.database.path, Bun.file(join(staging, DATABASE_ENTRY)));
    const blobs = filesUnder(join(staging, BLOBS));
    for (const path of blobs) await Bun.write(join(config.dataDir, BLOBS, relative(join(staging, BLOBS), path)), Bun.file(path));
    if (manifest.masterKey === "file") {
      const keyPath = join(config.dataDir, KEY_FILE_NAME);
      await Bun.write(keyPath, Bun.file(join(staging, KEY_FILE_NAME)));
      chmodSync(keyPath, 0o600);
    }
    console.log(JSON.stringify({ restored: options.from, database: config.database.path, blobCount: blobs.length, takenAt: manifest.createdAt, takenBy: manifest.version }));
    return 0;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}
