/**
 * callbackAllowed and originAllowed (spec 2.3): exact match or same origin, and every
 * open-redirect trick refused: protocol-relative, credentials, scheme tricks, encoded
 * and whitespace-smuggled variants.
 */
import { describe, expect, test } from "bun:test";
import { callbackAllowed, originAllowed, validateOrigin, validateRedirectUrl } from "../../../../src/modules/customers/apps/validation";

const app = {
  callbackUrls: ["https://good.com/auth/callback", "http://localhost:3000/cb", "com.example.app:/oauth"],
  allowedOrigins: ["https://good.com", "http://localhost:3000"],
};

/** Tricks that must never pass as a callback, nor be registered as one. */
const OPEN_REDIRECTS = [
  "//evil.com",
  "//evil.com/auth/callback",
  "///evil.com",
  "https://evil.com@good.com/auth/callback",
  "https://good.com@evil.com/auth/callback",
  "https://good.com%40evil.com/",
  "https://good.com%2F@evil.com/",
  "https:%2F%2Fevil.com",
  "https:/evil.com",
  "https:evil.com",
  "https:\\\\evil.com",
  "https://good.com\\@evil.com",
  "/\\evil.com",
  "%2F%2Fevil.com",
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  "java\tscript:alert(1)",
  "java%0ascript:alert(1)",
  " javascript:alert(1)",
  "javascript://good.com/%0Aalert(1)",
  "data:text/html,<script>alert(1)</script>",
  "vbscript:msgbox(1)",
  "http://evil.com/auth/callback",
  "https://good.com/auth/callback#frag",
  "https://goo\u0000d.com/",
  "",
];

describe("callbackAllowed", () => {
  test("exact match, or the same origin as a registered web callback", () => {
    expect(callbackAllowed(app, "https://good.com/auth/callback")).toBe(true);
    expect(callbackAllowed(app, "https://good.com/somewhere/else?x=1")).toBe(true);
    expect(callbackAllowed(app, "https://GOOD.com/auth/callback")).toBe(true);
    expect(callbackAllowed(app, "https://good.com:443/x")).toBe(true);
    expect(callbackAllowed(app, "http://localhost:3000/other")).toBe(true);
    expect(callbackAllowed(app, "com.example.app:/oauth")).toBe(true);
  });

  test("a private-use scheme callback matches exactly only", () => {
    expect(callbackAllowed(app, "com.example.app:/other")).toBe(false);
  });

  test("refuses every open-redirect trick, and anything that is not a string", () => {
    const elsewhere = ["https://good.com.evil.com/auth/callback", "https://good.com:444/auth/callback", "http://good.com/auth/callback", "https://evil.com/auth/callback"];
    for (const bad of [...OPEN_REDIRECTS, ...elsewhere]) expect({ bad, allowed: callbackAllowed(app, bad) }).toEqual({ bad, allowed: false });
    for (const bad of [null, undefined, 42, ["https://good.com/auth/callback"], { href: "https://good.com/" }]) expect(callbackAllowed(app, bad)).toBe(false);
    expect(callbackAllowed({ callbackUrls: [] }, "https://good.com/auth/callback")).toBe(false);
  });

  test("registration refuses the same tricks", () => {
    for (const bad of OPEN_REDIRECTS) {
      expect(() => validateRedirectUrl(bad, "callbackUrls[0]", { allowPrivateScheme: true })).toThrow();
    }
  });
});

describe("originAllowed", () => {
  test("exact scheme, host and port of an Allowed Origin", () => {
    expect(originAllowed(app, "https://good.com")).toBe(true);
    expect(originAllowed(app, "http://localhost:3000")).toBe(true);
    for (const bad of ["https://evil.com", "http://good.com", "https://good.com:8443", "https://sub.good.com", "https://good.com.evil.com", "null", "", null, undefined, "https://good.com/path", "https://user@good.com"]) {
      expect({ bad, allowed: originAllowed(app, bad) }).toEqual({ bad, allowed: false });
    }
  });

  test("registration takes only bare https origins (http on loopback) and canonicalises them", () => {
    expect(validateOrigin("https://App.Example.com", "o")).toBe("https://app.example.com");
    expect(validateOrigin("https://app.example.com/", "o")).toBe("https://app.example.com");
    expect(validateOrigin("https://app.example.com:443", "o")).toBe("https://app.example.com");
    expect(validateOrigin("http://127.0.0.1:5173", "o")).toBe("http://127.0.0.1:5173");
    for (const bad of ["http://app.example.com", "https://app.example.com/login", "https://app.example.com?x", "https://*.example.com", "app.example.com", "//app.example.com", "ftp://app.example.com", "https://u:p@app.example.com"]) {
      expect(() => validateOrigin(bad, "o")).toThrow();
    }
  });
});
