/**
 * The responsiveness check the hostile-input tests share (DESIGN §7: bad input costs the
 * server nothing), over the readings of startHealthProbe (support.ts, health-probe.ts).
 */
import { expect } from "bun:test";
import type { HealthReadings } from "./support";

/** The event loop was never held (DESIGN §7: bad input costs nothing): under 100 ms of main-thread CPU in any round trip. */
export const EVENT_LOOP_HOLD_MS = 100;
/**
 * And nothing waited without working (a lock, a queue): every round trip within this bound,
 * loose because on a shared machine a round trip may wait for a core (see health-probe.ts).
 */
export const ROUND_TRIP_BOUND_MS = 2_000;

/** One line for the log, and the two bounds checked. */
export function expectResponsive(label: string, readings: HealthReadings): void {
  const slowest = Math.max(...readings.roundTripMs);
  const busiest = Math.max(...readings.mainThreadCpuMs);
  console.log(`${label}: /healthz probed ${readings.roundTripMs.length} times, slowest ${slowest.toFixed(1)} ms, at most ${busiest} ms of main-thread CPU in one round trip`);
  expect(readings.roundTripMs.length).toBeGreaterThan(0);
  expect(busiest).toBeLessThan(EVENT_LOOP_HOLD_MS);
  expect(slowest).toBeLessThan(ROUND_TRIP_BOUND_MS);
}
