/**
 * A self-hoster's first hour, black-box against the compiled binary (DESIGN §10): only
 * HTTP, the `signet` CLI and a software passkey (nid-webauthn-emulator), from a scratch
 * directory holding nothing but a data dir, on SQLite or PostgreSQL. The journeys run in
 * order and build on each other, as a person's would.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createRemoteJWKSet, jwtVerify } from "jose";
import { Authenticator, passkeyLogin, registerPasskey, sealAssertion } from "../support/authenticator";
import type { TestApp } from "../support/harness";
import { latestLink, requestOverSocket, signInByMagicLink, startBinary, type RunningBinary } from "./support";

const ORIGIN = "https://shop.example";
let server: RunningBinary;
/** The harness's request helpers, sent over the socket to the binary. */
let client: TestApp;
let owner: { userId: string; email: string; token: string; cookie: string };
let passkey: Authenticator;
let slug = "";
let app: { groupId: string; groupKey: string; appId: string; clientKey: string };
let bootstrap: { slug: string; apiKey: string; sessionToken: string; orgId: string };

beforeAll(async () => {
  server = await startBinary({ dev: true, baseHost: "localhost" });
  client = { request: requestOverSocket(server), config: { dashboardBase: server.base } } as unknown as TestApp;
}, 120_000);

afterAll(() => server?.stop());

const asOwner = (method: string, path: string, json?: unknown) => client.request(method, path, { json, headers: { cookie: owner.cookie } });

