/**
 * Custom login domains through HTTP (spec 5.8, 4.4, 4.1; docs/custom-domains.md): the
 * settings section, verification against a real DNS server on loopback (dns2, asked over
 * the wire through SIGNET_DNS_SERVERS), auto-configure against a FAKE of Cloudflare's DNS
 * API (support.ts), the resolve route, and serving by Host.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { setOrganizationPlan } from "../../../../src/modules/orgs/service";
import { addMember, createAppGroup, createOrg, type SignedInUser, type TestOrg } from "../../../support/accounts";
import { createTestApp, type TestApp } from "../../../support/harness";
import { eventsOf as unordered } from "../apps/support";
import { createSignInFixture, type SignInFixture } from "../end-users/support";
import { mailedLink } from "../end-users/flows-support";
import { seedFile } from "../../storage/sharing/support";
import { onHost, startDnsServer, startFakeCloudflare, TARGET, TARGET_V4, TARGET_V6, type CloudflareFake, type DnsPeer } from "./support";

/** The events of a type in chain order (the test clock gives them one time; PostgreSQL returns rows in no set order). */
const eventsOf = async (app: TestApp, org: TestOrg, type: string) => (await unordered(app, org, type)).sort((a: any, b: any) => Number(a.seq) - Number(b.seq));

const CF_TOKEN = "cf-token-7f3a9c1e5b2d4f6a8c0e";

let t: TestApp;
let dns: DnsPeer;
let cf: CloudflareFake;
let fx: SignInFixture;
let other: SignInFixture;
let member: SignedInUser;

beforeAll(async () => {
  dns = await startDnsServer();
  cf = startFakeCloudflare(dns, CF_TOKEN);
  t = await createTestApp({
    env: {
      SIGNET_BASE_URL: "https://signet.test",
      SIGNET_CUSTOM_DOMAIN_TARGET: TARGET,
      SIGNET_DNS_SERVERS: dns.server,
      SIGNET_CLOUDFLARE_API_BASE: cf.apiBase,
    },
  });
  fx = await createSignInFixture(t, "owner@brand.example", "Brand");
  other = await createSignInFixture(t, "owner@rival.example", "Rival");
  for (const slug of [fx.org.slug, other.org.slug]) await setOrganizationPlan(t.ctx, { kind: "operator" }, { slug, plan: "pro" });
  member = await addMember(t, fx.org, "member@brand.example");
}, 60_000);

afterAll(async () => {
  await t?.close();
  cf?.stop();
  await dns?.close();
});

const putDomains = (org: TestOrg, entries: unknown[], token = org.owner.token) =>
  t.request("PUT", `/api/org/${org.slug}/settings/domains`, { token, json: { customLoginDomains: entries } });
const verify = (org: TestOrg, appGroupId: string, token = org.owner.token) =>
  t.request("POST", `/api/org/${org.slug}/settings/domains/verify?appGroupId=${encodeURIComponent(appGroupId)}`, { token });
const status = (org: TestOrg) => t.request("GET", `/api/org/${org.slug}/settings/domains`, { token: org.owner.token });
const resolve = (query: string) => t.request("GET", `/api/public/custom-domains/resolve?${query}`);

/** Adds `domain` for the fixture's group and creates both records in the DNS server; returns the token. */
async function addAndPublish(f: SignInFixture, domain: string, records: "cname" | "apex" = "cname"): Promise<string> {
  const r = await putDomains(f.org, [{ domain, appGroupId: f.group.id }]);
  expect(r.status).toBe(200);
  const s = await status(f.org);
  const entry = s.body.customLoginDomains.find((d: any) => d.domain === domain);
  const token: string = entry.records[0].value;
  dns.set(`_service-challenge.${domain}`, { TXT: [token] });
  dns.set(domain, records === "cname" ? { CNAME: TARGET } : { A: TARGET_V4, AAAA: TARGET_V6 });
  return token;
}

