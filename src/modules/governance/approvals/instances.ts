/**
 * Approval documents (instances): submit, list, look up by number (spec 3.8, 4.7).
 *
 * Submit (rule 1): a person seals it with a passkey assertion of their own, purpose
 * `approval.submit`, subject `{workItemId}|{contentHash}` where contentHash is the SHA-256
 * (hex) of the canonical JSON (RFC 8785) of `{Title, Body, AttachmentFileIds}` as sent
 * (Body "" and AttachmentFileIds [] when left out). A machine (an M2M token of a key bound
 * to a service account) submits with its token alone: it has no passkey, and rule 3 keeps
 * it from ever being granted without a human.
 *
 * In one transaction: the seal, the line resolved on the graph as it is now (rules 2, 3),
 * the attachments sealed (spec 3.4), the next document number, the document sealed with
 * its line, the steps, an automatic grant where rule 3 gives one, and the audit events.
 * The mails (rules 6, 7) go out after the commit.
 */
import { and, desc, eq, inArray, or } from "drizzle-orm";
import { auditEvent } from "../../../platform/audit/catalog";
import { recordHash } from "../../../platform/crypto/canonical-json";
import type { Queryable, Tx } from "../../../platform/db/database";
import { kernelErrors } from "../../../platform/http/error-catalog";
import { newId } from "../../../platform/ids";
import { hasPersonalSeal, sealAssertionOf, verifyPersonalSeal } from "../../identity/index";
import { assertCan, badgesOfOrg, can, grantFor, permissionErrors } from "../../orgs/index";
import { sealAttachments } from "../../storage/index";
import { type GovernanceCaller, recordEvent } from "../caller";
import { completeInstance } from "./complete";
import type { ApprovalDeps } from "./deps";
import { approvalErrors } from "./errors";
import { APPROVAL_EVENTS } from "./events";
import { mailDocument } from "./mail";
import type { InstanceSubmit, InstanceView, InstancesQuery } from "./model";
import { nextDocumentNumber } from "./numbers";
import { loadResolutionContext, resolveLine } from "./resolve";
import { approvalInstances, approvalSteps, type InstanceRow, type StepRow } from "./schema";
import { APPROVAL_SCOPES } from "./scopes";
import { documentRecord, link } from "./seal";
import { instanceView } from "./views";
import { requesterOf, workItemOr404 } from "./work-items";

export const SUBMIT_SEAL_PURPOSE = "approval.submit";

/** The hash a submit's seal subject carries: the document's text and attachments as sent. */
export function submissionHash(input: { Title: string; Body?: string; AttachmentFileIds?: readonly string[] }): string {
  return recordHash({ Title: input.Title, Body: input.Body ?? "", AttachmentFileIds: input.AttachmentFileIds ?? [] });
}

/** Display names of the badges a set of documents names (requesters and approvers). */
export async function namesFor(reader: Queryable, orgId: string, instances: readonly InstanceRow[], steps: readonly StepRow[]): Promise<Map<string, string>> {
  const ids = [...new Set([...instances.map((i) => i.requesterConnectedId), ...steps.map((s) => s.approverConnectedId)])];
  const badges = await badgesOfOrg(reader, orgId, { ids });
  return new Map(badges.map((b) => [b.id, b.displayName]));
}

export async function stepsOf(reader: Queryable, instanceIds: readonly string[]): Promise<StepRow[]> {
  if (instanceIds.length === 0) return [];
  return reader.select().from(approvalSteps).where(inArray(approvalSteps.instanceId, [...instanceIds]));
}

