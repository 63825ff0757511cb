/**
 * The beacon's in-process state, on its own: the per application and IP minute windows
 * (over HTTP in-process every request has the same unknown IP, so IPs are told apart
 * here), the 30-minute session rollover and the path and referrer rules. No database.
 */
import { describe, expect, test } from "bun:test";
import { domainOf, pathnameOf } from "../../../src/modules/analytics/beacon";
import { MinuteRateLimiter, SessionTracker } from "../../../src/modules/analytics/ingest";
import { RateLimitedError } from "../../../src/platform/http/errors";
import { MINUTE, SECOND } from "../../support/clock";

describe("MinuteRateLimiter", () => {
  test("120 a minute per key; other IPs and applications are counted apart; the next minute starts afresh", () => {
    const limiter = new MinuteRateLimiter(120);
    const start = 10 * MINUTE;
    for (let i = 0; i < 120; i++) limiter.take("app-1|203.0.113.1", start);
    let refused: unknown;
    try {
      limiter.take("app-1|203.0.113.1", start + 45 * SECOND);
    } catch (e) {
      refused = e;
    }
    expect(refused).toBeInstanceOf(RateLimitedError);
    expect((refused as RateLimitedError).retryAfterSeconds).toBe(15);
    expect(() => limiter.take("app-1|203.0.113.2", start + 45 * SECOND)).not.toThrow();
    expect(() => limiter.take("app-2|203.0.113.1", start + 45 * SECOND)).not.toThrow();
    expect(() => limiter.take("app-1|203.0.113.1", start + MINUTE)).not.toThrow();
  });
});

describe("SessionTracker", () => {
  test("a session idle for exactly 30 minutes continues; past 30 it rolls over, per app group", () => {
    const sessions = new SessionTracker();
    const t0 = 1_000_000;
    expect(sessions.storedSessionId("g1", "s", t0)).toBe("s");
    expect(sessions.storedSessionId("g1", "s", t0 + 30 * MINUTE)).toBe("s");
    expect(sessions.storedSessionId("g1", "s", t0 + 60 * MINUTE + 1)).toBe("s.1");
    expect(sessions.storedSessionId("g1", "s", t0 + 61 * MINUTE)).toBe("s.1");
    expect(sessions.storedSessionId("g2", "s", t0 + 200 * MINUTE)).toBe("s");
    // An event older than the latest seen does not roll the session back.
    expect(sessions.storedSessionId("g1", "s", t0 + 62 * MINUTE - 45 * MINUTE)).toBe("s.1");
  });
});

describe("pathnameOf and domainOf", () => {
  test("the fast paths agree with the URL parser", () => {
    const viaUrl = (v: string) => new URL(v, "http://beacon.invalid").pathname;
    for (const path of ["/", "/a/b/", "/docs/page-3?x=1", "/a#top", "/a/./b", "/a/../b", "/.well-known/x", "//evil.example/x", "/a b", "/%41", "/ü", "relative", "?q"]) {
      expect(pathnameOf(path)).toBe(viaUrl(path));
    }
    expect(domainOf("https://www.Google.com/search?q=x")).toBe("www.google.com");
    expect(domainOf("http://a.example:8080")).toBe("a.example");
    expect(domainOf("https://user:pw@host.example/")).toBe("host.example");
    expect(domainOf("https://bücher.example/")).toBe("xn--bcher-kva.example");
    expect(domainOf("host.example")).toBe("host.example");
    expect(domainOf("http://")).toBeNull();
  });
});
