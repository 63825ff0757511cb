/**
 * An exclusive lock held through a small SQLite file: it excludes other connections in
 * this process and other processes, and the OS releases it however the holder dies.
 * Used for "one serve per SQLite database" and for job leader locks on SQLite.
 */
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { Database as SqliteConnection } from "bun:sqlite";

export interface FileLock {
  release(): void;
}

/** Takes the lock at `path` without waiting; null when someone else holds it. */
export function tryFileLock(path: string): FileLock | null {
  mkdirSync(dirname(path), { recursive: true });
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
