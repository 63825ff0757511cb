/**
 * An exclusive lock held through a small SQLite file: it excludes other connections in
 * this process and other processes, and the OS releases it however the holder dies.
 * Used for "one serve per SQLite database" and for job leader locks on SQLite.
 */
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from "node:fs";
import { dirname } from "node:path";
import { Database as SqliteConnection } from "bun:sqlite";

export interface FileLock {
  release(): void;
}

/**
 * Creates `path` readable and writable by its owner only (0600), or tightens an existing
 * file to that, with the SQLite journals beside it. SQLite gives its -wal and -shm files
 * the database file's mode, so they follow. The database holds secrets sealed at rest and
 * hashes that must stay private, like master.key and the blobs beside it.
 */
export function ownerOnlyFile(path: string): void {
  closeSync(openSync(path, "a", 0o600));
  for (const file of [path, `${path}-wal`, `${path}-shm`]) if (existsSync(file)) chmodSync(file, 0o600);
}

/** Takes the lock at `path` without waiting; null when someone else holds it. */
export function tryFileLock(path: string): FileLock | null {
  mkdirSync(dirname(path), { recursive: true });
  ownerOnlyFile(path);
  const lock = new SqliteConnection(path, { create: true });
  try {
    lock.exec("PRAGMA busy_timeout = 0");
    lock.exec("PRAGMA locking_mode = EXCLUSIVE");
    lock.exec("BEGIN EXCLUSIVE");
  } catch {
    lock.close();
    return null;
  }
  return {
    release() {
      try {
        lock.exec("ROLLBACK");
      } catch {}
      lock.close();
    },
  };
}
