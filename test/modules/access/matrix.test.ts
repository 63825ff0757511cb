/**
 * The authorization matrix (DESIGN §5): every route of the app, crossed with every kind
 * of credential that must not reach it. For each route one request is generated from the
 * route's own schemas; the credentials that must be refused send it first, then the
 * owner of the organization (a session, or an org-wide key holding org.* on public v1)
 * sends the very same request. Wherever the owner's answer is 2xx, no refused credential
 * may have had a 2xx: the request was valid, so only a missing check could let it through.
 * A route added later without a scope or organization check fails here.
 *
 * Refused credentials: none; another organization's owner; an org key holding only
 * org.member.list (as X-Api-Key, as a bearer, and as the M2M token exchanged from it); a
 * key scoped to one app group (as X-Api-Key and as its M2M token); an end user's access
 * token; the sessions of a Member and a Director (built-in roles without org.*), and of an
 * Admin on the owner's own routes; an agent's credential (a test agent of the app group,
 * operated by the owner: its gate reads its group's applications and files approvals). The routes where one of them rightly succeeds are
 * listed below with why.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import fc from "fast-check";
import { addMember, createOrg, type TestOrg } from "../../support/accounts";
import { createTestApp, type TestApp } from "../../support/harness";
import { validValue, type JsonSchema } from "../../support/schema-arbitrary";
import { createSignInFixture, type SignInFixture } from "../customers/end-users/support";
import { signInByMagicLink } from "../customers/end-users/flows-support";
import { seedFile } from "../storage/sharing/support";
import { meetingAgendaItems, meetingParticipants, meetings } from "../../../src/modules/governance/meetings/schema";

let t: TestApp;
let fx: SignInFixture;
let org: TestOrg;
let other: TestOrg;
let doc: any;
const credentials: Record<string, Record<string, string>> = {};
const owner: { session: Record<string, string>; key: Record<string, string> } = { session: {}, key: {} };
const pathValues: Record<string, string> = {};

/** Routes anyone may call without a credential (sign-in, public documents, beacons, share links). */
const PUBLIC = [
  /^GET \/healthz$/,
  /^GET \/readyz$/,
  /^(GET|POST) \/api\/auth\/magic-link\//,
  /^POST \/api\/auth\/passkeys\/login/,
  /^(GET|POST) \/api\/auth\/linked-identities\/confirm$/,
  /^POST \/api\/m2m\/token$/,
  /^(GET|POST|DELETE|OPTIONS) \/api\/public\/apps\//,
  /^GET \/api\/public\/orgs\/\{slug\}\/jwks\.json$/,
  /^GET \/api\/public\/app-groups\//,
  /^GET \/api\/public\/share\//,
  // Whether a hostname is a verified custom login domain: what a TLS front (Caddy's on_demand_tls ask) asks before issuing a certificate.
  /^GET \/api\/public\/custom-domains\/resolve$/,
  /^GET \/api\/public\/invitations\/\{code\}$/,
  /^GET \/blobs\//,
  /^GET \/api\/dev\//,
  // The RSVP link of a meeting invitation: its signature is the credential (a wrong one is 403 invalid_rsvp_link).
  /^GET \/api\/meetings\/rsvp\//,
  // Stripe calls it, signed (billing); an invoice's seal is checked by anyone holding its id.
  /^POST \/api\/public\/billing\/stripe\/webhook$/,
  /^GET \/api\/public\/v1\/invoices\/\{id\}\/verify$/,
  // Dashboard sign-in through the organization's IdP (pre-auth, spec 4.4: the browser and the IdP call these),
  // and the organization's SAML SP metadata, which IdPs read.
  /^(GET|POST) \/idp\/\{slug\}\/(login-hint|login|callback|saml\/metadata)$/,
  // Stripe calls it for connected accounts, signed (commerce); the operator's business record goes to anyone in Korea, 204 to others.
  /^POST \/api\/public\/commerce\/stripe\/webhook$/,
  /^GET \/api\/public\/legal\/business-info$/,
];

/** An app group's agents, one agent and the kind templates: membership is enough (spec 4.8), for a person or a machine of the organization. */
const AGENT_ROSTER = /^GET \/api\/org\/\{slug\}\/app-groups\/\{groupId\}\/agents(\/templates|\/\{agentId\})?$/;

/** An app group's products and Kakao channel: read open to any member who can see the group (spec 4.4), a person or a machine of it. */
const GROUP_COMMERCE_READ = /^GET \/api\/org\/\{slug\}\/app-groups\/\{groupId\}\/(products|kakao)$/;
/** The monetization policy (take rates, caps, which groups collect): what public v1 answers any key of the organization. */
const MONETIZATION_POLICY = /^GET \/api\/org\/\{slug\}\/billing\/monetization$/;

