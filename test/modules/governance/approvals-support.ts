/**
 * Shortcuts for the approval suites, all through HTTP as a client: forms and lines,
 * people with a passkey (their personal seal), sealed submits and stamps, and machines (an
 * M2M token of a key bound to a service account).
 */
import { and, eq } from "drizzle-orm";
import { recordHash } from "../../../src/platform/crypto/canonical-json";
import { outboxMessages } from "../../../src/platform/outbound/schema";
import type { TestOrg } from "../../support/accounts";
import { type Authenticator, registerPasskey, sealAssertion } from "../../support/authenticator";
import type { TestApp } from "../../support/harness";
import { orgApi, ownerOf, person, type Person } from "./support";

export interface Sealer extends Person {
  device: Authenticator;
}

/** A member with a role and a registered passkey. */
export async function sealer(t: TestApp, org: TestOrg, email: string, role = "member"): Promise<Sealer> {
  const p = await person(t, org, email, role);
  return { ...p, device: await registerPasskey(t, p) };
}

/** The owner, with a passkey. */
export async function sealingOwner(t: TestApp, org: TestOrg): Promise<Sealer> {
  const p = await ownerOf(t, org);
  return { ...p, device: await registerPasskey(t, p) };
}

export type Api = ReturnType<typeof orgApi>;

export async function workItem(api: Api, body: Record<string, unknown>, token?: string): Promise<any> {
  const r = await api("POST", "/approvals/work-items", body, token);
  if (r.status !== 201) throw new Error(`work item: ${r.status} ${r.text}`);
  return r.body;
}

export async function setLine(api: Api, workItemId: string, positions: unknown[]): Promise<any> {
  const r = await api("PUT", `/approvals/work-items/${workItemId}/approval-line`, { positions });
  if (r.status !== 200) throw new Error(`line: ${r.status} ${r.text}`);
  return r.body;
}

export interface Document {
  WorkItemId: string;
  Title: string;
  Body?: string;
  AttachmentFileIds?: string[];
}

/** The seal subject of a submit: {WorkItemId}|SHA-256 of the canonical JSON of {Title, Body, AttachmentFileIds}. */
export function submitSubject(doc: Document): string {
  return `${doc.WorkItemId}|${recordHash({ Title: doc.Title, Body: doc.Body ?? "", AttachmentFileIds: doc.AttachmentFileIds ?? [] })}`;
}

/** A sealed submit body (the assertion asked for now, signed by `who`'s device). */
export async function sealedSubmit(t: TestApp, who: Sealer, doc: Document): Promise<Record<string, unknown>> {
  return { ...doc, assertionResponseJson: await sealAssertion(t, who, who.device, "approval.submit", submitSubject(doc)) };
}

export async function submit(t: TestApp, org: TestOrg, who: Sealer, doc: Document) {
  return orgApi(t, org)("POST", "/approvals/instances", await sealedSubmit(t, who, doc), who.token);
}

export async function submitted(t: TestApp, org: TestOrg, who: Sealer, doc: Document): Promise<any> {
  const r = await submit(t, org, who, doc);
  if (r.status !== 201) throw new Error(`submit: ${r.status} ${r.text}`);
  return r.body;
}

/** The step of `who` on a document (from the document as they list it). */
export function stepOf(instance: any, who: Person): any {
  const step = (instance.steps as any[]).find((s) => s.approverConnectedId === who.connectedId);
  if (!step) throw new Error(`${who.email} has no step on ${instance.documentNumber}`);
  return step;
}

export async function sealedStamp(t: TestApp, who: Sealer, instanceId: string, stepId: string, decision: "approve" | "reject", extra: Record<string, unknown> = {}) {
  return { StepId: stepId, Decision: decision, ...extra, assertionResponseJson: await sealAssertion(t, who, who.device, "approval.stamp", `${instanceId}|${stepId}|${decision}`) };
}

export async function stamp(t: TestApp, org: TestOrg, who: Sealer, instance: any, decision: "approve" | "reject" = "approve", extra: Record<string, unknown> = {}) {
  const step = stepOf(instance, who);
  return orgApi(t, org)("POST", `/approvals/instances/${instance.id}/stamp`, await sealedStamp(t, who, instance.id, step.id, decision, extra), who.token);
}

/** A reporting edge: `source` reports to `target`. */
export async function reportsTo(api: Api, source: Person | { connectedId: string }, target: Person | { connectedId: string }): Promise<void> {
  const r = await api("POST", "/relationships", { SourceConnectedId: source.connectedId, TargetConnectedId: target.connectedId, Type: "reporting" });
  if (r.status !== 201) throw new Error(`relationship: ${r.status} ${r.text}`);
}

export interface Machine {
  token: string;
  connectedId: string;
  serviceAccountId: string;
}

/** A service account with `role`, a key bound to it holding `scopes`, and an M2M token of that key. */
export async function machine(t: TestApp, org: TestOrg, name: string, scopes: string[], role = "member"): Promise<Machine> {
  const sa = await t.request("POST", `/api/org/${org.slug}/service-accounts`, { token: org.owner.token, json: { name, role } });
  if (sa.status !== 201) throw new Error(`service account: ${sa.status} ${sa.text}`);
  const key = await t.request("POST", `/api/org/${org.slug}/settings/keys/api-keys`, { token: org.owner.token, json: { scopes, serviceAccountId: sa.body.id } });
  if (key.status !== 201) throw new Error(`key: ${key.status} ${key.text}`);
  const token = await t.request("POST", "/api/m2m/token", { json: { orgSlug: org.slug, apiKey: key.body.key } });
  if (token.status !== 200) throw new Error(`token: ${token.status} ${token.text}`);
  return { token: token.body.accessToken, connectedId: sa.body.connectedId, serviceAccountId: sa.body.id };
}

/** The mails sent to an address whose subject contains `needle`. */
export async function mailsTo(t: TestApp, email: string, needle = "") {
  const rows = await t.ctx.db.read.select().from(outboxMessages).where(and(eq(outboxMessages.to, email.toLowerCase()), eq(outboxMessages.channel, "mail")));
  return rows.filter((r) => (r.subject ?? "").includes(needle));
}
