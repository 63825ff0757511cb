/**
 * IdP connections (spec 2.11, 4.4), the plan caps of §8, login selection, the federation
 * policy and the connection test, through HTTP; just-in-time membership rules and audit.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { addMember, createOrg, type TestOrg } from "../../support/accounts";
import { BENCH_TIMEOUT_MS, CLIENT, createFedBench, type FedBench, sessionOf } from "./support";

let b: FedBench;
let other: TestOrg;

beforeAll(async () => {
  b = await createFedBench();
  other = await createOrg(b.t, "owner@other.example", "Other", { slug: "other", plan: "enterprise" });
}, BENCH_TIMEOUT_MS);
afterAll(() => b.close());

const list = (slug = "acme", token = b.org.owner.token) => b.t.request("GET", `/api/org/${slug}/idp-connections`, { token });
const deactivate = (id: string) => b.t.request("POST", `/api/org/acme/idp-connections/${id}/deactivate`, { token: b.org.owner.token });

describe("create, list, replace, deactivate", () => {
  let id: string;
  test("create answers 201 with the connection; the secret is sealed and never returned", async () => {
    const r = await b.create({ type: "custom-oidc", display_name: "Acme SSO", oidc_issuer: b.oidc.issuer, oidc_client_id: CLIENT.clientId, oidc_client_secret: CLIENT.clientSecret });
    expect(r.status).toBe(201);
    id = r.body.id;
    expect(r.body).toMatchObject({ type: "custom-oidc", display_name: "Acme SSO", status: "active", is_default: true, oidc_client_secret_set: true, oidc_discovery_url: `${b.oidc.issuer}/.well-known/openid-configuration` });
    expect(r.text).not.toContain(CLIENT.clientSecret);
    const listed = await list();
    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject({ connection: { id }, limit: -1, used: 1 });
    expect(listed.text).not.toContain(CLIENT.clientSecret);
    const { idpConnections } = await import("../../../src/modules/federation/schema");
    const rows = await b.t.ctx.db.read.select().from(idpConnections);
    expect(rows[0]!.oidcClientSecretSealed).toMatch(/^v1\./);
    expect(JSON.stringify(rows)).not.toContain(CLIENT.clientSecret);
  });

  test("replace keeps a left-out secret, records what changed, and unknown or another org's ids are 404", async () => {
    const r = await b.t.request("PUT", "/api/org/acme/idp-connections", { token: b.org.owner.token, json: { id, type: "named-okta", display_name: "Okta", oidc_issuer: b.oidc.issuer, oidc_client_id: CLIENT.clientId } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ type: "named-okta", display_name: "Okta", oidc_client_secret_set: true });
    expect((await b.t.request("PUT", "/api/org/acme/idp-connections", { token: b.org.owner.token, json: { id: "idp_nope", type: "custom-oidc", oidc_issuer: b.oidc.issuer, oidc_client_id: "x" } })).status).toBe(404);
    expect((await b.t.request("PUT", "/api/org/other/idp-connections", { token: other.owner.token, json: { id, type: "custom-oidc", oidc_issuer: b.oidc.issuer, oidc_client_id: "x" } })).body.error).toBe("idp_connection_not_found");
    expect((await b.t.request("POST", `/api/org/other/idp-connections/${id}/deactivate`, { token: other.owner.token })).status).toBe(404);
  });

  test("deactivate keeps the row; the default /deactivate needs a default", async () => {
    const r = await deactivate(id);
    expect(r.body).toMatchObject({ status: "inactive" });
    expect((await list()).body).toMatchObject({ connection: null, used: 0 });
    expect((await b.t.request("POST", "/api/org/acme/idp-connections/deactivate", { token: b.org.owner.token })).body.error).toBe("idp_not_configured");
  });
});

describe("bad input and who may", () => {
  test("malformed JSON, wrong types, unknown fields, missing settings, public domains", async () => {
    const raw = await b.t.request("POST", "/api/org/acme/idp-connections", { token: b.org.owner.token, body: "{nope", headers: { "content-type": "application/json" } });
    expect(raw.body.error).toBe("invalid_json");
    expect((await b.create({ type: "custom-oidc", oidc_client_id: 5 })).body).toMatchObject({ error: "invalid_request" });
    expect((await b.create({ type: "kerberos" })).body.error).toBe("invalid_request");
    expect((await b.create({ type: "custom-oidc", oidc_client_id: "x", oidc_issuer: b.oidc.issuer, surprise: 1 })).body.error).toBe("invalid_request");
    expect((await b.create({ type: "custom-oidc", oidc_client_id: "x" })).body).toMatchObject({ error: "invalid_idp_connection", field: "oidc_discovery_url" });
    expect((await b.create({ type: "custom-oidc", oidc_issuer: b.oidc.issuer })).body).toMatchObject({ error: "invalid_idp_connection", field: "oidc_client_id" });
    expect((await b.create({ type: "custom-oidc", oidc_client_id: "x", oidc_issuer: b.oidc.issuer, oidc_token_endpoint: `${b.oidc.issuer}/token` })).body).toMatchObject({ field: "oidc_authorization_endpoint" });
    expect((await b.create({ type: "custom-saml", saml_sso_url: b.saml.ssoUrl })).body).toMatchObject({ field: "saml_entity_id" });
    expect((await b.create({ type: "custom-saml", saml_sso_url: b.saml.ssoUrl, saml_entity_id: "x", saml_certificate: "not a cert" })).body).toMatchObject({ field: "saml_certificate" });
    expect((await b.create({ type: "custom-saml", saml_metadata_xml: "<x/>" })).body).toMatchObject({ field: "saml_metadata_xml" });
    expect((await b.create({ type: "custom-oidc", oidc_client_id: "x", oidc_issuer: b.oidc.issuer, email_domain: "gmail.com" })).body.error).toBe("email_domain_public");
    expect((await b.create({ type: "custom-oidc", oidc_client_id: "x", oidc_issuer: b.oidc.issuer, default_role: "admin" })).body.error).toBe("invalid_role");
    expect((await b.create({ type: "named-google-workspace", oidc_client_id: "x" })).body).toMatchObject({ field: "email_domain" });
    const entra = await b.create({ type: "named-entra", oidc_client_id: "x", email_domain: "contoso.example" });
    expect(entra.body.oidc_discovery_url).toBe("https://login.microsoftonline.com/contoso.example/v2.0/.well-known/openid-configuration");
    await deactivate(entra.body.id);
  });

  test("no credential 401, a Member 403, another organization's owner 404", async () => {
    expect((await b.t.request("GET", "/api/org/acme/idp-connections")).status).toBe(401);
    const member = await addMember(b.t, b.org, "member@acme.example", "member");
    const r = await list("acme", member.token);
    expect(r.status).toBe(403);
    expect(r.body.error).toBe("PERMISSION_DENIED");
    expect((await b.create({ type: "custom-oidc", oidc_client_id: "x", oidc_issuer: b.oidc.issuer }, member.token)).status).toBe(403);
    expect((await list("acme", other.owner.token)).status).toBe(404);
  });
});

describe("plan caps (§8)", () => {
  test("Free 0, Pro 1, Pro+ 3, Business 10: 403 UPGRADE_REQUIRED sso_connections with limit and current", async () => {
    for (const [plan, cap] of [["free", 0], ["pro", 1], ["pro_plus", 3], ["business", 10]] as const) {
      const org = await createOrg(b.t, `owner@${plan}.example`, plan, { slug: `cap-${plan.replace("_", "-")}`, plan });
      const body = { type: "custom-oidc", oidc_client_id: "x", oidc_issuer: b.oidc.issuer };
      for (let i = 0; i < cap; i++) expect((await b.t.request("POST", `/api/org/${org.slug}/idp-connections`, { token: org.owner.token, json: body })).status).toBe(201);
      const over = await b.t.request("POST", `/api/org/${org.slug}/idp-connections`, { token: org.owner.token, json: body });
      expect(over.status).toBe(403);
      expect(over.body).toEqual({ error: "UPGRADE_REQUIRED", feature: "sso_connections", limit: cap, current: cap });
      expect((await b.t.request("GET", `/api/org/${org.slug}/idp-connections`, { token: org.owner.token })).body).toMatchObject({ limit: cap, used: cap });
    }
  });
});

describe("login selection (4.4)", () => {
  let open: any;
  let acme: any;
  let saml: any;
  beforeAll(async () => {
    acme = await b.oidcConnection({ email_domain: "acme.example", display_name: "Acme OIDC" });
    saml = await b.samlConnection({ email_domain: "acme-saml.example", display_name: "Acme SAML" });
  });
  const hint = (query: string) => b.t.request("GET", `/idp/acme/login-hint?${query}`);

  test("a domain match wins; without one and without a default, several connections are 400 idp_ambiguous", async () => {
    expect((await hint("email=ann@acme.example")).body).toEqual({ name: "Acme OIDC", type: "custom-oidc" });
    expect((await hint("domain=acme-saml.example")).body).toEqual({ name: "Acme SAML", type: "custom-saml" });
    const r = await hint("email=ann@nowhere.example");
    expect(r.status).toBe(400);
    expect(r.body.error).toBe("idp_ambiguous");
    expect((await b.login({ email: "ann@nowhere.example" })).response.body.error).toBe("idp_ambiguous");
  });

  test("the connection without a domain is the default; the policy can name another", async () => {
    open = await b.oidcConnection({ display_name: "Open door" });
    expect((await hint("email=ann@nowhere.example")).body.name).toBe("Open door");
    expect((await hint("")).body.name).toBe("Open door");
    const set = await b.t.request("POST", "/api/org/acme/settings/federation", { token: b.org.owner.token, json: { default_connection_id: saml.id } });
    expect(set.body).toMatchObject({ default_connection_id: saml.id, jit_membership: true });
    expect((await hint("")).body.name).toBe("Acme SAML");
    expect((await list()).body.connection.id).toBe(saml.id);
    expect((await b.t.request("POST", "/api/org/acme/settings/federation", { token: b.org.owner.token, json: { default_connection_id: "idp_unknown" } })).body.error).toBe("default_connection_invalid");
    expect((await b.t.request("DELETE", "/api/org/acme/settings/federation", { token: b.org.owner.token })).body.default_connection_id).toBeNull();
    expect((await hint("")).body.name).toBe("Open door");
  });

  test("the only active connection; none: 404 idp_not_configured; unknown org alike", async () => {
    await deactivate(open.id);
    await deactivate(saml.id);
    expect((await hint("email=ann@nowhere.example")).body.name).toBe("Acme OIDC");
    await deactivate(acme.id);
    for (const r of [await hint(""), await b.t.request("GET", "/idp/no-such-org/login-hint"), (await b.login()).response]) {
      expect(r.status).toBe(404);
      expect(r.body.error).toBe("idp_not_configured");
    }
  });

  test("an e-mail domain is routed by one active connection only: 409 email_domain_in_use, across organizations", async () => {
    const mine = await b.oidcConnection({ email_domain: "routed.example" });
    const r = await b.t.request("POST", "/api/org/other/idp-connections", { token: other.owner.token, json: { type: "custom-oidc", oidc_client_id: "x", oidc_issuer: b.oidc.issuer, email_domain: "routed.example" } });
    expect(r.status).toBe(409);
    expect(r.body.error).toBe("email_domain_in_use");
    await deactivate(mine.id);
  });
});

describe("just-in-time membership", () => {
  let conn: any;
  beforeAll(async () => {
    conn = await b.oidcConnection({ email_domain: "acme.example", display_name: "JIT" });
  });
  afterAll(() => deactivate(conn.id));

  test("an existing account that is a member signs in as itself, keeping its role", async () => {
    const existing = await addMember(b.t, b.org, "bob@acme.example", "org_director");
    const r = await b.signInOidc("bob", { connection: conn.id });
    expect(r.status).toBe(303);
    expect((await sessionOf(b.t, r))!.id).toBe(existing.userId);
    const members = await b.t.request("GET", "/api/org/acme/members", { token: b.org.owner.token });
    expect((members.body as any[]).filter((m) => m.email === "bob@acme.example")).toHaveLength(1);
  });

  test("an address outside the connection's domain is 403 email_domain_mismatch, with org.idp.sign_in_refused", async () => {
    const r = await b.signInOidc("outsider", { connection: conn.id });
    expect(r.status).toBe(403);
    expect(r.body.error).toBe("email_domain_mismatch");
  });

  test("no address, or one the IdP says is unverified: 400 idp_email_missing", async () => {
    expect((await b.signInOidc("nomail", { connection: conn.id })).body.error).toBe("idp_email_missing");
    expect((await b.signInOidc("unverified", { connection: conn.id })).body.error).toBe("idp_email_missing");
  });

  test("jit_membership false admits existing members only: 403 idp_membership_required", async () => {
    await b.t.request("POST", "/api/org/acme/settings/federation", { token: b.org.owner.token, json: { jit_membership: false } });
    try {
      const r = await b.signInOidc("alice", { connection: conn.id });
      expect(r.status).toBe(403);
      expect(r.body.error).toBe("idp_membership_required");
    } finally {
      await b.t.request("DELETE", "/api/org/acme/settings/federation", { token: b.org.owner.token });
    }
    expect((await b.signInOidc("alice", { connection: conn.id })).status).toBe(303);
  });

  test("through a connection without a domain, someone else's existing account is not taken over: 409 idp_account_exists", async () => {
    await deactivate(conn.id);
    const open = await b.oidcConnection({ display_name: "No domain" });
    try {
      await b.t.ctx.db.write(async (tx) => (await import("../../../src/modules/identity/service")).findOrCreateUser(tx, "eve@elsewhere.example", b.t.clock.now()));
      const r = await b.signInOidc("outsider", { connection: open.id });
      expect(r.status).toBe(409);
      expect(r.body.error).toBe("idp_account_exists");
    } finally {
      await deactivate(open.id);
      await b.t.request("PUT", "/api/org/acme/idp-connections", { token: b.org.owner.token, json: { id: conn.id, type: "custom-oidc", email_domain: "acme.example", display_name: "JIT", oidc_issuer: b.oidc.issuer, oidc_client_id: CLIENT.clientId } });
    }
  });

  test("sign-ins are audited: org.idp.sign_in with the member, org.member.added for a new one", async () => {
    const { auditEvents } = await import("../../../src/platform/audit/schema");
    const rows = await b.t.ctx.db.read.select().from(auditEvents);
    const types = rows.filter((r: any) => r.orgId === b.org.orgId).map((r: any) => r.type);
    expect(types).toContain("org.idp.sign_in");
    expect(types).toContain("org.idp.sign_in_refused");
    expect(types).toContain("org.member.added");
    expect(types).toContain("org.idp.connection_created");
    expect(types).toContain("org.idp.connection_updated");
    expect(types).toContain("org.idp.connection_deactivated");
    expect(types).toContain("org.idp.policy_updated");
    expect(types).toContain("org.idp.policy_reset");
    const signIn = rows.find((r: any) => r.type === "org.idp.sign_in" && (r.payload as any).email === "alice@acme.example") as any;
    expect(signIn.payload).toMatchObject({ protocol: "oidc", memberAdded: true, accountCreated: true, identityLinked: true, role: "member" });
    expect(JSON.stringify(rows)).not.toContain(CLIENT.clientSecret);
  });
});

describe("settings/federation/test", () => {
  test("a working OIDC and SAML configuration is ok; what is wrong is said in plain words", async () => {
    const test = (json: unknown) => b.t.request("POST", "/api/org/acme/settings/federation/test", { token: b.org.owner.token, json });
    expect((await test({ connection: { type: "custom-oidc", oidc_issuer: b.oidc.issuer, oidc_client_id: "x" } })).body).toMatchObject({ ok: true, protocol: "oidc", problems: [] });
    expect((await test({ connection: { type: "custom-saml", saml_metadata_url: b.saml.metadataUrl } })).body).toMatchObject({ ok: true, protocol: "saml" });
    const wrongIssuer = await test({ connection: { type: "custom-oidc", oidc_discovery_url: `${b.oidc.issuer}/.well-known/openid-configuration`, oidc_issuer: "https://other.example", oidc_client_id: "x" } });
    expect(wrongIssuer.body.ok).toBe(false);
    expect(wrongIssuer.body.problems[0]).toContain("names the issuer");
    const missing = await test({ connection: { type: "custom-saml", saml_metadata_url: `${b.saml.metadataUrl}-nope` } });
    expect(missing.body.problems[0]).toContain("answered 404");
    expect((await test({ connection_id: "idp_nope" })).status).toBe(404);
    expect((await test({})).body.error).toBe("invalid_idp_connection");
  });
});
