/**
 * Chromium for the browser tests: the Debian package (.ci/run installs it), driven by
 * playwright-core. Where no Chromium binary exists the browser suites skip with a
 * message instead of failing; anywhere else a launch failure is a real failure.
 */
import { describe } from "bun:test";
import { existsSync } from "node:fs";
import { chromium, type Browser } from "playwright-core";

/** SIGNET_CHROMIUM overrides the Debian path. */
export const CHROMIUM_PATH = process.env.SIGNET_CHROMIUM ?? "/usr/bin/chromium";
export const chromiumAvailable = existsSync(CHROMIUM_PATH);

/** `describe`, or `describe.skip` with a note saying why when there is no Chromium. */
export function describeInChromium(suite: string): typeof describe | typeof describe.skip {
  if (chromiumAvailable) return describe;
  console.warn(`${suite}: skipped, no Chromium binary at ${CHROMIUM_PATH} (install the Debian chromium package or set SIGNET_CHROMIUM)`);
  return describe.skip;
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: ["--no-sandbox"] });
}
