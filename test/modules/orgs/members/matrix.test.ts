/**
 * Who may do what: every members route × the built-in roles and custom roles with and
 * without the scope. Scope-gated actions follow the custom role's scopes; the
 * owner/admin actions do not open to a custom role, even one holding `org.*`.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { connectedIds } from "../../../../src/modules/orgs/schema";
import { addMember, type SignedInUser } from "../../../support/accounts";
import { createTestApp, type TestApp } from "../../../support/harness";
import { createRole, orgWithStaff, type Staff } from "./fixtures";

const ACTORS = ["owner", "admin", "member", "org_director", "custom_with", "custom_without", "custom_wide"] as const;
type ActorName = (typeof ACTORS)[number];

let t: TestApp;
let acme: Staff;
let actors: Record<ActorName, SignedInUser>;
let guestRole: string;
let counter = 0;

beforeAll(async () => {
  t = await createTestApp();
  acme = await orgWithStaff(t, "Acme");
  const withScopes = await createRole(t, acme.org, "with_scopes", ["org.member.list", "org.member.invite", "org.member.remove"]);
  const withoutScopes = await createRole(t, acme.org, "without_scopes", ["org.meeting.read"]);
  const wide = await createRole(t, acme.org, "wide", ["org.*"]);
  guestRole = await createRole(t, acme.org, "guest", ["org.member.list"]);
  actors = {
    owner: acme.owner,
    admin: acme.admin,
    member: acme.member,
    org_director: acme.director,
    custom_with: await addMember(t, acme.org, "with@acme.example", withScopes),
    custom_without: await addMember(t, acme.org, "without@acme.example", withoutScopes),
    custom_wide: await addMember(t, acme.org, "wide@acme.example", wide),
  };
});
afterAll(() => t.close());

const base = () => `/api/org/${acme.org.slug}`;
const fresh = (prefix: string) => `${prefix}-${++counter}@acme.example`;

async function freshMember(): Promise<SignedInUser & { connectedId: string }> {
  const m = await addMember(t, acme.org, fresh("target"));
  const [badge] = await t.ctx.db.read.select().from(connectedIds).where(and(eq(connectedIds.orgId, acme.org.orgId), eq(connectedIds.userId, m.userId)));
  return { ...m, connectedId: badge!.id };
}

async function pendingInvitation(): Promise<string> {
  const r = await t.request("POST", `${base()}/invitations`, { token: acme.owner.token, json: { email: fresh("invitee"), role: guestRole } });
  return r.body.id;
}

async function freshServiceAccount(): Promise<string> {
  const r = await t.request("POST", `${base()}/service-accounts`, { token: acme.owner.token, json: { name: `bot-${++counter}`, role: "member" } });
  return r.body.id;
}

const SCOPED: readonly ActorName[] = ["owner", "admin", "custom_with", "custom_wide"];
const LISTERS: readonly ActorName[] = ["owner", "admin", "member", "org_director", "custom_with", "custom_wide"];
const ADMINS: readonly ActorName[] = ["owner", "admin"];

const ACTIONS: Array<{ name: string; allowed: readonly ActorName[]; run: (token: string) => Promise<number> }> = [
  { name: "list members", allowed: LISTERS, run: async (token) => (await t.request("GET", `${base()}/members`, { token })).status },
  { name: "list badges", allowed: LISTERS, run: async (token) => (await t.request("GET", `${base()}/badges`, { token })).status },
  { name: "list roles", allowed: LISTERS, run: async (token) => (await t.request("GET", `${base()}/roles`, { token })).status },
  {
    name: "invite",
    allowed: SCOPED,
    run: async (token) => (await t.request("POST", `${base()}/invitations`, { token, json: { email: fresh("matrix-invite"), role: guestRole } })).status,
  },
  { name: "list invitations", allowed: SCOPED, run: async (token) => (await t.request("GET", `${base()}/invitations`, { token })).status },
  {
    name: "revoke invitation",
    allowed: SCOPED,
    run: async (token) => (await t.request("DELETE", `${base()}/invitations/${await pendingInvitation()}`, { token })).status,
  },
  {
    name: "remove member",
    allowed: SCOPED,
    run: async (token) => (await t.request("DELETE", `${base()}/members/${(await freshMember()).userId}`, { token })).status,
  },
  {
    name: "change role",
    allowed: ADMINS,
    run: async (token) => (await t.request("PATCH", `${base()}/members/${(await freshMember()).userId}`, { token, json: { role: "org_director" } })).status,
  },
  {
    name: "suspend badge",
    allowed: ADMINS,
    run: async (token) => (await t.request("PATCH", `${base()}/badges/${(await freshMember()).connectedId}`, { token, json: { status: "suspended" } })).status,
  },
  {
    name: "create role",
    allowed: ADMINS,
    run: async (token) => (await t.request("POST", `${base()}/roles`, { token, json: { key: `r_${++counter}`, name: "R", scopes: [] } })).status,
  },
  {
    name: "update role",
    allowed: ADMINS,
    run: async (token) => {
      const id = await createRole(t, acme.org, `u_${++counter}`, []);
      return (await t.request("PUT", `${base()}/roles/${id}`, { token, json: { key: `u_${counter}`, name: "Renamed", scopes: [] } })).status;
    },
  },
  {
    name: "delete role",
    allowed: ADMINS,
    run: async (token) => (await t.request("DELETE", `${base()}/roles/${await createRole(t, acme.org, `d_${++counter}`, [])}`, { token })).status,
  },
  { name: "list service accounts", allowed: ADMINS, run: async (token) => (await t.request("GET", `${base()}/service-accounts`, { token })).status },
  {
    name: "create service account",
    allowed: ADMINS,
    run: async (token) => (await t.request("POST", `${base()}/service-accounts`, { token, json: { name: `matrix-bot-${++counter}`, role: "member" } })).status,
  },
  {
    name: "read service account",
    allowed: ADMINS,
    run: async (token) => (await t.request("GET", `${base()}/service-accounts/${await freshServiceAccount()}`, { token })).status,
  },
  {
    name: "update service account",
    allowed: ADMINS,
    run: async (token) => (await t.request("PATCH", `${base()}/service-accounts/${await freshServiceAccount()}`, { token, json: { description: "x" } })).status,
  },
  {
    name: "delete service account",
    allowed: ADMINS,
    run: async (token) => (await t.request("DELETE", `${base()}/service-accounts/${await freshServiceAccount()}`, { token })).status,
  },
];

/** 2xx is allowed, 403 denied; anything else is reported as itself so a failure says what happened. */
function verdict(status: number): string {
  if (status >= 200 && status < 300) return "allowed";
  return status === 403 ? "denied" : `status ${status}`;
}

describe("role × action", () => {
  for (const action of ACTIONS) {
    test(action.name, async () => {
      const outcome: Record<string, string> = {};
      for (const actor of ACTORS) outcome[actor] = verdict(await action.run(actors[actor].token));
      expect(outcome).toEqual(Object.fromEntries(ACTORS.map((a) => [a, action.allowed.includes(a) ? "allowed" : "denied"])));
    });
  }
});
