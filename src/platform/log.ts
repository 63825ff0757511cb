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

/** Buffered lines are flushed when the buffer grows past this, else FLUSH_INTERVAL_MS after the first of them. */
const FLUSH_BYTES = 64 * 1024;
/**
 * How long a line may wait for others to share its write. A flush per turn of the event
 * loop still made write(2) the hottest frame of a /healthz profile (a turn holds only a
 * few requests); this bounds what a killed process (SIGKILL) can lose to 20 ms of lines.
 */
export const FLUSH_INTERVAL_MS = 20;

/**
 * Writes lines to a file descriptor in batches: the access log writes a line per
 * request, and one write(2) per line would cost a busy server a system call per request.
 * Lines go out together at most FLUSH_INTERVAL_MS after the first of them (sooner once
 * FLUSH_BYTES are waiting); whatever is left when the process exits is written then.
 */
export function batchedLineWriter(fd: number): (line: string) => void {
  let pending: string[] = [];
  let size = 0;
  let scheduled: ReturnType<typeof setTimeout> | null = null;
  const flush = () => {
    if (scheduled) clearTimeout(scheduled);
    scheduled = null;
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
    // Unreferenced: a pending flush never keeps the process alive (exit flushes anyway).
    if (!scheduled) scheduled = setTimeout(flush, FLUSH_INTERVAL_MS).unref();
  };
}

/** The ISO time of a millisecond, made once per millisecond: a busy server logs many lines in each. */
let lastMs = -1;
let lastIso = "";
function isoNow(): string {
  const now = Date.now();
  if (now !== lastMs) {
    lastMs = now;
    lastIso = new Date(now).toISOString();
  }
  return lastIso;
}

let stdoutWriter: ((line: string) => void) | null = null;

export function createLogger(level: LogLevel, write?: (line: string) => void): Logger {
  const out = write ?? (stdoutWriter ??= batchedLineWriter(1));
  const emit = (at: Exclude<LogLevel, "silent">) => {
    // The line is the object { time, level, msg, ...fields }, written without first copying the
    // fields into a new object (the access log writes one line per request).
    const head = `","level":${JSON.stringify(at)},"msg":`;
    return (msg: string, fields?: Record<string, unknown>) => {
      if (RANK[at] < RANK[level]) return;
      const rest = fields === undefined ? "}" : JSON.stringify(fields);
      out(`{"time":"${isoNow()}${head}${JSON.stringify(msg)}${rest.length > 2 ? `,${rest.slice(1)}` : "}"}`);
    };
  };
  return { debug: emit("debug"), info: emit("info"), warn: emit("warn"), error: emit("error") };
}
