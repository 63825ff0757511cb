/** Shortcuts for the governance suites: an org's API as a client sees it, and people with their badges. */
import { and, eq } from "drizzle-orm";
import { auditEvents } from "../../../src/platform/audit/schema";
import { addMember, type SignedInUser, type TestOrg } from "../../support/accounts";
import type { TestApp } from "../../support/harness";

export interface Person extends SignedInUser {
  connectedId: string;
}

export function orgApi(t: TestApp, org: TestOrg) {
  return (method: string, path: string, json?: unknown, token: string | null = org.owner.token) =>
    t.request(method, `/api/org/${org.slug}${path}`, { json, ...(token ? { token } : {}) });
}

/** The ConnectedId of a member, read through GET /members like a client. */
export async function connectedIdOf(t: TestApp, org: TestOrg, userId: string): Promise<string> {
  const r = await t.request("GET", `/api/org/${org.slug}/members`, { token: org.owner.token });
  const member = (r.body as any[]).find((m) => m.userId === userId);
  if (!member?.connectedId) throw new Error(`no badge for ${userId}: ${r.status} ${r.text}`);
  return member.connectedId;
}

export async function person(t: TestApp, org: TestOrg, email: string, role = "member"): Promise<Person> {
  const user = await addMember(t, org, email, role);
  return { ...user, connectedId: await connectedIdOf(t, org, user.userId) };
}

export async function ownerOf(t: TestApp, org: TestOrg): Promise<Person> {
  return { ...org.owner, connectedId: await connectedIdOf(t, org, org.owner.userId) };
}

/** The organization's audit events of one type, oldest first. */
export async function eventsOf(t: TestApp, org: TestOrg, type: string) {
  const rows = await t.ctx.db.read.select().from(auditEvents).where(and(eq(auditEvents.orgId, org.orgId), eq(auditEvents.type, type)));
  return rows.sort((a, b) => a.seq - b.seq);
}

/** The reporting edges of the graph as "source>target" pairs, sorted. */
export function reportingPairs(graph: any): string[] {
  return (graph.edges as any[])
    .filter((e) => e.type === "reporting")
    .map((e) => `${e.sourceConnectedId}>${e.targetConnectedId}`)
    .sort();
}
