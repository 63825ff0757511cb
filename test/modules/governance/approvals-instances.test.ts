/**
 * Approval documents through HTTP: the sealed submit (rule 1: the session owner's own
 * passkey, bound to the document), the ceiling re-checked at stamp time (rule 4), one-time
 * approvals (rule 5, uses=1), reports mailed and never stamped (rule 6), approvers mailed on
 * submit (rule 7), the list as requester and approver, the look-up by number, the seals and
 * their five-piece events, sealed attachments (spec 3.4), and every refusal.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { approvalSteps } from "../../../src/modules/governance/approvals/schema";
import { createOrg, type TestOrg } from "../../support/accounts";
import { registerPasskey, sealAssertion } from "../../support/authenticator";
import { createTestApp, type TestApp } from "../../support/harness";
import { seedFile } from "../storage/sharing/support";
import { eventsOf, orgApi, person } from "./support";
import {
  type Api,
  machine,
  mailsTo,
  reportsTo,
  type Sealer,
  sealedStamp,
  sealedSubmit,
  sealer,
  sealingOwner,
  setLine,
  stamp,
  stepOf,
  submit,
  submitSubject,
  submitted,
  workItem,
} from "./approvals-support";

let t: TestApp;
let org: TestOrg;
let api: Api;
// ceo (owner) ← exec (admin) ← lead (member) ← alice, bob (members); carol stands apart.
let ceo: Sealer;
let exec: Sealer;
let lead: Sealer;
let alice: Sealer;
let bob: Sealer;
let carol: Sealer;
let memo: any;

beforeAll(async () => {
  t = await createTestApp();
  org = await createOrg(t, "ceo@docs.test", "Docs");
  api = orgApi(t, org);
  ceo = await sealingOwner(t, org);
  exec = await sealer(t, org, "exec@docs.test", "admin");
  lead = await sealer(t, org, "lead@docs.test");
  alice = await sealer(t, org, "alice@docs.test");
  bob = await sealer(t, org, "bob@docs.test");
  carol = await sealer(t, org, "carol@docs.test");
  await reportsTo(api, exec, ceo);
  await reportsTo(api, lead, exec);
  await reportsTo(api, alice, lead);
  await reportsTo(api, bob, lead);
  memo = await workItem(api, { Name: "Memo", docType: "document" });
});
afterAll(() => t.close());

const eventsFor = async (type: string, id: string) => (await eventsOf(t, org, type)).filter((e) => e.payload.aggregateId === id);

describe("submit is sealed by the session owner's own passkey (rule 1)", () => {
  test("sealed: numbered, the document and its line sealed, reporting.approval.submitted recorded", async () => {
    const doc = await submitted(t, org, alice, { WorkItemId: memo.id, Title: "Offsite", Body: "Two days in March." });
    expect(doc).toMatchObject({
      documentNumber: expect.stringMatching(new RegExp(`^${org.slug}-2026-\\d{6}$`)),
      workItemId: memo.id,
      docType: "document",
      title: "Offsite",
      body: "Two days in March.",
      status: "submitted",
      routing: "routed",
      requesterKind: "person",
      creatorName: "alice@docs.test",
      isRequester: true,
      isReceiver: false,
      myStepStatus: null,
      sealIntact: true,
    });
    expect(doc.selfHash).toMatch(/^[0-9a-f]{64}$/);
    const [event] = await eventsFor("reporting.approval.submitted", doc.id);
    expect(event!.payload).toEqual({
      aggregateId: doc.id,
      documentNumber: doc.documentNumber,
      workItemId: memo.id,
      docType: "document",
      routing: "routed",
      approverConnectedIds: [lead.connectedId, exec.connectedId],
      attachmentFileIds: [],
      sealHash: doc.recordHash,
    });
    expect(event!.actorId).toBe(alice.userId);
  });

  test("a member with no passkey cannot submit (403 personal_seal_required)", async () => {
    const dan = await person(t, org, "dan@docs.test");
    const r = await api("POST", "/approvals/instances", { WorkItemId: memo.id, Title: "no seal" }, dan.token);
    expect({ status: r.status, error: r.body.error }).toEqual({ status: 403, error: "personal_seal_required" });
    // Once they register one, they can.
    const device = await registerPasskey(t, dan);
    expect((await submit(t, org, { ...dan, device }, { WorkItemId: memo.id, Title: "sealed now" })).status).toBe(201);
  });

  test("refused seals write nothing: none, someone else's, another document's, another purpose's, a replay", async () => {
    const doc = { WorkItemId: memo.id, Title: "Refusals" };
    const before = (await eventsOf(t, org, "reporting.approval.submitted")).length;
    const missing = await api("POST", "/approvals/instances", doc, alice.token);
    expect({ status: missing.status, error: missing.body.error }).toEqual({ status: 403, error: "step_up_required" });

    const bobs = await sealedSubmit(t, bob, doc);
    const foreign = await api("POST", "/approvals/instances", bobs, alice.token);
    expect({ status: foreign.status, error: foreign.body.error, reason: foreign.body.reason }).toEqual({ status: 403, error: "step_up_failed", reason: "user_mismatch" });

    const signed = await sealedSubmit(t, alice, doc);
    const edited = await api("POST", "/approvals/instances", { ...signed, Title: "Refusals, edited after signing" }, alice.token);
    expect({ status: edited.status, reason: edited.body.reason }).toEqual({ status: 403, reason: "subject_mismatch" });
    const attached = await api("POST", "/approvals/instances", { ...signed, Body: "more" }, alice.token);
    expect(attached.body.reason).toBe("subject_mismatch");

    const stampSeal = await sealAssertion(t, alice, alice.device, "approval.stamp", submitSubject(doc));
    const purpose = await api("POST", "/approvals/instances", { ...doc, assertionResponseJson: stampSeal }, alice.token);
    expect(purpose.body.reason).toBe("purpose_mismatch");
    expect((await eventsOf(t, org, "reporting.approval.submitted")).length).toBe(before);

    // The signed one still works (a refused action leaves its challenge unused); then it is spent.
    expect((await api("POST", "/approvals/instances", signed, alice.token)).status).toBe(201);
    const replay = await api("POST", "/approvals/instances", signed, alice.token);
    expect({ status: replay.status, reason: replay.body.reason }).toEqual({ status: 403, reason: "challenge_replayed" });
    // The seal may also travel under SealAssertionJson, as a JSON string.
    const other = { WorkItemId: memo.id, Title: "As a string" };
    const asString = JSON.stringify(await sealAssertion(t, alice, alice.device, "approval.submit", submitSubject(other)));
    expect((await api("POST", "/approvals/instances", { ...other, SealAssertionJson: asString }, alice.token)).status).toBe(201);
  });

  test("bad input: 400 for malformed JSON, wrong types, a blank title, unknown fields; 404 for unknown or foreign forms; 409 for an archived one", async () => {
    const raw = await t.request("POST", `/api/org/${org.slug}/approvals/instances`, { token: alice.token, body: "{\"WorkItemId\":", headers: { "content-type": "application/json" } });
    expect({ status: raw.status, error: raw.body.error }).toEqual({ status: 400, error: "invalid_json" });
    for (const body of [
      {},
      { WorkItemId: memo.id },
      { WorkItemId: 7, Title: "x" },
      { WorkItemId: memo.id, Title: "x", AttachmentFileIds: "f" },
      { WorkItemId: memo.id, Title: "x", Body: { text: "no" } },
      { WorkItemId: memo.id, Title: "x", Urgent: true },
      { WorkItemId: memo.id, Title: "t".repeat(201) },
      { WorkItemId: memo.id, Title: "x", assertionResponseJson: 42 },
    ]) {
      const r = await api("POST", "/approvals/instances", body, alice.token);
      expect({ body, status: r.status, error: r.body.error }).toEqual({ body, status: 400, error: "invalid_request" });
    }
    const blank = await submit(t, org, alice, { WorkItemId: memo.id, Title: "   " });
    expect({ status: blank.status, error: blank.body.error, field: blank.body.field }).toEqual({ status: 400, error: "invalid_request", field: "Title" });
    const unknown = await submit(t, org, alice, { WorkItemId: "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b", Title: "x" });
    expect({ status: unknown.status, error: unknown.body.error }).toEqual({ status: 404, error: "work_item_not_found" });
    const other = await createOrg(t, "owner@docs-other.test", "Docs Other");
    const theirs = await workItem(orgApi(t, other), { Name: "Theirs", docType: "document" });
    expect((await submit(t, org, alice, { WorkItemId: theirs.id, Title: "x" })).body.error).toBe("work_item_not_found");
    const old = await workItem(api, { Name: "Old form", docType: "document" });
    await api("PATCH", `/approvals/work-items/${old.id}`, { Archived: true });
    const archived = await submit(t, org, alice, { WorkItemId: old.id, Title: "x" });
    expect({ status: archived.status, error: archived.body.error }).toEqual({ status: 409, error: "work_item_archived" });
  });
});

describe("approvers are mailed the document on submit (rule 7)", () => {
  test("each approver, a later chain step too, receives it with its number and title", async () => {
    const doc = await submitted(t, org, bob, { WorkItemId: memo.id, Title: "New laptop", Body: "Mine is from 2019." });
    for (const who of [lead, exec]) {
      const [mail] = await mailsTo(t, who.email, doc.documentNumber);
      expect(mail!.subject).toBe(`[${doc.documentNumber}] Approval requested: New laptop`);
      expect(mail!.text).toContain("bob@docs.test asks for your approval in Docs");
      expect(mail!.text).toContain("Mine is from 2019.");
    }
    expect((await mailsTo(t, exec.email, doc.documentNumber))[0]!.text).toContain("Your turn comes after");
    expect(await mailsTo(t, bob.email, doc.documentNumber)).toEqual([]);
    expect(await mailsTo(t, ceo.email, doc.documentNumber)).toEqual([]);
  });
});

describe("reports are mailed to their recipients and never stamped (rule 6)", () => {
  test("status reported, the recipients notified, a stamp refused", async () => {
    const weekly = await workItem(api, { Name: "Weekly", docType: "report", language: "ko" });
    await setLine(api, weekly.id, [
      { labelKo: "팀장", labelEn: "Lead", resolveType: "role", resolveRoleId: "member", resolveMemberConnectedId: ceo.connectedId },
      { labelKo: "대표", resolveType: "member", resolveMemberConnectedId: ceo.connectedId },
    ]);
    const doc = await submitted(t, org, alice, { WorkItemId: weekly.id, Title: "Week 3", Body: "Shipped approvals." });
    expect(doc).toMatchObject({ docType: "report", status: "reported", routing: "notified", requiredApprovals: 0 });
    expect(doc.steps.map((s: any) => [s.kind, s.status, s.approverConnectedId])).toEqual([
      ["recipient", "notified", lead.connectedId],
      ["recipient", "notified", ceo.connectedId],
    ]);
    // A Korean form's mail is Korean, labels and words alike (the form's language words the mail).
    for (const who of [lead, ceo]) {
      const [mail] = await mailsTo(t, who.email, doc.documentNumber);
      expect(mail!.subject).toBe(`[${doc.documentNumber}] 보고: Week 3`);
      expect(mail!.text).toContain("이 보고서는 결재가 필요하지 않습니다.");
    }
    expect((await mailsTo(t, lead.email, doc.documentNumber))[0]!.text).toContain("보고서를 보냈습니다 (팀장).");
    const listed = (await api("GET", "/approvals/instances", undefined, ceo.token)).body.find((d: any) => d.id === doc.id);
    expect(listed).toMatchObject({ isReceiver: true, isRequester: false, myStepStatus: "notified" });
    const r = await stamp(t, org, ceo, doc);
    expect({ status: r.status, error: r.body.error, documentStatus: r.body.documentStatus }).toEqual({ status: 409, error: "approval_closed", documentStatus: "reported" });
    expect(await eventsOf(t, org, "reporting.approval.step_approved").then((e) => e.filter((x) => x.payload.aggregateId === doc.id))).toEqual([]);
  });
});

describe("every step is sealed and emits a five-piece event (spec §6)", () => {
  test("RPT031 carries aggregateId, stepId, approverConnectedId, decision and sealHash; RPT033 closes the chain", async () => {
    const doc = await submitted(t, org, alice, { WorkItemId: memo.id, Title: "Five pieces" });
    const first = await stamp(t, org, lead, doc, "approve", { Comment: "fine by me" });
    expect(first.status).toBe(200);
    const leadStep = stepOf(first.body, lead);
    expect(leadStep).toMatchObject({ status: "approved", decision: "approve", comment: "fine by me", stampedAt: expect.any(String), sealedAt: expect.any(String) });
    expect(first.body.recordHash).toBe(leadStep.recordHash);
    const [approved] = await eventsFor("reporting.approval.step_approved", doc.id);
    expect(approved!.payload).toEqual({ aggregateId: doc.id, stepId: leadStep.id, approverConnectedId: lead.connectedId, decision: "approve", sealHash: leadStep.recordHash });
    expect(approved!.actorId).toBe(lead.userId);
    const done = (await stamp(t, org, exec, doc)).body;
    expect(done).toMatchObject({ status: "completed", sealIntact: true });
    expect(done.recordHash).not.toBe(stepOf(done, exec).recordHash);
    const [completed] = await eventsFor("reporting.approval.completed", doc.id);
    expect(completed!.payload).toMatchObject({ materialized: "document", sealHash: done.recordHash, autoGranted: false });
  });

  test("a stored row changed behind the application no longer matches its seal", async () => {
    const doc = await submitted(t, org, alice, { WorkItemId: memo.id, Title: "Tamper" });
    const stamped = (await stamp(t, org, lead, doc, "approve", { Comment: "ok" })).body;
    await t.ctx.db.write((tx) => tx.update(approvalSteps).set({ comment: "ok, and give alice a raise" }).where(eq(approvalSteps.id, stepOf(stamped, lead).id)));
    const r = await api("GET", `/approvals/instances/by-number/${doc.documentNumber}`, undefined, alice.token);
    expect(r.body.sealIntact).toBe(false);
  });
});

describe("the ceiling is re-checked at stamp time (rule 4)", () => {
  test("a role position's role, lost: 403 stamp_ceiling reason role; given back, the stamp goes through", async () => {
    const form = await workItem(api, { Name: "Admin sign-off", docType: "document" });
    await setLine(api, form.id, [{ labelEn: "Admin", resolveType: "role", resolveRoleId: "admin" }]);
    const doc = await submitted(t, org, alice, { WorkItemId: form.id, Title: "role check" });
    expect(stepOf(doc, exec).basis).toEqual({ kind: "role", roleId: "admin", fallback: false });
    expect((await api("PATCH", `/members/${exec.userId}`, { role: "member" })).status).toBe(200);
    const body = await sealedStamp(t, exec, doc.id, stepOf(doc, exec).id, "approve");
    const refused = await api("POST", `/approvals/instances/${doc.id}/stamp`, body, exec.token);
    expect({ status: refused.status, error: refused.body.error, reason: refused.body.reason }).toEqual({ status: 403, error: "stamp_ceiling", reason: "role" });
    expect(await eventsFor("reporting.approval.step_approved", doc.id)).toEqual([]);
    expect((await api("PATCH", `/members/${exec.userId}`, { role: "admin" })).status).toBe(200);
    // Nothing was written, so the same seal is still good.
    expect((await api("POST", `/approvals/instances/${doc.id}/stamp`, body, exec.token)).body.status).toBe("completed");
  });

  test("a default-line approver no longer above the requester: reason reporting_line", async () => {
    const form = await workItem(api, { Name: "Tree sign-off", docType: "document", RiskLevel: 1 });
    const dora = await sealer(t, org, "dora@docs.test");
    await reportsTo(api, dora, carol);
    const doc = await submitted(t, org, dora, { WorkItemId: form.id, Title: "tree check" });
    expect(doc.steps.map((s: any) => s.approverConnectedId)).toEqual([carol.connectedId]);
    expect((await api("DELETE", `/relationships?sourceId=${dora.connectedId}&targetId=${carol.connectedId}&type=reporting`)).status).toBe(200);
    const r = await stamp(t, org, carol, doc);
    expect({ status: r.status, error: r.body.error, reason: r.body.reason }).toEqual({ status: 403, error: "stamp_ceiling", reason: "reporting_line" });
  });

  test("a permission document's scope, no longer held by its approver: reason scope", async () => {
    const form = await workItem(api, { Name: "Invite rights", docType: "permission", RequestedScope: "org.member.invite" });
    await setLine(api, form.id, [{ labelEn: "Exec", resolveType: "member", resolveMemberConnectedId: exec.connectedId }]);
    const doc = await submitted(t, org, alice, { WorkItemId: form.id, Title: "let me invite" });
    expect((await api("PATCH", `/members/${exec.userId}`, { role: "member" })).status).toBe(200);
    const r = await stamp(t, org, exec, doc);
    expect({ status: r.status, error: r.body.error, reason: r.body.reason }).toEqual({ status: 403, error: "stamp_ceiling", reason: "scope" });
    expect((await api("PATCH", `/members/${exec.userId}`, { role: "admin" })).status).toBe(200);
  });
});

describe("uses=1: the sealed document is a one-time credential, with no grant (rule 5)", () => {
  test("completed without a grant; its requester uses it once", async () => {
    const form = await workItem(api, { Name: "One deploy", docType: "permission", RequestedScope: "org.app.deploy", uses: 1 });
    await setLine(api, form.id, [{ labelEn: "CEO", resolveType: "member", resolveMemberConnectedId: ceo.connectedId }]);
    const doc = await submitted(t, org, alice, { WorkItemId: form.id, Title: "deploy friday" });
    const done = (await stamp(t, org, ceo, doc)).body;
    expect(done).toMatchObject({ status: "completed", uses: 1, grantId: null, consumedAt: null });
    const [completed] = await eventsFor("reporting.approval.completed", doc.id);
    expect(completed!.payload).toMatchObject({ materialized: "one_time_credential", grantedScope: null, grantId: null });
    expect((await api("GET", "/me", undefined, alice.token)).body.scopes).not.toContain("org.app.deploy");

    const notHers = await api("POST", `/approvals/instances/${doc.id}/consume`, {}, bob.token);
    expect({ status: notHers.status, error: notHers.body.error }).toEqual({ status: 403, error: "not_the_requester" });
    const wrongScope = await api("POST", `/approvals/instances/${doc.id}/consume`, { Scope: "org.app.delete" }, alice.token);
    expect({ status: wrongScope.status, error: wrongScope.body.error }).toEqual({ status: 409, error: "scope_mismatch" });
    const used = await api("POST", `/approvals/instances/${doc.id}/consume`, { Scope: "org.app.deploy" }, alice.token);
    expect(used.status).toBe(200);
    expect(used.body).toEqual({ id: doc.id, documentNumber: doc.documentNumber, scope: "org.app.deploy", consumedAt: expect.any(String) });
    // No body at all is the same as {}.
    const again = await t.request("POST", `/api/org/${org.slug}/approvals/instances/${doc.id}/consume`, { token: alice.token });
    expect({ status: again.status, error: again.body.error }).toEqual({ status: 409, error: "credential_consumed" });
    expect(await eventsFor("reporting.approval.credential_consumed", doc.id)).toHaveLength(1);
    expect((await api("GET", `/approvals/instances/by-number/${doc.documentNumber}`, undefined, alice.token)).body).toMatchObject({ consumedAt: used.body.consumedAt, sealIntact: true });
  });

  test("nothing else is a one-time credential: 409 not_a_one_time_credential", async () => {
    const pending = await submitted(t, org, alice, { WorkItemId: memo.id, Title: "just a memo" });
    const r = await api("POST", `/approvals/instances/${pending.id}/consume`, {}, alice.token);
    expect({ status: r.status, error: r.body.error }).toEqual({ status: 409, error: "not_a_one_time_credential" });
    const unknown = await api("POST", "/approvals/instances/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b/consume", {}, alice.token);
    expect({ status: unknown.status, error: unknown.body.error }).toEqual({ status: 404, error: "approval_not_found" });
  });
});

describe("the list and the look-up by number", () => {
  test("IsRequester, IsReceiver, MyStepStatus, CreatorName and each step's ApproverName, as each party sees it", async () => {
    const doc = await submitted(t, org, bob, { WorkItemId: memo.id, Title: "Listed" });
    const find = async (who: Sealer, query = "") => ((await api("GET", `/approvals/instances${query}`, undefined, who.token)).body as any[]).find((d) => d.id === doc.id);
    expect(await find(bob)).toMatchObject({ isRequester: true, isReceiver: false, myStepStatus: null, creatorName: "bob@docs.test" });
    expect(await find(lead)).toMatchObject({ isRequester: false, isReceiver: true, myStepStatus: "pending", myStepId: stepOf(doc, lead).id });
    expect(await find(exec)).toMatchObject({ isReceiver: true, myStepStatus: "waiting" });
    expect((await find(lead)).steps.map((s: any) => s.approverName)).toEqual(["lead@docs.test", "exec@docs.test"]);
    expect(await find(carol)).toBeUndefined();
    expect(await find(ceo)).toBeUndefined();
    await stamp(t, org, lead, doc, "reject");
    expect(await find(lead, "?status=submitted")).toBeUndefined();
    expect(await find(lead, "?status=rejected")).toMatchObject({ myStepStatus: "rejected" });
    expect((await api("GET", "/approvals/instances?limit=1", undefined, bob.token)).body).toHaveLength(1);
    for (const query of ["?limit=0", "?limit=500", "?status=lost", "?offset=-1"]) expect((await api("GET", `/approvals/instances${query}`, undefined, bob.token)).status).toBe(400);
  });

  test("by number: its requester and approvers, and the Owner and Admins; anyone else 404 as for an unknown number", async () => {
    const doc = await submitted(t, org, alice, { WorkItemId: memo.id, Title: "Looked up" });
    const path = `/approvals/instances/by-number/${doc.documentNumber}`;
    for (const who of [alice, lead, exec, ceo]) {
      const r = await api("GET", path, undefined, who.token);
      expect({ who: who.email, status: r.status, id: r.body.id }).toEqual({ who: who.email, status: 200, id: doc.id });
    }
    for (const [who, token] of [
      ["carol", carol.token],
      ["bob", bob.token],
    ] as const) {
      const r = await api("GET", path, undefined, token);
      expect({ who, status: r.status, error: r.body.error }).toEqual({ who, status: 404, error: "approval_not_found" });
    }
    const unknown = await api("GET", `/approvals/instances/by-number/${org.slug}-2026-999999`, undefined, alice.token);
    expect({ status: unknown.status, error: unknown.body.error }).toEqual({ status: 404, error: "approval_not_found" });
    const other = await createOrg(t, "owner@docs-lookup.test", "Docs Lookup");
    expect((await api("GET", path, undefined, other.owner.token)).status).toBe(404);
    // Another organization's number is unknown here, even to this organization's owner.
    const theirForm = await workItem(orgApi(t, other), { Name: "Theirs", docType: "document", RiskLevel: 0 });
    const theirOwner = await sealingOwner(t, other);
    const theirs = await submitted(t, other, theirOwner, { WorkItemId: theirForm.id, Title: "theirs" });
    expect((await api("GET", `/approvals/instances/by-number/${theirs.documentNumber}`)).status).toBe(404);
    expect((await stamp(t, org, ceo, { ...theirs, steps: [{ id: crypto.randomUUID(), approverConnectedId: ceo.connectedId }] })).body.error).toBe("approval_not_found");
  });
});

describe("attachments are sealed with the document (spec 3.4)", () => {
  test("a sealed attachment cannot be trashed (409 sealed_attachment); its hash is in the document", async () => {
    const file = await seedFile(t, org, { name: "quote.pdf", uploadedBy: alice.userId });
    const loose = await seedFile(t, org, { name: "loose.txt", uploadedBy: alice.userId });
    const doc = await submitted(t, org, alice, { WorkItemId: memo.id, Title: "With a quote", AttachmentFileIds: [file.id] });
    expect(doc.attachments).toEqual([{ fileId: file.id, fileName: "quote.pdf", contentType: "text/plain", sizeBytes: file.sizeBytes, sha256: file.sha256 }]);
    const [event] = await eventsFor("reporting.approval.submitted", doc.id);
    expect(event!.payload.attachmentFileIds).toEqual([file.id]);
    const trash = await api("DELETE", `/files/${file.id}`, undefined, alice.token);
    expect({ status: trash.status, error: trash.body.error }).toEqual({ status: 409, error: "sealed_attachment" });
    expect((await api("DELETE", `/files/${file.id}`)).status).toBe(409);
    expect((await api("DELETE", `/files/${loose.id}`, undefined, alice.token)).status).toBe(200);
  });

  test("only live files of this organization the requester may read", async () => {
    const bobs = await seedFile(t, org, { name: "bob.txt", uploadedBy: bob.userId });
    const theirs = await seedFile(t, await createOrg(t, "owner@docs-files.test", "Docs Files"), { name: "theirs.txt" });
    const trashed = await seedFile(t, org, { name: "gone.txt", uploadedBy: alice.userId });
    await api("DELETE", `/files/${trashed.id}`, undefined, alice.token);
    const forbidden = await submit(t, org, alice, { WorkItemId: memo.id, Title: "Bob's file", AttachmentFileIds: [bobs.id] });
    expect({ status: forbidden.status, error: forbidden.body.error }).toEqual({ status: 403, error: "PERMISSION_DENIED" });
    for (const id of [theirs.id, trashed.id, "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b"]) {
      const r = await submit(t, org, alice, { WorkItemId: memo.id, Title: "Missing file", AttachmentFileIds: [id] });
      expect({ status: r.status, error: r.body.error, field: r.body.field }).toEqual({ status: 404, error: "not_found", field: "AttachmentFileIds[0]" });
    }
    const twice = await submit(t, org, alice, { WorkItemId: memo.id, Title: "Twice", AttachmentFileIds: [bobs.id, bobs.id] });
    expect({ status: twice.status, field: twice.body.field }).toEqual({ status: 400, field: "AttachmentFileIds[1]" });
    // Nothing was sealed by the refused submits: Bob may still trash his file.
    expect((await api("DELETE", `/files/${bobs.id}`, undefined, bob.token)).status).toBe(200);
  });
});

describe("stamp refusals", () => {
  test("not yours, unknown step, unknown document, no seal, a seal for the other decision, a machine, bad input", async () => {
    const doc = await submitted(t, org, alice, { WorkItemId: memo.id, Title: "Refused stamps" });
    const leadStep = stepOf(doc, lead);
    const notYours = await api("POST", `/approvals/instances/${doc.id}/stamp`, await sealedStamp(t, exec, doc.id, leadStep.id, "approve"), exec.token);
    expect({ status: notYours.status, error: notYours.body.error }).toEqual({ status: 403, error: "not_your_step" });
    const unknownStep = await api("POST", `/approvals/instances/${doc.id}/stamp`, await sealedStamp(t, lead, doc.id, "nope", "approve"), lead.token);
    expect({ status: unknownStep.status, error: unknownStep.body.error }).toEqual({ status: 404, error: "approval_step_not_found" });
    const unknownDoc = await api("POST", "/approvals/instances/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b/stamp", { StepId: leadStep.id, Decision: "approve" }, lead.token);
    expect({ status: unknownDoc.status, error: unknownDoc.body.error }).toEqual({ status: 404, error: "approval_not_found" });
    const unsealed = await api("POST", `/approvals/instances/${doc.id}/stamp`, { StepId: leadStep.id, Decision: "approve" }, lead.token);
    expect({ status: unsealed.status, error: unsealed.body.error }).toEqual({ status: 403, error: "step_up_required" });
    const swapped = await api("POST", `/approvals/instances/${doc.id}/stamp`, { ...(await sealedStamp(t, lead, doc.id, leadStep.id, "reject")), Decision: "approve" }, lead.token);
    expect({ status: swapped.status, reason: swapped.body.reason }).toEqual({ status: 403, reason: "subject_mismatch" });
    const robot = await machine(t, org, "stamp-bot", ["org.reporting_instance.approval_step.approve"]);
    const byMachine = await api("POST", `/approvals/instances/${doc.id}/stamp`, { StepId: leadStep.id, Decision: "approve" }, robot.token);
    expect({ status: byMachine.status, error: byMachine.body.error }).toEqual({ status: 403, error: "machine_not_allowed" });
    for (const body of [{ StepId: leadStep.id }, { StepId: leadStep.id, Decision: "maybe" }, { StepId: 3, Decision: "approve" }, { StepId: leadStep.id, Decision: "approve", Comment: "c".repeat(2001) }, { StepId: leadStep.id, Decision: "approve", Extra: 1 }]) {
      const r = await api("POST", `/approvals/instances/${doc.id}/stamp`, body, lead.token);
      expect({ body, status: r.status, error: r.body.error }).toEqual({ body, status: 400, error: "invalid_request" });
    }
    expect((await eventsFor("reporting.approval.step_approved", doc.id)).length + (await eventsFor("reporting.approval.step_rejected", doc.id)).length).toBe(0);
  });
});

describe("who may call", () => {
  test("no credential 401 and another organization 404 on every route; a custom role without the scopes 403", async () => {
    const doc = await submitted(t, org, alice, { WorkItemId: memo.id, Title: "Guarded" });
    const calls: Array<[string, string, unknown?]> = [
      ["GET", "/approvals/instances"],
      ["POST", "/approvals/instances", { WorkItemId: memo.id, Title: "x" }],
      ["GET", `/approvals/instances/by-number/${doc.documentNumber}`],
      ["POST", `/approvals/instances/${doc.id}/stamp`, { StepId: doc.steps[0].id, Decision: "approve" }],
      ["POST", `/approvals/instances/${doc.id}/consume`, {}],
    ];
    const other = await createOrg(t, "owner@docs-who.test", "Docs Who");
    const role = await api("POST", "/roles", { name: "Reader", key: "reader", scopes: ["org.member.list"] });
    const reader = await sealer(t, org, "reader@docs.test", role.body.id);
    for (const [method, path, body] of calls) {
      expect({ route: `${method} ${path}`, status: (await api(method, path, body, null)).status }).toEqual({ route: `${method} ${path}`, status: 401 });
      const foreign = await api(method, path, body, other.owner.token);
      expect({ route: `${method} ${path}`, status: foreign.status, error: foreign.body.error }).toEqual({ route: `${method} ${path}`, status: 404, error: "not_found" });
      const denied = await api(method, path, body, reader.token);
      expect({ route: `${method} ${path}`, status: denied.status, error: denied.body.error }).toEqual({ route: `${method} ${path}`, status: 403, error: "PERMISSION_DENIED" });
    }
  });
});