export async function submitInstance(deps: ApprovalDeps, caller: GovernanceCaller, input: typeof InstanceSubmit.static): Promise<InstanceView> {
  assertCan(caller.actor, APPROVAL_SCOPES.instanceCreate);
  const requester = requesterOf(caller);
  const title = input.Title;
  if (title.trim().length === 0) throw kernelErrors.error("invalidRequest", { field: "Title", message: "a document needs a title, not only spaces" });
  const attachmentIds = input.AttachmentFileIds ?? [];
  const duplicate = attachmentIds.findIndex((id, i) => attachmentIds.indexOf(id) !== i);
  if (duplicate >= 0) throw kernelErrors.error("invalidRequest", { field: `AttachmentFileIds[${duplicate}]`, message: "the same file twice" });
  const now = deps.clock.now();
  const done = await deps.db.write(async (tx) => {
    const item = await workItemOr404(tx, caller.org.id, input.WorkItemId);
    if (item.archivedAt !== null) throw approvalErrors.error("workItemArchived", { field: "WorkItemId", message: "the form is archived" });
    if (caller.actor.kind === "user" && !(await hasPersonalSeal(tx, caller.actor.userId))) {
      throw approvalErrors.error("personalSealRequired", { message: "register a passkey first: it seals what you submit" });
    }
    const sealCredentialId =
      caller.actor.kind === "user"
        ? (
            await verifyPersonalSeal(tx, deps, {
              userId: caller.actor.userId,
              purpose: SUBMIT_SEAL_PURPOSE,
              subject: `${item.id}|${submissionHash(input)}`,
              assertion: sealAssertionOf(input),
            })
          ).credentialId
        : null;
    const line = resolveLine(await loadResolutionContext(tx, caller.org.id), item, requester);
    const attachments = await sealAttachments(tx, { orgId: caller.org.id, fileIds: attachmentIds, actor: caller.actor, at: now, field: "AttachmentFileIds" });
    const documentNumber = await nextDocumentNumber(tx, caller.org, now);
    const id = newId();
    const report = item.docType === "report";
    const steps: StepRow[] = line.approvers.map((a, i) => ({
      id: newId(),
      orgId: caller.org.id,
      instanceId: id,
      ord: i + 1,
      kind: report ? "recipient" : "approver",
      approverConnectedId: a.connectedId,
      approverUserId: a.userId,
      label: a.label,
      basis: a.basis,
      status: report ? "notified" : item.lineMode === "chain" && i > 0 ? "waiting" : "pending",
      decision: null,
      comment: null,
      stampedAt: null,
      sealCredentialId: null,
      chainIndex: null,
      selfHash: null,
      recordHash: null,
      sealedAt: null,
    }));
    if (line.routing !== "routed" && !report) steps.length = 0;
    const document = {
      id,
      orgId: caller.org.id,
      workItemId: item.id,
      documentNumber,
      docType: item.docType,
      lineMode: item.lineMode,
      requiredApprovals: line.requiredApprovals,
      linePath: line.linePath,
      riskLevel: line.riskLevel,
      requestedScope: item.requestedScope,
      uses: item.uses,
      title,
      body: input.Body ?? "",
      attachments,
      requesterConnectedId: requester.connectedId,
      requesterKind: requester.kind,
      requesterUserId: caller.actor.userId,
      requesterKeyId: caller.actor.kind === "m2m" ? caller.actor.keyId : null,
      sealCredentialId,
      routing: line.routing,
      submittedAt: now,
    };
    const selfHash = recordHash(documentRecord(document, steps));
    const [inserted] = await tx
      .insert(approvalInstances)
      .values({
        ...document,
        status: report ? "reported" : "submitted",
        completedAt: null,
        grantId: null,
        consumedAt: null,
        selfHash,
        recordHash: link("submitted", null, selfHash),
        sealedAt: now,
      })
      .returning();
    if (steps.length) await tx.insert(approvalSteps).values(steps);
    await recordEvent(
      tx,
      caller,
      auditEvent(APPROVAL_EVENTS.submitted, {
        aggregateId: id,
        documentNumber,
        workItemId: item.id,
        docType: item.docType,
        routing: line.routing,
        approverConnectedIds: steps.map((s) => s.approverConnectedId),
        attachmentFileIds: attachments.map((a) => a.fileId),
        sealHash: inserted!.recordHash,
      }),
      now,
    );
    // Rule 3: a human requester whom nobody needs to approve is granted at once.
    const instance = line.routing === "auto_granted" ? await completeInstance(tx, caller, inserted!, now) : inserted!;
    return { instance, steps, language: item.language };
  });
  const names = await namesFor(deps.db.read, caller.org.id, [done.instance], done.steps);
  await mailDocument(deps, caller.org, done.instance, done.steps, { requesterName: names.get(requester.connectedId) ?? "", language: done.language });
  return instanceView(done.instance, done.steps, names, requester.connectedId);
}