describe("journeys", () => {
  test("the operator bootstraps an organization from the CLI, and reads the outbox there", async () => {
    const r = await server.cli(["admin", "bootstrap", "--email", "operator@journey.example", "--org", "Operator Co"]);
    expect(r.code).toBe(0);
    bootstrap = JSON.parse(r.stdout);
    expect(bootstrap.apiKey).toMatch(/^ah_live_/);
    const me = await client.request("GET", "/api/auth/session", { token: bootstrap.sessionToken });
    expect(me.body.user.email).toBe("operator@journey.example");
    await client.request("POST", "/api/auth/magic-link/send", { json: { email: "operator@journey.example" } });
    const outbox = await server.cli(["admin", "outbox", "--to", "operator@journey.example"]);
    expect(outbox.code).toBe(0);
    const [latest] = outbox.stdout.trim().split("\n").map((l) => JSON.parse(l));
    expect(latest.links[0]).toContain("/api/auth/magic-link/verify?token=");
  });

  test("a person signs in to the dashboard with the mailed link; the cookie is the session", async () => {
    const { cookie, token } = await signInByMagicLink(server, "ada@journey.example");
    const me = await client.request("GET", "/api/auth/session", { headers: { cookie } });
    expect(me.status).toBe(200);
    owner = { userId: me.body.user.id, email: "ada@journey.example", token, cookie };
  });

  test("they add a passkey and sign in with it, getting a cookie session", async () => {
    passkey = await registerPasskey(client, owner);
    const login = await passkeyLogin(client, passkey);
    expect(login.status).toBe(200);
    const cookie = login.headers.get("set-cookie") ?? "";
    expect(cookie).toContain("signet_session=");
    const me = await client.request("GET", "/api/auth/session", { headers: { cookie: cookie.split(";")[0]! } });
    expect(me.body.user.email).toBe(owner.email);
  });

  test("they create an organization and its Master Seal with the passkey; it becomes ready", async () => {
    const created = await asOwner("POST", "/api/org/create", { name: "Journey Co" });
    expect(created.status).toBe(201);
    slug = created.body.slug;
    const assertionResponseJson = await sealAssertion(client, owner, passkey, "org.master_seal.create", slug);
    const seal = await asOwner("POST", `/api/org/${slug}/master-seal`, { assertionResponseJson });
    expect(seal.status).toBe(201);
    expect((await asOwner("GET", `/api/org/${slug}/master-seal`)).body.readiness).toEqual({ ready: true, missing: [] });
  });

  test("they invite a member, who accepts and appears in the member list", async () => {
    const invitation = await asOwner("POST", `/api/org/${slug}/invitations`, { email: "grace@journey.example", role: "member" });
    expect(invitation.status).toBe(201);
    const mailed = await latestLink(server, "grace@journey.example", `/invite/${invitation.body.code}`);
    const grace = await signInByMagicLink(server, "grace@journey.example");
    const code = new URL(mailed).pathname.split("/").pop()!;
    expect((await client.request("POST", `/api/public/invitations/${code}/accept`, { headers: { cookie: grace.cookie } })).status).toBe(200);
    const members = await asOwner("GET", `/api/org/${slug}/members`);
    expect(members.body.map((m: any) => m.email).sort()).toEqual(["ada@journey.example", "grace@journey.example"]);
  });

  test("an API key is exchanged for an M2M token, which reaches the organization's routes", async () => {
    const key = await asOwner("POST", `/api/org/${slug}/settings/keys/api-keys`, { scopes: ["org.member.list"] });
    expect(key.status).toBe(201);
    const token = await client.request("POST", "/api/m2m/token", { json: { orgSlug: slug, apiKey: key.body.key } });
    expect(token.status).toBe(200);
    const me = await client.request("GET", `/api/org/${slug}/me`, { token: token.body.accessToken });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ kind: "m2m", org: { slug }, scopes: ["org.member.list"] });
    // The member list is for people signed in to the dashboard; its one scope does not reach the files.
    expect((await client.request("GET", `/api/org/${slug}/members`, { token: token.body.accessToken })).body.error).toBe("machine_not_allowed");
    expect((await client.request("GET", `/api/org/${slug}/files?view=all`, { token: token.body.accessToken })).status).toBe(403);
  });

  test("a permit is issued and verifies against the organization's JWKS", async () => {
    const issued = await asOwner("POST", `/api/org/${slug}/permits/issue`, { requestedScope: "org.member.list" });
    expect(issued.status).toBe(200);
    const jwks = createRemoteJWKSet(new URL(`${server.base}/api/public/orgs/${slug}/jwks.json`));
    const { payload, protectedHeader } = await jwtVerify(issued.body.permit, jwks);
    expect(protectedHeader.alg).toBe("RS256");
    expect(payload.sub).toBe(issued.body.connectedId);
  });

  test("an app group's end user signs in by magic link; the token verifies against the JWKS", async () => {
    const group = await asOwner("POST", `/api/org/${slug}/app-groups`, { name: "Shop" });
    expect(group.status).toBe(201);
    const application = group.body.applications[0];
    app = { groupId: group.body.id, groupKey: group.body.groupKey, appId: application.id, clientKey: application.clientKey };
    const updated = await asOwner("PUT", `/api/org/${slug}/applications/${app.appId}`, { allowedOrigins: [ORIGIN], callbackUrls: [`${ORIGIN}/cb`] });
    expect(updated.status).toBe(200);
    const endUser = (path: string, json: unknown) => client.request("POST", `/api/public/apps/${app.clientKey}${path}`, { json, headers: { origin: ORIGIN } });
    expect((await endUser("/auth/magic-link/send", { email: "buyer@journey.example" })).status).toBe(200);
    const link = new URL(await latestLink(server, "buyer@journey.example", `/login/${app.clientKey}/verify`));
    const verified = await endUser("/auth/magic-link/verify", { token: link.searchParams.get("token") });
    expect(verified.status).toBe(200);
    const jwks = createRemoteJWKSet(new URL(`${server.base}/api/public/orgs/${slug}/jwks.json`));
    const { payload } = await jwtVerify(verified.body.accessToken, jwks, { audience: app.clientKey });
    expect(payload.email).toBe("buyer@journey.example");
  });

  test("a file is uploaded, shared, opened at /f/{token} and downloaded byte for byte", async () => {
    const bytes = crypto.getRandomValues(new Uint8Array(4096));
    const form = new FormData();
    form.append("file", new Blob([bytes], { type: "application/octet-stream" }), "report.bin");
    const uploaded = await client.request("POST", `/api/org/${slug}/files`, { body: form, headers: { cookie: owner.cookie } });
    expect(uploaded.status).toBe(200);
    const shared = await asOwner("PATCH", `/api/org/${slug}/files/${uploaded.body.id}/share`, { mode: "link_anyone" });
    expect(shared.status).toBe(200);
    const token = new URL(shared.body.shareUrl).pathname.split("/").pop()!;
    const page = await client.request("GET", `/f/${token}`);
    expect([page.status, page.headers.get("content-type")]).toEqual([200, "text/html; charset=utf-8"]);
    const viewed = await client.request("GET", `/api/public/share/${token}`);
    expect(viewed.status).toBe(200);
    const download = await fetch(new URL(viewed.body.url, server.base));
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(bytes);
  });

  test("the audit log answers queries, and `signet audit verify` checks the chain offline", async () => {
    const events = await asOwner("GET", `/api/v1/admin/audit/query?org=${slug}&limit=100`);
    expect(events.status).toBe(200);
    const types = JSON.stringify(events.body);
    for (const type of ["org.created", "org.master_seal.created", "org.member.added", "org.api_key.created"]) expect(types).toContain(type);
    // Stats count the same events: past whole days from the per-day counts, today (a partial day) from the events.
    const stats = await asOwner("GET", `/api/v1/admin/audit/stats?org=${slug}`);
    expect(stats.status).toBe(200);
    expect(stats.body.total).toBe(events.body.events.length);
    const verify = await server.cli(["audit", "verify", "--org", slug, "--json"]);
    expect(verify.code).toBe(0);
    expect(JSON.parse(verify.stdout)).toMatchObject({ intact: true, problemCount: 0 });
  });

  test("the beacon takes events from an allowed site, and `signet jobs run` runs the rollups", async () => {
    const event = { id: crypto.randomUUID(), type: "page_view", path: "/pricing", anon: "anon-1", sid: "sid-1" };
    const accepted = await client.request("POST", `/api/public/apps/${app.clientKey}/analytics/events`, { json: { events: [event] }, headers: { origin: ORIGIN } });
    expect(accepted.status).toBe(202);
    const refused = await client.request("POST", `/api/public/apps/${app.clientKey}/analytics/events`, { json: { events: [event] }, headers: { origin: "https://elsewhere.example" } });
    expect(refused.status).toBe(403);
    const run = await server.cli(["jobs", "run", "analytics.rollups"]);
    expect(run.code).toBe(0);
    const jobs = (await server.cli(["jobs", "list", "--json"])).stdout.trim().split("\n").map((l) => JSON.parse(l));
    expect(jobs.find((j: any) => j.name === "analytics.rollups")?.lastRun).toMatchObject({ outcome: "ok", trigger: "manual" });
  });

  test("public v1 answers the bootstrap key with its organization", async () => {
    const me = await client.request("GET", "/api/public/v1/me", { headers: { "x-api-key": bootstrap.apiKey } });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ slug: bootstrap.slug, apiKey: { prefix: expect.any(String) } });
  });
});
