import type { Clock } from "../../src/platform/clock";

/** A clock tests move by hand; time never passes on its own. */
export class TestClock implements Clock {
  constructor(private current = Date.parse("2026-01-15T12:00:00.000Z")) {}
  now(): number {
    return this.current;
  }
  advance(ms: number): void {
    this.current += ms;
  }
  set(ms: number | string): void {
    this.current = typeof ms === "string" ? Date.parse(ms) : ms;
  }
}

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
