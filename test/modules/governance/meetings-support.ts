/**
 * Shortcuts for the board and meeting suites: a sealed Pro corporation, people with
 * passkeys (their personal seals), a board with directors and a chairman, meetings made
 * through the API, seals for board changes and votes, and the mail the meetings sent.
 */
import { asc, eq } from "drizzle-orm";
import { ensureOperatorMasterSeal } from "../../../src/modules/trust/keys/master-seal";
import { outboxMessages } from "../../../src/platform/outbound/schema";
import { createOrg, type TestOrg } from "../../support/accounts";
import { type Authenticator, registerPasskey, sealAssertion } from "../../support/authenticator";
import type { TestApp } from "../../support/harness";
import { orgApi, ownerOf, person, type Person } from "./support";

export interface Sealer extends Person {
  device: Authenticator;
}

export interface MeetingOrg {
  org: TestOrg;
  api: ReturnType<typeof orgApi>;
  owner: Sealer;
}

/** An organization of `type` on `plan`, with its Org Master Seal unless `seal` is false; its owner has a passkey. */
export async function meetingOrg(t: TestApp, name: string, options: { plan?: string; type?: "personal" | "corporation" | "project"; seal?: boolean } = {}): Promise<MeetingOrg> {
  const org = await createOrg(t, `owner@${name}.test`, name, { plan: options.plan ?? "pro" });
  const type = options.type ?? "corporation";
  if (type !== "personal") {
    const r = await t.request("POST", `/api/org/${org.slug}/upgrade-type`, { token: org.owner.token, json: { type } });
    if (r.status !== 200) throw new Error(`upgrade-type: ${r.status} ${r.text}`);
  }
  if (options.seal !== false) await ensureOperatorMasterSeal(t.ctx, org.orgId);
  const owner = await ownerOf(t, org);
  return { org, api: orgApi(t, org), owner: { ...owner, device: await registerPasskey(t, owner) } };
}

/** A member with `role` and a passkey. */
export async function sealer(t: TestApp, org: TestOrg, email: string, role = "org_director"): Promise<Sealer> {
  const p = await person(t, org, email, role);
  return { ...p, device: await registerPasskey(t, p) };
}

/** A seal assertion for a board composition change. */
export function boardSeal(t: TestApp, org: TestOrg, who: Sealer, target: string, change: "appoint" | "remove" | "chairman") {
  return sealAssertion(t, who, who.device, "board.member.change", `${org.slug}|${target}|${change}`);
}

/** A seal assertion for a vote. */
export function voteSeal(t: TestApp, who: Sealer, meetingId: string, index: number, decision: string) {
  const canonical = decision.charAt(0).toUpperCase() + decision.slice(1).toLowerCase();
  return sealAssertion(t, who, who.device, "meeting.vote", `${meetingId}|${index}|${canonical}`);
}

/** The board, created by the owner, with these directors appointed (each under the owner's seal) and the first as chairman. */
export async function boardWith(t: TestApp, m: MeetingOrg, directors: Sealer[], options: { chairman?: boolean; create?: boolean } = {}) {
  if (options.create !== false) {
    const created = await m.api("POST", "/board", {});
    if (created.status !== 201) throw new Error(`board: ${created.status} ${created.text}`);
  }
  for (const d of directors) {
    const r = await m.api("POST", "/board/members", { ConnectedId: d.connectedId, assertionResponseJson: await boardSeal(t, m.org, m.owner, d.connectedId, "appoint") });
    if (r.status !== 201) throw new Error(`appoint: ${r.status} ${r.text}`);
  }
  if (options.chairman !== false && directors[0]) {
    const r = await m.api("PUT", "/board/chairman", { LeadConnectedId: directors[0].connectedId, assertionResponseJson: await boardSeal(t, m.org, m.owner, directors[0].connectedId, "chairman") });
    if (r.status !== 200) throw new Error(`chairman: ${r.status} ${r.text}`);
  }
  return (await m.api("GET", "/board")).body;
}

export const inADay = (t: TestApp) => new Date(t.clock.now() + 24 * 3600 * 1000).toISOString();

/** A meeting created by `by` (the owner by default): 201 expected. */
export async function meeting(t: TestApp, m: MeetingOrg, body: Record<string, unknown> = {}, by: { token: string } = m.owner) {
  const r = await m.api("POST", "/meetings", { Title: "Weekly sync", ScheduledAt: inADay(t), Agenda: "Budget\nHiring", ...body }, by.token);
  if (r.status !== 201) throw new Error(`meeting: ${r.status} ${r.text}`);
  return r.body;
}

/** Casts a vote with a fresh seal; the response. */
export async function vote(t: TestApp, m: MeetingOrg, who: Sealer, meetingId: string, index: number, decision: string, extra: Record<string, unknown> = {}) {
  return m.api("POST", `/meetings/${meetingId}/agenda-votes`, { AgendaIndex: index, Decision: decision, SealAssertionJson: await voteSeal(t, who, meetingId, index, decision), ...extra }, who.token);
}

/** Mail recorded for an address, oldest first. */
export async function mailTo(t: TestApp, address: string) {
  return t.ctx.db.read.select().from(outboxMessages).where(eq(outboxMessages.to, address.toLowerCase())).orderBy(asc(outboxMessages.createdAt));
}
