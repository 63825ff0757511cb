/** Structured JSON logs, one object per line. */
import { writeSync } from "node:fs";

export type LogLevel = "debug" | "info" | "warn" | "error" | "silent";
const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
}

/** Buffered lines are flushed when the buffer grows past this, else at the end of the event-loop turn. */
const FLUSH_BYTES = 64 * 1024;

/**
 * Writes lines to a file descriptor in batches: the access log writes a line per
 * request, and one write(2) per line would cost a busy server a system call per request.
 * Lines written in one turn of the event loop go out together right after it; whatever is
 * left when the process exits is written synchronously then.
 */
export function batchedLineWriter(fd: number): (line: string) => void {
  let pending: string[] = [];
  let size = 0;
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (pending.length === 0) return;
    const text = pending.join("");
    pending = [];
    size = 0;
    try {
      writeSync(fd, text);
    } catch {
      // A closed stdout (a detached service) must not take the server down with it.
    }
  };
  process.once("exit", flush);
  return (line) => {
    pending.push(line + "\n");
    size += line.length + 1;
    if (size >= FLUSH_BYTES) return flush();
    if (!scheduled) {
      scheduled = true;
      setImmediate(flush);
    }
  };
}

let stdoutWriter: ((line: string) => void) | null = null;

export function createLogger(level: LogLevel, write?: (line: string) => void): Logger {
  const out = write ?? (stdoutWriter ??= batchedLineWriter(1));
  const emit = (at: Exclude<LogLevel, "silent">) => (msg: string, fields: Record<string, unknown> = {}) => {
    if (RANK[at] < RANK[level]) return;
    out(JSON.stringify({ time: new Date().toISOString(), level: at, msg, ...fields }));
  };
  return { debug: emit("debug"), info: emit("info"), warn: emit("warn"), error: emit("error") };
}