describe("PUT settings/domains", () => {
  test("needs Pro to add: 403 UPGRADE_REQUIRED on Free; keeping and removing stay free after a downgrade", async () => {
    const free = await createOrg(t, "owner@free.example", "Free Co");
    const group = await createAppGroup(t, free, "Free brand");
    const r = await putDomains(free, [{ domain: "login.free.example", appGroupId: group.id }]);
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ error: "UPGRADE_REQUIRED", feature: "custom_login_domain" });

    await setOrganizationPlan(t.ctx, { kind: "operator" }, { slug: free.slug, plan: "pro" });
    expect((await putDomains(free, [{ domain: "login.free.example", appGroupId: group.id }])).status).toBe(200);
    await setOrganizationPlan(t.ctx, { kind: "operator" }, { slug: free.slug, plan: "free" });
    expect((await putDomains(free, [{ domain: "login.free.example", appGroupId: group.groupKey }])).status).toBe(200);
    const second = await createAppGroup(t, free, "Second");
    const add = await putDomains(free, [
      { domain: "login.free.example", appGroupId: group.id },
      { domain: "two.free.example", appGroupId: second.id },
    ]);
    expect(add.status).toBe(403);
    const removed = await putDomains(free, []);
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ customLoginDomains: [] });
  });

  test("normalises case, a trailing dot and unicode; stores the group id (a groupKey is accepted); the event has before and after", async () => {
    const r = await putDomains(fx.org, [{ domain: "Login.Brand.Example.", appGroupId: fx.group.groupKey }]);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ customLoginDomains: [{ domain: "login.brand.example", appGroupId: fx.group.id }] });
    const [event] = (await eventsOf(t, fx.org, "org.settings.domains_updated")).slice(-1);
    expect(event!.payload).toEqual({ before: { customLoginDomains: [] }, after: r.body });
    const idn = await putDomains(fx.org, [{ domain: "BÜCHER.example", appGroupId: fx.group.id }]);
    expect(idn.body.customLoginDomains[0].domain).toBe("xn--bcher-kva.example");
    const mixed = await putDomains(fx.org, [{ domain: "bücher.xn--p1ai", appGroupId: fx.group.id }]);
    expect(mixed.body.customLoginDomains[0].domain).toBe("xn--bcher-kva.xn--p1ai");
    expect((await putDomains(fx.org, [])).status).toBe(200);
  });

  test("bad input is 400 naming the field", async () => {
    const g = fx.group.id;
    const cases: Array<[unknown, string, string]> = [
      ["https://login.brand.example", "customLoginDomains[0].domain", "invalid_hostname"],
      ["login.brand.example/path", "customLoginDomains[0].domain", "invalid_hostname"],
      ["login.brand.example:8443", "customLoginDomains[0].domain", "invalid_hostname"],
      ["203.0.113.5", "customLoginDomains[0].domain", "invalid_hostname"],
      ["[2001:db8::1]", "customLoginDomains[0].domain", "invalid_hostname"],
      ["*.brand.example", "customLoginDomains[0].domain", "invalid_hostname"],
      ["localhost", "customLoginDomains[0].domain", "invalid_hostname"],
      ["xn--zz.example", "customLoginDomains[0].domain", "invalid_hostname"],
      ["ab--cd.example", "customLoginDomains[0].domain", "invalid_hostname"],
      ["a b.example", "customLoginDomains[0].domain", "invalid_hostname"],
      ["", "customLoginDomains[0].domain", "invalid_request"],
      ["signet.test", "customLoginDomains[0].domain", "reserved_hostname"],
      [TARGET, "customLoginDomains[0].domain", "reserved_hostname"],
      [`x.${TARGET}`, "customLoginDomains[0].domain", "reserved_hostname"],
    ];
    for (const [domain, field, error] of cases) {
      const r = await putDomains(fx.org, [{ domain, appGroupId: g }]);
      expect({ domain, status: r.status, error: r.body.error, field: r.body.field }).toEqual({ domain, status: 400, error, field });
      expect(typeof r.body.message).toBe("string");
    }
    const more: Array<[unknown, string, string]> = [
      [[{ domain: "a.brand.example", appGroupId: g }, { domain: "A.brand.example.", appGroupId: g }], "customLoginDomains[1].domain", "duplicate_value"],
      [[{ domain: "a.brand.example", appGroupId: g }, { domain: "b.brand.example", appGroupId: g }], "customLoginDomains[1].appGroupId", "duplicate_value"],
      [[{ domain: "a.brand.example", appGroupId: other.group.id }], "customLoginDomains[0].appGroupId", "unknown_app_group"],
      [[{ domain: "a.brand.example", appGroupId: "f".repeat(32) }], "customLoginDomains[0].appGroupId", "unknown_app_group"],
      [[{ domain: "a.brand.example" }], "customLoginDomains[0].appGroupId", "invalid_request"],
      [[{ domain: "a.brand.example", appGroupId: g, tls: true }], "customLoginDomains[0].tls", "invalid_request"],
    ];
    for (const [entries, field, error] of more) {
      const r = await putDomains(fx.org, entries as unknown[]);
      expect({ status: r.status, error: r.body.error, field: r.body.field }).toEqual({ status: 400, error, field });
    }
    expect((await status(fx.org)).body.customLoginDomains).toEqual([]);
  });

  test("a hostname another organization holds is 409 domain_in_use; two racing for one: one gets it", async () => {
    expect((await putDomains(other.org, [{ domain: "held.rival.example", appGroupId: other.group.id }])).status).toBe(200);
    const r = await putDomains(fx.org, [{ domain: "HELD.rival.example", appGroupId: fx.group.id }]);
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ error: "domain_in_use", field: "customLoginDomains[0].domain" });
    const results = await Promise.all([
      putDomains(fx.org, [{ domain: "race.example", appGroupId: fx.group.id }]),
      putDomains(other.org, [{ domain: "race.example", appGroupId: other.group.id }]),
    ]);
    expect(results.map((x) => x.status).sort()).toEqual([200, 409]);
    await putDomains(fx.org, []);
    await putDomains(other.org, []);
  });

  test("a member is 403 PERMISSION_DENIED on every domain route; an outsider 404", async () => {
    expect((await putDomains(fx.org, [], member.token)).status).toBe(403);
    expect((await verify(fx.org, fx.group.id, member.token)).body.error).toBe("PERMISSION_DENIED");
    expect((await t.request("GET", `/api/org/${fx.org.slug}/settings/domains`, { token: member.token })).status).toBe(403);
    const auto = await t.request("POST", `/api/org/${fx.org.slug}/settings/domains/auto-configure`, { token: member.token, json: { apiToken: "x", appGroupId: fx.group.id } });
    expect(auto.status).toBe(403);
    expect((await verify(fx.org, fx.group.id, other.org.owner.token)).status).toBe(404);
  });
});

