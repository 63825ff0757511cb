import { col, table } from "../db/kit";

/**
 * Fixed-window counters for rate limits that must hold across nodes (magic-link and
 * OTP sends, link requests). `id` is the limit's key, e.g. "magic-link:email:a@b.c".
 */
export const rateCounters = table(
  "rate_counters",
  {
    id: col.id(),
    windowStart: col.time().notNull(),
    count: col.int().notNull(),
  },
  [{ name: "rate_counters_window_idx", on: ["windowStart"] }],
);