/**
 * The caller's documents, newest first: those they submitted and those where they stamp
 * a step or receive the report. Anyone holding org.reporting_instance.list in some form
 * may ask; the answer is always their own.
 */
export async function listInstances(deps: ApprovalDeps, caller: GovernanceCaller, query: typeof InstancesQuery.static): Promise<InstanceView[]> {
  if (!grantFor(caller.actor, APPROVAL_SCOPES.instanceList)) throw permissionErrors.error("permissionDenied", { scope: APPROVAL_SCOPES.instanceList });
  const me = caller.actor.connectedId;
  if (!me) return [];
  const reader = deps.db.read;
  const receiving = reader.select({ id: approvalSteps.instanceId }).from(approvalSteps).where(and(eq(approvalSteps.orgId, caller.org.id), eq(approvalSteps.approverConnectedId, me)));
  const mine = or(eq(approvalInstances.requesterConnectedId, me), inArray(approvalInstances.id, receiving));
  const rows = await reader
    .select()
    .from(approvalInstances)
    .where(and(eq(approvalInstances.orgId, caller.org.id), mine, query.status ? eq(approvalInstances.status, query.status) : undefined))
    .orderBy(desc(approvalInstances.submittedAt), desc(approvalInstances.documentNumber))
    .limit(query.limit ?? 50)
    .offset(query.offset ?? 0);
  const steps = await stepsOf(reader, rows.map((r) => r.id));
  const names = await namesFor(reader, caller.org.id, rows, steps);
  return rows.map((row) =>
    instanceView(
      row,
      steps.filter((s) => s.instanceId === row.id),
      names,
      me,
    ),
  );
}

/** Whether the caller may see a document: its requester, one of its approvers or recipients, or someone reading every document. */
export function maySee(caller: GovernanceCaller, instance: InstanceRow, steps: readonly StepRow[]): boolean {
  const me = caller.actor.connectedId;
  if (me && (instance.requesterConnectedId === me || steps.some((s) => s.approverConnectedId === me))) return true;
  return can(caller.actor, APPROVAL_SCOPES.instanceRead, { creatorId: instance.requesterConnectedId });
}

/** A sealed document by its number, with its stamps and whether every seal still holds; 404 for one the caller may not see. */
export async function instanceByNumber(deps: ApprovalDeps, caller: GovernanceCaller, documentNumber: string): Promise<InstanceView> {
  if (!grantFor(caller.actor, APPROVAL_SCOPES.instanceRead)) throw permissionErrors.error("permissionDenied", { scope: APPROVAL_SCOPES.instanceRead });
  const reader = deps.db.read;
  const [row] = await reader.select().from(approvalInstances).where(and(eq(approvalInstances.orgId, caller.org.id), eq(approvalInstances.documentNumber, documentNumber)));
  const steps = row ? await stepsOf(reader, [row.id]) : [];
  if (!row || !maySee(caller, row, steps)) throw approvalErrors.error("instanceNotFound", { message: "no such document, or not one you may see" });
  return instanceView(row, steps, await namesFor(reader, caller.org.id, [row], steps), caller.actor.connectedId);
}

/** The document, locked for a change (stamps and uses are serialised per document), or 404. */
export async function lockedInstance(tx: Tx, orgId: string, id: string): Promise<{ instance: InstanceRow; steps: StepRow[] }> {
  await tx.lock(`approvals.instance:${id}`);
  const [instance] = await tx.select().from(approvalInstances).where(and(eq(approvalInstances.orgId, orgId), eq(approvalInstances.id, id)));
  if (!instance) throw approvalErrors.error("instanceNotFound", { message: "no such document in this organization" });
  return { instance, steps: await stepsOf(tx, [id]) };
}