describe("verify (DNS over the wire)", () => {
  const domain = "login.verify.example";

  test("each failure names its reason; the records pass with a CNAME; the domain is then served", async () => {
    expect((await verify(fx.org, fx.group.id)).body).toMatchObject({ error: "domain_not_found", field: "appGroupId" });
    expect((await putDomains(fx.org, [{ domain, appGroupId: fx.group.id }])).status).toBe(200);
    const listed = (await status(fx.org)).body;
    expect(listed.cnameTarget).toBe(TARGET);
    const entry = listed.customLoginDomains[0];
    expect(entry).toMatchObject({ domain, appGroupId: fx.group.id, verified: false, served: false, servingError: "not_checked", verifiedAt: null });
    expect(entry.records).toEqual([
      { type: "TXT", name: `_service-challenge.${domain}`, value: expect.stringMatching(/^signet-verify-[0-9a-f]{32}$/) },
      { type: "CNAME", name: domain, value: TARGET },
    ]);
    const token: string = entry.records[0].value;
    const step = async (expected: string | null) => {
      const r = await verify(fx.org, fx.group.id);
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ verified: expected === null, served: expected === null, servingError: expected });
    };
    await step("txt_record_missing");
    dns.set(`_service-challenge.${domain}`, { TXT: ["someone-else"] });
    await step("txt_record_mismatch");
    dns.set(`_service-challenge.${domain}`, { TXT: ["v=spf1 -all", token] });
    await step("routing_record_missing");
    dns.set(domain, { CNAME: "elsewhere.example" });
    await step("cname_mismatch");
    dns.set(domain, { servfail: true });
    await step("dns_lookup_failed");
    dns.set(domain, { CNAME: `${TARGET}.` });
    expect((await resolve(`host=${domain}`)).status).toBe(404);
    await step(null);
    expect(dns.asked.some((q) => q.name === `_service-challenge.${domain}` && q.type === "TXT")).toBe(true);
    const resolved = await resolve(`host=${domain}`);
    expect(resolved.status).toBe(200);
    expect(resolved.body).toEqual({
      host: domain,
      appGroup: { key: fx.group.groupKey, name: fx.group.name, description: null, iconUrl: null, brandColor: null },
      loginUrl: `https://${domain}/login/${fx.clientKey}`,
    });
    const events = await eventsOf(t, fx.org, "appgroup.custom_domain.verified");
    expect(events.at(-1)!.payload).toEqual({ appGroupId: fx.group.id, domain, first: true });
    expect((await eventsOf(t, fx.org, "appgroup.custom_domain.check_failed")).map((e: any) => e.payload.reason)).toEqual([
      "txt_record_missing",
      "txt_record_mismatch",
      "routing_record_missing",
      "cname_mismatch",
      "dns_lookup_failed",
    ]);
  });

  test("a re-check that fails stops serving a verified domain; fixing it serves it again", async () => {
    dns.set(domain, { CNAME: "elsewhere.example" });
    expect((await verify(fx.org, fx.group.id)).body).toEqual({ verified: false, served: false, servingError: "cname_mismatch" });
    expect((await resolve(`host=${domain}`)).status).toBe(404);
    dns.set(domain, { CNAME: TARGET });
    expect((await verify(fx.org, fx.group.id)).body).toEqual({ verified: true, served: true, servingError: null });
    expect((await resolve(`domain=${domain}`)).status).toBe(200);
  });

  test("an apex passes when its flattened A and AAAA addresses are the target's, and fails when one is not", async () => {
    const apex = "apex-brand.example";
    await addAndPublish(other, apex, "apex");
    expect((await verify(other.org, other.group.id)).body).toEqual({ verified: true, served: true, servingError: null });
    dns.set(apex, { A: [TARGET_V4[0]!] });
    expect((await verify(other.org, other.group.id)).body.verified).toBe(true);
    dns.set(apex, { A: [...TARGET_V4, "198.51.100.7"], AAAA: TARGET_V6 });
    expect((await verify(other.org, other.group.id)).body).toEqual({ verified: false, served: false, servingError: "address_mismatch" });
    dns.set(apex, { AAAA: ["2001:db8::99"] });
    expect((await verify(other.org, other.group.id)).body.servingError).toBe("address_mismatch");
    await putDomains(other.org, []);
  });

  test("verify and auto-configure need Pro", async () => {
    await setOrganizationPlan(t.ctx, { kind: "operator" }, { slug: fx.org.slug, plan: "free" });
    try {
      expect((await verify(fx.org, fx.group.id)).body).toEqual({ error: "UPGRADE_REQUIRED", feature: "custom_login_domain" });
      const auto = await t.request("POST", `/api/org/${fx.org.slug}/settings/domains/auto-configure`, { token: fx.org.owner.token, json: { apiToken: CF_TOKEN, appGroupId: fx.group.id } });
      expect(auto.status).toBe(403);
    } finally {
      await setOrganizationPlan(t.ctx, { kind: "operator" }, { slug: fx.org.slug, plan: "pro" });
    }
  });
});

