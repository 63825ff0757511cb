/**
 * Stamps (spec 3.8, 4.7 rule 4, §6 RPT031/RPT032): an approver approves or rejects their
 * step, sealed with their passkey (purpose `approval.stamp`, subject
 * `{instanceId}|{stepId}|{decision}`). Each stamp is one sealed link of the document's
 * chain and one five-piece audit event, written with the step in one transaction under the
 * document's lock, so parallel stamps each leave their own step and the document moves
 * once.
 *
 * Rule 4, the ceiling re-checked at stamp time: the approver must still hold what put them
 * on the line, as it is now: a role position's role (unless they were its fallback member),
 * a default-line column's place above the requester in the reporting graph, and for a
 * permission form the requested scope itself. Otherwise 403 stamp_ceiling with reason
 * role, reporting_line or scope; nothing is written.
 *
 * Progress by LineMode: single needs one approval, chain all in line order, parallel all in
 * any order, quorum K of N; any rejection rejects the document. Steps no longer needed are
 * marked skipped.
 */
import { and, eq, inArray } from "drizzle-orm";
import { auditEvent } from "../../../platform/audit/catalog";
import { recordHash } from "../../../platform/crypto/canonical-json";
import { sealAssertionOf, verifyPersonalSeal } from "../../identity/index";
import { assertCan, type Caller, coversAll, type OrgActor } from "../../orgs/index";
import { recordEvent } from "../caller";
import { loadGraph } from "../graph";
import { completeInstance } from "./complete";
import type { ApprovalDeps } from "./deps";
import { approvalErrors } from "./errors";
import { APPROVAL_EVENTS } from "./events";
import { lockedInstance, namesFor } from "./instances";
import type { InstanceView, StampInput } from "./model";
import { ancestors } from "./resolve";
import { approvalInstances, approvalSteps, type InstanceRow, type StepRow } from "./schema";
import { APPROVAL_SCOPES } from "./scopes";
import { link, stampRecord } from "./seal";
import { instanceView } from "./views";
import type { Tx } from "../../../platform/db/database";

export const STAMP_SEAL_PURPOSE = "approval.stamp";

/** People stamp: a passkey seals each stamp, so an M2M token never does (the guard answers 403 machine_not_allowed). */
export type StampCaller = Caller<OrgActor>;

/** Why the approver may no longer stamp this step (rule 4), or null. */
async function ceilingProblem(tx: Tx, caller: StampCaller, instance: InstanceRow, step: StepRow): Promise<"role" | "reporting_line" | "scope" | null> {
  const basis = step.basis;
  if (basis.kind === "role" && !basis.fallback && caller.actor.role !== basis.roleId) return "role";
  if (basis.kind === "tree" && !ancestors(await loadGraph(tx, instance.orgId), instance.requesterConnectedId).includes(step.approverConnectedId)) return "reporting_line";
  if (instance.docType === "permission" && instance.requestedScope && !coversAll(caller.actor.scopes, [instance.requestedScope])) return "scope";
  return null;
}

const CEILING_MESSAGES = {
  role: "you no longer hold the role this line position asks for",
  reporting_line: "you are no longer above the requester in the reporting graph",
  scope: "you no longer hold the scope this document requests, so you cannot approve granting it",
} as const;

