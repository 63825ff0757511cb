/**
 * The one table `npm run bench` prints (test/bench/run.ts): the hot paths against their
 * ceilings and budgets.
 */

export interface Row {
  /** What was measured: a path, or a reference such as the bare Bun.serve ceiling. */
  path: string;
  requestsPerSecond: number | null;
  p50Ms: number | null;
  p99Ms: number | null;
  /**
   * CPU time the server process spent per answered request (user + system, all its
   * threads, from /proc): unlike req/s it hardly moves when other work shares the
   * machine, so it is what a change is judged by on a busy box.
   */
  cpuUsPerRequest?: number | null;
  /** The figure divided by what its budget is measured against (the ceiling, the peer), or null for a reference. */
  share: number | null;
  /** The budget in words ("≥ 0.8 of the ceiling"), or "reference". */
  budget: string;
  /** Whether the budget is met; null for a reference row. */
  met: boolean | null;
  /** Anything that makes the figure doubtful (non-2xx answers, socket errors). */
  note?: string;
}

const fixed = (value: number | null, digits: number) => (value === null || Number.isNaN(value) ? "-" : value.toFixed(digits));

/** The rows as a Markdown table, so the output pastes into docs/performance.md as it is. */
export function formatTable(rows: readonly Row[]): string {
  const header = ["path", "req/s", "p50 ms", "p99 ms", "CPU µs/req", "share", "budget", "met"];
  const cells = rows.map((row) => [
    row.path,
    row.requestsPerSecond === null ? "-" : String(Math.round(row.requestsPerSecond)),
    fixed(row.p50Ms, 2),
    fixed(row.p99Ms, 2),
    fixed(row.cpuUsPerRequest ?? null, 0),
    fixed(row.share, 2),
    row.budget,
    (row.met === null ? "-" : row.met ? "met" : "NOT MET") + (row.note ? ` (${row.note})` : ""),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (values: string[]) => `| ${values.map((v, i) => v.padEnd(widths[i]!)).join(" | ")} |`;
  return [line(header), `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`, ...cells.map(line)].join("\n");
}