describe("serving on the custom domain (by Host)", () => {
  const domain = "login.verify.example";

  test("the hosted login of the domain's group answers there with its brand; another brand's key is 404 there", async () => {
    const page = await onHost(t, domain, "GET", `/login/${fx.clientKey}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    const methods = await onHost(t, domain, "GET", `/api/public/apps/${fx.clientKey}/login-methods`, { headers: { origin: `https://${domain}` } });
    expect(methods.status).toBe(200);
    expect(methods.body.branding.name).toBe(fx.group.name);
    expect(methods.body.portal).toEqual({ loginUrl: `https://${domain}/login/${fx.clientKey}`, verifyUrl: `https://${domain}/login/${fx.clientKey}/verify` });
    // The base host names the brand's domain as its login too.
    expect((await fx.call("GET", "/login-methods")).body.portal.loginUrl).toBe(`https://${domain}/login/${fx.clientKey}`);

    const foreignPage = await onHost(t, domain, "GET", `/login/${other.clientKey}`);
    expect(foreignPage.status).toBe(404);
    expect(foreignPage.text).not.toContain(other.group.name);
    const foreignApi = await onHost(t, domain, "GET", `/api/public/apps/${other.clientKey}/login-methods`);
    expect(foreignApi.status).toBe(404);
    expect(JSON.stringify(foreignApi.body)).not.toContain(other.group.name);
    // The base host keeps serving every brand as before.
    expect((await t.request("GET", `/login/${other.clientKey}`)).status).toBe(200);
    expect((await onHost(t, "signet.test", "GET", `/login/${other.clientKey}`)).status).toBe(200);
  });

  test("/ on the domain goes to its login page; the dashboard and org API are not there", async () => {
    const root = await onHost(t, domain, "GET", "/");
    expect(root.status).toBe(302);
    expect(root.headers.get("location")).toBe(`/login/${fx.clientKey}`);
    for (const path of ["/orgs", "/swagger/json", `/api/org/${fx.org.slug}/settings`, "/api/auth/magic-link/send"]) {
      const r = await onHost(t, domain, "GET", path, { token: fx.org.owner.token });
      expect({ path, status: r.status }).toEqual({ path, status: 404 });
    }
    expect((await onHost(t, domain, "GET", "/healthz")).status).toBe(200);
  });

  test("an unknown host gets a plain 404 page, never a brand", async () => {
    for (const host of ["unknown.example", "login.pending.example"]) {
      const r = await onHost(t, host, "GET", `/login/${fx.clientKey}`);
      expect(r.status).toBe(404);
      expect(r.text).toContain("Not found");
      expect(r.text).not.toContain(fx.group.name);
      expect(r.text).not.toContain("<script");
      expect((await onHost(t, host, "GET", `/api/public/apps/${fx.clientKey}/login-methods`)).body).toEqual({ error: "not_found" });
      expect((await onHost(t, host, "GET", "/")).status).toBe(404);
    }
  });

  test("a sign-in on the domain scopes the portal cookie to that host, Secure; the exchange code comes back", async () => {
    const origin = `https://${domain}`;
    const sent = await onHost(t, domain, "POST", `/api/public/apps/${fx.clientKey}/auth/magic-link/send`, { json: { email: "ann@people.example" }, headers: { origin } });
    expect(sent.status).toBe(200);
    const link = await mailedLink(t, "ann@people.example");
    expect(link.origin).toBe(origin);
    expect(link.pathname).toBe(`/login/${fx.clientKey}/verify`);
    const verified = await onHost(t, domain, "POST", `/api/public/apps/${fx.clientKey}/auth/magic-link/verify`, { json: { token: link.searchParams.get("token") }, headers: { origin } });
    expect(verified.status).toBe(200);
    expect(verified.body.code).toBeString();
    const cookie = verified.headers.get("set-cookie")!;
    expect(cookie).toContain(`signet_portal_${fx.group.groupKey}=`);
    expect(cookie).toContain("Secure");
    expect(cookie).toContain("HttpOnly");
    expect(cookie.toLowerCase()).not.toContain("domain=");
  });

  test("the passkey relying party follows the domain", async () => {
    const here = await onHost(t, domain, "POST", `/api/public/apps/${fx.clientKey}/auth/passkey/login-options`, { json: {}, headers: { origin: `https://${domain}` } });
    expect(here.status).toBe(200);
    expect(here.body.rpId).toBe(domain);
    const base = await fx.call("POST", "/auth/passkey/login-options", {});
    expect(base.body.rpId).toBe("signet.test");
    // An owner-chosen parent domain that covers the custom domain is kept.
    await fx.updateGroup({ passkeyRpId: "verify.example" });
    expect((await onHost(t, domain, "POST", `/api/public/apps/${fx.clientKey}/auth/passkey/login-options`, { json: {} })).body.rpId).toBe("verify.example");
    await fx.updateGroup({ passkeyRpId: "unrelated.example" });
    expect((await onHost(t, domain, "POST", `/api/public/apps/${fx.clientKey}/auth/passkey/login-options`, { json: {} })).body.rpId).toBe(domain);
    await fx.updateGroup({ passkeyRpId: null });
  });

  test("the share viewer there shows its organization's shared files only", async () => {
    const own = await seedFile(t, fx.org, { name: "brand.txt" });
    const foreign = await seedFile(t, other.org, { name: "rival.txt" });
    const share = async (org: TestOrg, id: string) =>
      (await t.request("PATCH", `/api/org/${org.slug}/files/${id}/share`, { token: org.owner.token, json: { mode: "link_anyone" } })).body.shareToken as string;
    const ownToken = await share(fx.org, own.id);
    const foreignToken = await share(other.org, foreign.id);
    expect((await onHost(t, domain, "GET", `/f/${ownToken}`)).status).toBe(200);
    const ok = await onHost(t, domain, "GET", `/api/public/share/${ownToken}`);
    expect(ok.status).toBe(200);
    expect(ok.body.fileName).toBe("brand.txt");
    expect((await onHost(t, domain, "GET", `/api/public/share/${foreignToken}`)).status).toBe(404);
    expect((await t.request("GET", `/api/public/share/${foreignToken}`)).status).toBe(200);
  });
});

describe("resolve", () => {
  test("400 without a host; 404 for unknown, pending and malformed names", async () => {
    const missing = await resolve("");
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ error: "invalid_hostname", field: "host" });
    for (const q of ["host=unknown.example", "host=login.pending.example", "host=https%3A%2F%2Fx", "domain=signet.test"]) expect((await resolve(q)).status).toBe(404);
    expect((await resolve("host=LOGIN.verify.example.")).status).toBe(200);
  });
});