export async function stampInstance(deps: ApprovalDeps, caller: StampCaller, instanceId: string, input: typeof StampInput.static): Promise<InstanceView> {
  assertCan(caller.actor, APPROVAL_SCOPES.stepApprove);
  const now = deps.clock.now();
  const done = await deps.db.write(async (tx) => {
    const { instance, steps } = await lockedInstance(tx, caller.org.id, instanceId);
    // A report is never stamped (rule 6): it is closed from the start, like a decided document.
    if (instance.status !== "submitted") throw approvalErrors.error("instanceClosed", { documentStatus: instance.status, message: `the document is ${instance.status}` });
    const step = steps.find((s) => s.id === input.StepId);
    if (!step || step.kind !== "approver") throw approvalErrors.error("stepNotFound", { field: "StepId", message: "no such step on this document" });
    if (step.approverConnectedId !== caller.actor.connectedId) throw approvalErrors.error("notYourStep", { field: "StepId", message: "the step belongs to another approver" });
    if (step.status === "waiting") throw approvalErrors.error("notYourTurn", { message: "an earlier step of this chain is still pending" });
    if (step.status !== "pending") throw approvalErrors.error("stepAlreadyStamped", { stepStatus: step.status, message: `the step is ${step.status}` });
    const problem = await ceilingProblem(tx, caller, instance, step);
    if (problem) throw approvalErrors.error("stampRefused", { reason: problem, message: CEILING_MESSAGES[problem] });
    const { credentialId } = await verifyPersonalSeal(tx, deps, {
      userId: caller.actor.userId,
      purpose: STAMP_SEAL_PURPOSE,
      subject: `${instance.id}|${step.id}|${input.Decision}`,
      assertion: sealAssertionOf(input),
    });

    const chainIndex = steps.filter((s) => s.chainIndex !== null).length + 1;
    const stamped = { ...step, decision: input.Decision, comment: input.Comment ?? null, stampedAt: now, sealCredentialId: credentialId };
    const selfHash = recordHash(stampRecord(stamped));
    const sealHash = link("stamp", instance.recordHash, selfHash);
    const status = input.Decision === "approve" ? ("approved" as const) : ("rejected" as const);
    await tx
      .update(approvalSteps)
      .set({ status, decision: input.Decision, comment: stamped.comment, stampedAt: now, sealCredentialId: credentialId, chainIndex, selfHash, recordHash: sealHash, sealedAt: now })
      .where(eq(approvalSteps.id, step.id));
    await recordEvent(
      tx,
      caller,
      auditEvent(input.Decision === "approve" ? APPROVAL_EVENTS.stepApproved : APPROVAL_EVENTS.stepRejected, {
        aggregateId: instance.id,
        stepId: step.id,
        approverConnectedId: step.approverConnectedId,
        decision: input.Decision,
        sealHash,
      }),
      now,
    );

    const after = steps.map((s) => (s.id === step.id ? { ...s, status } : s));
    const approvals = after.filter((s) => s.kind === "approver" && s.status === "approved").length;
    const open = after.filter((s) => s.kind === "approver" && (s.status === "pending" || s.status === "waiting")).map((s) => s.id);
    let current: InstanceRow;
    if (status === "rejected" || approvals >= instance.requiredApprovals) {
      if (open.length) await tx.update(approvalSteps).set({ status: "skipped" }).where(inArray(approvalSteps.id, open));
      if (status === "rejected") {
        [current] = (await tx.update(approvalInstances).set({ status: "rejected", completedAt: now, recordHash: sealHash }).where(eq(approvalInstances.id, instance.id)).returning()) as [InstanceRow];
      } else {
        const [row] = await tx.update(approvalInstances).set({ recordHash: sealHash }).where(eq(approvalInstances.id, instance.id)).returning();
        current = await completeInstance(tx, caller, row!, now);
      }
    } else {
      [current] = (await tx.update(approvalInstances).set({ recordHash: sealHash }).where(eq(approvalInstances.id, instance.id)).returning()) as [InstanceRow];
      if (instance.lineMode === "chain") {
        const next = after.filter((s) => s.kind === "approver" && s.status === "waiting").sort((a, b) => a.ord - b.ord)[0];
        if (next) await tx.update(approvalSteps).set({ status: "pending" }).where(and(eq(approvalSteps.id, next.id), eq(approvalSteps.status, "waiting")));
      }
    }
    const stepsAfter = await tx.select().from(approvalSteps).where(eq(approvalSteps.instanceId, instance.id));
    return { instance: current, steps: stepsAfter };
  });
  const names = await namesFor(deps.db.read, caller.org.id, [done.instance], done.steps);
  return instanceView(done.instance, done.steps, names, caller.actor.connectedId);
}