/** What every member of the organization may read of it and of themselves. */
const MEMBER_REACH = [
  /^(GET|POST|PATCH|DELETE) \/api\/auth\//,
  /^GET \/api\/org$/,
  // Creating an organization of one's own (the caller becomes its owner).
  /^POST \/api\/org\/create$/,
  /^GET \/api\/org\/\{slug\}(\/(me|badges|members|roles|master-seal|files|storage\/usage|settings\/keys\/signing-keys))?$/,
  /^GET \/api\/v1\/admin\/audit\/(query|retention|sessions|stats|stats\/quick)$/,
  /^POST \/api\/v1\/admin\/audit\/heartbeat$/,
  // The org chart: every member looks up teams, their members and who reports to whom (org.team.list, org.reporting.read).
  /^GET \/api\/org\/\{slug\}\/(teams|teams\/\{teamId\}\/members|reporting\/graph)$/,
  // The board's composition is read like the org chart (org.board.read); changing it is Owner and Admin, under a seal.
  /^GET \/api\/org\/\{slug\}\/board$/,
  // Approvals: every member reads the forms they submit on (org.work_item.list) and lists their own documents
  // (org.reporting_instance.list:creator=self; the list only ever holds the caller's own, as requester or approver).
  /^GET \/api\/org\/\{slug\}\/approvals\/(work-items|instances)$/,
  // Agents: an app group's roster and the kind templates need membership only (spec 4.8).
  AGENT_ROSTER,
  GROUP_COMMERCE_READ,
  MONETIZATION_POLICY,
];