describe("auto-configure (against a fake of Cloudflare's API)", () => {
  const domain = "auth.rival-brand.example";
  const auto = (json: unknown) => t.request("POST", `/api/org/${other.org.slug}/settings/domains/auto-configure`, { token: other.org.owner.token, json });

  test("creates the TXT and CNAME records in the zone; verify then passes; the token is never stored or logged", async () => {
    cf.zones.set("rival-brand.example", { id: "zone123" });
    expect((await putDomains(other.org, [{ domain, appGroupId: other.group.id }])).status).toBe(200);
    const r = await auto({ apiToken: CF_TOKEN, appGroupId: other.group.id });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ ok: true, error: null, zoneName: "rival-brand.example" });
    const posts = cf.requests.filter((q) => q.method === "POST");
    const token = (await status(other.org)).body.customLoginDomains[0].records[0].value;
    expect(posts.map((p) => p.body)).toEqual([
      { type: "TXT", name: `_service-challenge.${domain}`, content: token, ttl: 1 },
      { type: "CNAME", name: domain, content: TARGET, ttl: 1, proxied: false },
    ]);
    expect(cf.requests.every((q) => q.authorization === `Bearer ${CF_TOKEN}`)).toBe(true);
    // The zone is found from the name up: auth.rival-brand.example first, then rival-brand.example.
    expect(cf.requests.filter((q) => q.method === "GET").map((q) => q.path)).toEqual([
      `/client/v4/zones?name=${domain}&per_page=5`,
      "/client/v4/zones?name=rival-brand.example&per_page=5",
    ]);
    expect((await verify(other.org, other.group.id)).body).toEqual({ verified: true, served: true, servingError: null });
    // Again: the identical records are already there, which is fine.
    expect((await auto({ apiToken: CF_TOKEN, appGroupId: other.group.id })).body).toEqual({ ok: true, error: null, zoneName: "rival-brand.example" });
    const [event] = await eventsOf(t, other.org, "appgroup.custom_domain.auto_configured");
    expect((await eventsOf(t, other.org, "appgroup.custom_domain.auto_configured")).map((e: any) => e.payload.created)).toEqual([["TXT", "CNAME"], []]);
    expect(event!.payload).toEqual({ appGroupId: other.group.id, domain, provider: "cloudflare", zoneName: "rival-brand.example", ok: true, error: null, created: ["TXT", "CNAME"] });

    const everything: unknown[] = [];
    for (const module of t.ctx.modules) for (const table of Object.values(module.tables ?? {})) everything.push(await t.ctx.db.read.select().from(table as any));
    expect(JSON.stringify(everything)).not.toContain(CF_TOKEN);
    expect(JSON.stringify(t.logs)).not.toContain(CF_TOKEN);
  });

  test("each provider failure is {ok: false, error}, and nothing in the zone is replaced", async () => {
    expect((await auto({ apiToken: "wrong-token", appGroupId: other.group.id })).body).toEqual({ ok: false, error: "invalid_token", zoneName: null });
    cf.zones.delete("rival-brand.example");
    expect((await auto({ apiToken: CF_TOKEN, appGroupId: other.group.id })).body).toEqual({ ok: false, error: "zone_not_found", zoneName: null });
    cf.zones.set("rival-brand.example", { id: "zone123" });
    // Someone else's record on the name: reported, left alone.
    const conflicted = "www.rival-brand.example";
    dns.set(conflicted, { A: ["198.51.100.1"] });
    expect((await putDomains(other.org, [{ domain: conflicted, appGroupId: other.group.id }])).status).toBe(200);
    expect((await auto({ apiToken: CF_TOKEN, appGroupId: other.group.id })).body).toEqual({ ok: false, error: "record_conflict", zoneName: "rival-brand.example" });
    expect(dns.zone.get(conflicted)).toEqual({ A: ["198.51.100.1"] });
    cf.down = true;
    expect((await auto({ apiToken: CF_TOKEN, appGroupId: other.group.id })).body).toEqual({ ok: false, error: "provider_unavailable", zoneName: null });
    cf.down = false;
    const bad = await auto({ appGroupId: other.group.id });
    expect(bad).toMatchObject({ status: 400, body: { error: "invalid_request", field: "apiToken" } });
    expect((await auto({ apiToken: CF_TOKEN, appGroupId: fx.group.id })).body).toMatchObject({ error: "domain_not_found" });
    expect(JSON.stringify(t.logs)).not.toContain(CF_TOKEN);
  });
});

