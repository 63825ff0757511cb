/**
 * GET /api/public/apps/{applicationKey}/login-methods: methods, branding and portal URLs
 * of an application, never a secret; 404 for unknown or disabled keys; CORS only for
 * the application's Allowed Origins.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { eq } from "drizzle-orm";
import { appGroups } from "../../../../src/modules/customers/apps/schema";
import { createTestApp, type TestApp } from "../../../support/harness";
import { orgApi } from "../apps/support";
import { createFixture, type Fixture } from "./flows-support";
import { ORIGIN } from "./support";

// Fresh apps and sealed organizations take a few seconds on a busy PostgreSQL.
setDefaultTimeout(30_000);

let t: TestApp;
let fx: Fixture;
beforeAll(async () => {
  t = await createTestApp({ env: { SIGNET_TURNSTILE_SITE_KEY: "0x4AAAAAAA-site-key", SIGNET_TURNSTILE_SECRET: "0x4AAAAAAA-secret-never-shown" } });
  fx = await createFixture(t, "owner@methods.example", "Methods Co");
});
afterAll(() => t.close());

describe("login-methods", () => {
  test("defaults: magic link and passkey on, no social, SMS MFA off, bot protection off; brand and portal URLs", async () => {
    const r = await fx.call("GET", "/login-methods");
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      application: { key: fx.clientKey, name: fx.application.name, platform: "web", environment: "production" },
      appGroup: { key: fx.group.groupKey, name: "Methods Co brand", description: null },
      methods: { magicLink: true, passkey: true, social: [], smsMfa: "off", botProtection: { enabled: false, provider: null, siteKey: null } },
      branding: { name: "Methods Co brand", iconUrl: null, brandColor: null, primaryColor: null, backgroundColor: null, textColor: null, heroTitle: null, heroSubtitle: null },
      portal: { loginUrl: `${t.config.portalBase}/login/${fx.clientKey}`, verifyUrl: `${t.config.portalBase}/login/${fx.clientKey}/verify` },
    });
    expect(r.headers.get("access-control-allow-origin")).toBe(ORIGIN);
  });

  test("follows the app group: switches, branding, social providers that are enabled and complete, bot protection with the site key", async () => {
    await fx.updateGroup({
      description: "Our brand",
      brandColor: "#112233",
      iconUrl: "https://cdn.example.com/icon.png",
      branding: { primaryColor: "#445566", heroTitle: "Welcome back", heroSubtitle: "Sign in to continue" },
      loginMethods: { passkey: false, smsMfa: "optional" },
      botProtection: true,
      socialProviders: {
        google: { clientId: "google-client", clientSecret: "google-secret-value" },
        kakao: { clientId: "kakao-client" },
        naver: { clientId: "naver-client", clientSecret: "naver-secret-value", enabled: false },
      },
    });
    const r = await fx.call("GET", "/login-methods");
    expect(r.status).toBe(200);
    expect(r.body.methods).toEqual({
      magicLink: true,
      passkey: false,
      social: ["google", "kakao"],
      smsMfa: "optional",
      botProtection: { enabled: true, provider: "turnstile", siteKey: "0x4AAAAAAA-site-key" },
    });
    expect(r.body.appGroup.description).toBe("Our brand");
    expect(r.body.branding).toMatchObject({ brandColor: "#112233", iconUrl: "https://cdn.example.com/icon.png", primaryColor: "#445566", heroTitle: "Welcome back", heroSubtitle: "Sign in to continue" });
    // Never a secret, a client id, or the application's allowlists.
    for (const secret of ["google-secret-value", "naver-secret-value", "google-client", "kakao-client", "secret-never-shown", "callback", "allowedOrigins"]) {
      expect(r.text).not.toContain(secret);
    }
  });

  test("an enabled provider whose secret is missing is not offered", async () => {
    const [group] = await t.ctx.db.read.select().from(appGroups).where(eq(appGroups.id, fx.group.id));
    await t.ctx.db.write((tx) =>
      tx
        .update(appGroups)
        .set({ socialProviders: { ...group!.socialProviders, github: { enabled: true, clientId: "gh", clientSecretSealed: null } } })
        .where(eq(appGroups.id, fx.group.id)),
    );
    const r = await fx.call("GET", "/login-methods");
    expect(r.body.methods.social).toEqual(["google", "kakao"]);
  });

  test("unknown key, a disabled application, a deleted app group: 404", async () => {
    expect((await t.request("GET", "/api/public/apps/client_unknown/login-methods")).status).toBe(404);
    expect((await t.request("GET", `/api/public/apps/${"x".repeat(300)}/login-methods`)).status).toBe(404);
    const other = await createFixture(t, "owner2@methods.example", "Gone Co");
    const api = orgApi(t, other.org);
    expect((await api("PATCH", `/applications/${other.application.id}/status`, other.org.owner.token, { status: "disabled" })).status).toBe(200);
    expect((await other.call("GET", "/login-methods")).status).toBe(404);
    const third = await createFixture(t, "owner3@methods.example", "Deleted Co");
    expect((await orgApi(t, third.org)("DELETE", `/app-groups/${third.group.id}`, third.org.owner.token)).status).toBe(200);
    expect((await third.call("GET", "/login-methods")).status).toBe(404);
  });

  test("CORS: a foreign origin gets no Allow-Origin header, and its preflight is 403", async () => {
    const r = await fx.call("GET", "/login-methods", undefined, { origin: "https://evil.example.net" });
    expect(r.status).toBe(200);
    expect(r.headers.get("access-control-allow-origin")).toBeNull();
    const preflight = await t.request("OPTIONS", `/api/public/apps/${fx.clientKey}/auth/magic-link/send`, {
      headers: { origin: "https://evil.example.net", "access-control-request-method": "POST" },
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers.get("access-control-allow-origin")).toBeNull();
    const allowed = await t.request("OPTIONS", `/api/public/apps/${fx.clientKey}/auth/magic-link/send`, {
      headers: { origin: ORIGIN, "access-control-request-method": "POST", "access-control-request-headers": "content-type" },
    });
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get("access-control-allow-origin")).toBe(ORIGIN);
  });
});