/** Where a refused credential rightly succeeds, and why. */
const RIGHTLY_ALLOWED: Record<string, RegExp[]> = {
  // org.member.list is this key's one scope; the key's own description needs none.
  narrowKey: [/^GET \/api\/public\/v1\/(me|monetization)$/, /^POST \/api\/public\/v1\/orgs\//, /^POST \/api\/public\/orgs\/\{slug\}\/partner-assertion$/],
  narrowBearer: [/^GET \/api\/public\/v1\/(me|monetization)$/, /^POST \/api\/public\/v1\/orgs\//, /^POST \/api\/public\/orgs\/\{slug\}\/partner-assertion$/],
  narrowM2m: [/^GET \/api\/org\/\{slug\}\/members$/, /^GET \/api\/org\/\{slug\}\/me$/, AGENT_ROSTER, GROUP_COMMERCE_READ, MONETIZATION_POLICY],
  // The group key holds org.* for its own group: the routes that narrow to it, and its own description.
  groupKey: [/^GET \/api\/public\/v1\/me$/, /^POST \/api\/public\/orgs\/\{slug\}\/partner-assertion$/, /^POST \/api\/public\/v1\/app-groups\/by-key$/, /^POST \/api\/public\/v1\/end-users\/import$/],
  groupM2m: [/^(GET|POST|PUT|PATCH|DELETE) \/api\/org\/\{slug\}\/(app-groups|applications)/, /^GET \/api\/org\/\{slug\}\/me$/],
  // A test agent (spec 4.8 rule 5: read and list only) reaches its own app group: the group and its applications
  // (org.app_group.read, org.application.list/read), its own description, and its group's roster and kind templates (membership).
  // Org-wide routes refuse it (401 org_wide_key_required), as they refuse every machine bound to one app group.
  agent: [
    /^GET \/api\/org\/\{slug\}\/me$/,
    /^GET \/api\/org\/\{slug\}\/app-groups\/\{groupId\}$/,
    /^GET \/api\/org\/\{slug\}\/applications\/(\{appId\}(\/cloudflare)?)?$/,
    AGENT_ROSTER,
    GROUP_COMMERCE_READ,
  ],
  // Built-in Member grants (spec 5.3, 5.4): their own account, the org's face and roster,
  // their own files and audit events (scope=mine is the default), and the public signing keys.
  memberSession: MEMBER_REACH,
  // A Director is a Member with the meeting screens (4.6 rule 1: view.business, org.meeting.read, org.meeting.list):
  // they read meetings, their agenda and votes; they change nothing and cast only their own vote, as a participant.
  directorSession: [...MEMBER_REACH, /^GET \/api\/org\/\{slug\}\/meetings(\/\{meetingId\}(\/(agenda-items|agenda-votes))?)?$/],
};

/** The Owner's own powers: an Admin holds org.* yet must be refused here. */
const OWNER_ONLY = [
  /^POST \/api\/org\/\{slug\}\/upgrade-type$/,
  /^DELETE \/api\/org\/\{slug\}\/sub-orgs\/\{subSlug\}$/,
  /^POST \/api\/v1\/admin\/audit\/retention\/purge-now$/,
];

function rightlyAllowed(credential: string, route: string): boolean {
  if (credential === "adminSession") return !OWNER_ONLY.some((p) => p.test(route));
  return (RIGHTLY_ALLOWED[credential] ?? []).some((p) => p.test(route));
}

beforeAll(async () => {
  t = await createTestApp({ env: { SIGNET_DEV: "1" } });
  fx = await createSignInFixture(t, "owner@matrix.example", "Matrix Co");
  org = fx.org;
  other = await createOrg(t, "owner@matrix-other.example", "Matrix Other");
  const key = async (body: Record<string, unknown>) => {
    const r = await t.request("POST", `/api/org/${org.slug}/settings/keys/api-keys`, { token: org.owner.token, json: body });
    if (r.status !== 201) throw new Error(`key: ${r.status} ${r.text}`);
    return r.body.key as string;
  };
  const m2m = async (apiKey: string) => (await t.request("POST", "/api/m2m/token", { json: { orgSlug: org.slug, apiKey } })).body.accessToken as string;
  const narrow = await key({ scopes: ["org.member.list"] });
  const group = await key({ scopes: ["org.*"], appGroupId: fx.group.groupKey });
  const ownerKey = await key({ scopes: ["org.*"] });
  const endUser = await signInByMagicLink(t, fx, "person@matrix.example");
  if (endUser.status !== 200) throw new Error(`end user: ${endUser.status} ${endUser.text}`);

  credentials.none = {};
  credentials.otherOwner = { authorization: `Bearer ${other.owner.token}` };
  credentials.narrowKey = { "x-api-key": narrow };
  credentials.narrowBearer = { authorization: `Bearer ${narrow}` };
  credentials.narrowM2m = { authorization: `Bearer ${await m2m(narrow)}` };
  credentials.groupKey = { "x-api-key": group };
  credentials.groupM2m = { authorization: `Bearer ${await m2m(group)}` };
  credentials.endUser = { authorization: `Bearer ${endUser.body.accessToken}` };
  credentials.memberSession = { authorization: `Bearer ${(await addMember(t, org, "member@matrix.example", "member")).token}` };
  credentials.directorSession = { authorization: `Bearer ${(await addMember(t, org, "director@matrix.example", "org_director")).token}` };
  credentials.adminSession = { authorization: `Bearer ${(await addMember(t, org, "admin@matrix.example", "admin")).token}` };
  const hire = async (displayName: string) => {
    const expiresAt = new Date(t.clock.now() + 30 * 86_400_000).toISOString();
    const r = await t.request("POST", `/api/org/${org.slug}/app-groups/${fx.group.id}/agents`, { token: org.owner.token, json: { kind: "test", displayName, expiresAt } });
    if (r.status !== 201) throw new Error(`agent: ${r.status} ${r.text}`);
    return r.body.id as string;
  };
  const agentId = await hire("Matrix agent");
  const agentCredential = await t.request("POST", `/api/org/${org.slug}/app-groups/${fx.group.id}/agents/${agentId}/credential`, { token: org.owner.token });
  credentials.agent = { authorization: `Bearer ${agentCredential.body.credential}` };
  owner.session = { authorization: `Bearer ${org.owner.token}` };
  owner.key = { "x-api-key": ownerKey };

  const file = await seedFile(t, org, { name: "matrix.txt" });
  const team = await t.request("POST", `/api/org/${org.slug}/teams`, { token: org.owner.token, json: { Name: "Matrix team" } });
  // A member in the team, so that removing them (the last request of the run) can succeed for the owner.
  const members = (await t.request("GET", `/api/org/${org.slug}/members`, { token: org.owner.token })).body as Array<{ userId: string; connectedId: string }>;
  const memberId = members.find((m) => m.userId === org.owner.userId)!.connectedId;
  await t.request("POST", `/api/org/${org.slug}/teams/${team.body.id}/members`, { token: org.owner.token, json: { ConnectedIdId: memberId } });
  // A meeting the owner organizes, with an open item, so the meeting routes are judged on a real meeting
  // (stored directly: creating one through the API needs the Pro plan and the Master Seal, which would change other routes' answers).
  const meeting = await seedMeeting(t, org, memberId);
  Object.assign(pathValues, {
    slug: org.slug,
    id: file.id,
    groupId: fx.group.id,
    appGroupId: fx.group.id,
    groupKey: fx.group.groupKey,
    appId: fx.application.id,
    applicationKey: fx.clientKey,
    userId: org.owner.userId,
    teamId: team.body.id,
    memberId,
    meetingId: meeting.meetingId,
    index: "0",
    participantId: meeting.participantId,
    // Another agent: the owner's own changes to the path's agent (credential, suspend, revoke) leave the matrix agent as it is.
    agentId: await hire("Path agent"),
  });
  doc = (await t.request("GET", "/swagger/json")).body;
}, 120_000);
afterAll(() => t.close());

async function seedMeeting(t: TestApp, org: TestOrg, organizer: string): Promise<{ meetingId: string; participantId: string }> {
  const meetingId = crypto.randomUUID();
  const participantId = crypto.randomUUID();
  const now = t.clock.now();
  await t.ctx.db.write(async (tx) => {
    await tx.insert(meetings).values({
      id: meetingId,
      orgId: org.orgId,
      title: "Matrix meeting",
      type: 0,
      mode: 0,
      scheduledAt: now + 86_400_000,
      durationMinutes: 60,
      agenda: "Item",
      status: "Scheduled",
      organizerConnectedId: organizer,
      createdAt: now,
      updatedAt: now,
    });
    await tx.insert(meetingAgendaItems).values({ id: crypto.randomUUID(), orgId: org.orgId, meetingId, index: 0, title: "Item", status: "Open", openedAt: now, createdAt: now, updatedAt: now });
    await tx.insert(meetingParticipants).values({ id: participantId, orgId: org.orgId, meetingId, connectedId: organizer, role: "Organizer", position: 0, rsvpStatus: "accepted", createdAt: now });
  });
  return { meetingId, participantId };
}

function requestFor(path: string, method: string, op: any, seed: number) {
  let url = path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(pathValues[name] ?? "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b"));
  const query = new URLSearchParams();
  for (const p of op.parameters ?? []) {
    if (p.in !== "query") continue;
    if (p.name === "org" || p.name === "orgSlug") query.set(p.name, org.slug);
    else if (p.required) query.set(p.name, String(fc.sample(validValue(p.schema as JsonSchema), { seed, numRuns: 1 })[0]));
  }
  if ([...query].length) url += `?${query}`;
  const schema = op.requestBody?.content?.["application/json"]?.schema as JsonSchema | undefined;
  const body = schema ? JSON.stringify(fc.sample(validValue(schema), { seed, numRuns: 1 })[0]) : undefined;
  return { method, url, body };
}

test("no credential reaches a route it lacks the organization, role or scope for", async () => {
  const holes: string[] = [];
  let conclusive = 0;
  let routes = 0;
  const paths = Object.entries<any>(doc.paths).sort(([a], [b]) => a.localeCompare(b));
  // Changing routes last: a delete must not take away what the routes after it need.
  const order = (m: string) => ({ get: 0, head: 0, post: 1, put: 1, patch: 1, delete: 2 })[m] ?? 1;
  const operations = paths.flatMap(([path, methods]) => Object.entries<any>(methods).map(([method, op]) => ({ path, method: method.toUpperCase(), op, rank: order(method) })));
  operations.sort((a, b) => a.rank - b.rank);
  for (const [index, { path, method, op }] of operations.entries()) {
    const name = `${method} ${path}`;
    if (PUBLIC.some((p) => p.test(name)) || /sign-out/.test(path)) continue;
    routes++;
    const request = requestFor(path, method, op, index + 1);
    const send = (headers: Record<string, string>) =>
      t.request(request.method, request.url, { body: request.body, headers: { ...headers, ...(request.body ? { "content-type": "application/json" } : {}) } });
    const answers: Record<string, number> = {};
    for (const [credential, headers] of Object.entries(credentials)) {
      // Another organization's owner is refused on this organization's routes; their own account routes are theirs.
      // Anyone signed in may create an organization of their own (POST /api/org/create names none).
      if (credential === "otherOwner" && (!/^\/api\/(org\/|v1\/admin\/)/.test(path) || path === "/api/org/create")) continue;
      answers[credential] = (await send(headers)).status;
    }
    const ownerAnswer = (await send(path.startsWith("/api/public/") ? owner.key : owner.session)).status;
    if (ownerAnswer < 200 || ownerAnswer >= 300) continue;
    conclusive++;
    for (const [credential, status] of Object.entries(answers)) {
      if (status >= 200 && status < 300 && !rightlyAllowed(credential, name)) holes.push(`${name}: ${credential} got ${status}`);
    }
  }
  console.log(`authorization matrix: ${routes} guarded routes × ${Object.keys(credentials).length} refused credentials; ${conclusive} routes where the owner's identical request succeeded`);
  expect(holes).toEqual([]);
  expect(conclusive).toBeGreaterThan(40);
}, 300_000);
