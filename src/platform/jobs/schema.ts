import { col, table } from "../db/kit";

/** One row per job: the last schedule slot claimed, so a slot runs once across nodes. */
export const jobState = table("job_state", {
  name: col.id("name"),
  lastSlotAt: col.time(),
  updatedAt: col.time().notNull(),
});

/** Every run, with its outcome. */
export const jobRuns = table(
  "job_runs",
  {
    id: col.id(),
    job: col.text().notNull(),
    /** The schedule slot this run served (null for a manual run). */
    slotAt: col.time(),
    trigger: col.text().$type<"schedule" | "catch-up" | "manual">().notNull(),
    startedAt: col.time().notNull(),
    endedAt: col.time(),
    outcome: col.text().$type<"running" | "ok" | "error">().notNull(),
    error: col.text(),
  },
  [{ name: "job_runs_job_started_idx", on: ["job", "startedAt"] }],
);