describe("removal", () => {
  test("removing releases the hostname at once: not served, resolve 404, login back at {portal_base}, claimable by others; DNS left alone", async () => {
    const domain = "login.verify.example";
    expect((await resolve(`host=${domain}`)).status).toBe(200);
    const txtBefore = dns.zone.get(`_service-challenge.${domain}`);
    expect((await putDomains(fx.org, [])).status).toBe(200);
    expect((await resolve(`host=${domain}`)).status).toBe(404);
    expect((await onHost(t, domain, "GET", `/login/${fx.clientKey}`)).status).toBe(404);
    expect((await fx.call("GET", "/login-methods")).body.portal.loginUrl).toBe(`https://signet.test/login/${fx.clientKey}`);
    expect(dns.zone.get(`_service-challenge.${domain}`)).toEqual(txtBefore!);
    const claimed = await putDomains(other.org, [{ domain, appGroupId: other.group.id }]);
    expect(claimed.status).toBe(200);
    // The old TXT record carries the old organization's token: the new holder is not verified by it.
    expect((await verify(other.org, other.group.id)).body).toEqual({ verified: false, served: false, servingError: "txt_record_mismatch" });
    await putDomains(other.org, []);
  });

  test("deleting the app group stops serving its domain", async () => {
    const g = await createAppGroup(t, fx.org, "Short-lived");
    const f = { ...fx, group: { id: g.id, groupKey: g.groupKey } } as SignInFixture;
    await addAndPublish(f, "short.brand.example");
    expect((await verify(fx.org, g.id)).body.served).toBe(true);
    expect((await t.request("DELETE", `/api/org/${fx.org.slug}/app-groups/${g.id}`, { token: fx.org.owner.token })).status).toBe(200);
    expect((await resolve("host=short.brand.example")).status).toBe(404);
    const listed = (await status(fx.org)).body.customLoginDomains.find((d: any) => d.domain === "short.brand.example");
    expect(listed).toMatchObject({ verified: true, served: false, servingError: "app_group_deleted" });
  });
});
