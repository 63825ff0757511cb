/**
 * safeReturnUrl: a return address is followed only to this deployment's own origins
 * (base URL, dashboard, portal); everything else is ignored (null), never followed.
 */
import { describe, expect, test } from "bun:test";
import { loadConfig } from "../../../src/config";
import { safeReturnUrl } from "../../../src/modules/identity/return-url";

const config = loadConfig({
  SIGNET_BASE_URL: "https://api.signet.example",
  SIGNET_DASHBOARD_BASE: "https://dash.signet.example",
  SIGNET_PORTAL_BASE: "https://login.signet.example:8443",
});

describe("safeReturnUrl", () => {
  test.each([
    ["https://dash.signet.example/orgs/acme?tab=keys#top", "https://dash.signet.example/orgs/acme?tab=keys#top"],
    ["https://api.signet.example/api/auth/session", "https://api.signet.example/api/auth/session"],
    ["https://login.signet.example:8443/login/app_1", "https://login.signet.example:8443/login/app_1"],
    ["HTTPS://DASH.signet.example/x", "https://dash.signet.example/x"],
    ["https://dash.signet.example:443/x", "https://dash.signet.example/x"],
    // A path on this deployment resolves against the dashboard.
    ["/orgs/acme/settings", "https://dash.signet.example/orgs/acme/settings"],
    ["/", "https://dash.signet.example/"],
    ["/a/../b?x=1", "https://dash.signet.example/b?x=1"],
    // Dot segments that collapse into "//" stay on the dashboard's origin.
    ["/.//evil.example", "https://dash.signet.example//evil.example"],
  ])("%s is followed as %s", (value, expected) => {
    expect(safeReturnUrl(config, value)).toBe(expected);
  });

  test.each([
    ["another origin", "https://evil.example/phish"],
    ["a look-alike host", "https://dash.signet.example.evil.example/"],
    ["another scheme on our host", "http://dash.signet.example/"],
    ["another port on our host", "https://dash.signet.example:8443/"],
    ["the portal host on its default port", "https://login.signet.example/"],
    ["protocol-relative", "//evil.example/x"],
    ["protocol-relative with three slashes", "///evil.example"],
    ["backslash", "/\\evil.example"],
    ["backslashes", "\\\\evil.example"],
    ["a backslash in an absolute URL", "https://dash.signet.example\\@evil.example"],
    ["userinfo on our host", "https://user:pass@dash.signet.example/"],
    ["our host as userinfo", "https://dash.signet.example@evil.example/"],
    ["javascript:", "javascript:alert(document.cookie)"],
    ["JavaScript: with case and spaces", " JavaScript:alert(1)"],
    ["data:", "data:text/html,<script>alert(1)</script>"],
    ["a tab that browsers strip", "/\t/evil.example"],
    ["a newline", "/x\n"],
    ["scheme without slashes", "https:evil.example"],
    ["a bare host", "evil.example"],
    ["a relative path", "orgs/acme"],
    ["a query only", "?x=1"],
    ["empty", ""],
    ["too long", "/" + "a".repeat(2048)],
  ])("%s is ignored", (_, value) => {
    expect(safeReturnUrl(config, value)).toBeNull();
  });

  test("nothing given is nothing to follow", () => {
    expect(safeReturnUrl(config, undefined)).toBeNull();
    expect(safeReturnUrl(config, null)).toBeNull();
  });
});
