/**
 * Mail of approvals (spec 4.7 rules 6 and 7): on submit, each approver receives the
 * document; a report's recipients receive the report (they do not stamp). Sent after the
 * submit has committed, through the platform's outbound mail (recorded in the outbox);
 * a refused message is logged and does not undo the submit. The people mailed are members
 * of the organization the line resolved to, not addresses the requester chose, so the
 * organization's invitation mail budget does not apply.
 */
import { SendFailedError } from "../../../platform/outbound/errors";
import { emailsOf } from "../../identity/index";
import type { Organization } from "../../orgs/index";
import type { ApprovalDeps } from "./deps";
import type { FormLanguage, InstanceRow, StepLabel, StepRow } from "./schema";

function labelIn(label: StepLabel, language: FormLanguage): string {
  return label[language] ?? label.en ?? label.ko ?? label.ja ?? "";
}

/** Mails the document to every step's person; answers how many messages went out. */
export async function mailDocument(
  deps: ApprovalDeps,
  org: Organization,
  instance: InstanceRow,
  steps: readonly StepRow[],
  context: { requesterName: string; language: FormLanguage },
): Promise<number> {
  if (steps.length === 0) return 0;
  const emails = await emailsOf(deps.db.read, steps.map((s) => s.approverUserId));
  const report = instance.docType === "report";
  const line = [...steps].sort((a, b) => a.ord - b.ord);
  let sent = 0;
  for (const step of line) {
    const to = emails.get(step.approverUserId);
    if (!to) continue;
    const role = labelIn(step.label, context.language);
    const text = [
      report
        ? `${context.requesterName} sent you a report in ${org.name}${role ? ` (as ${role})` : ""}.`
        : `${context.requesterName} asks for your approval in ${org.name}${role ? ` (as ${role})` : ""}.`,
      "",
      `Document ${instance.documentNumber}: ${instance.title}`,
      ...(instance.requestedScope ? [`Requested permission: ${instance.requestedScope}${instance.uses === 1 ? " (one use)" : ""}`] : []),
      "",
      instance.body,
      "",
      ...(instance.attachments.length ? [`Attachments: ${instance.attachments.map((a) => `${a.fileName} (sha256 ${a.sha256})`).join(", ")}`, ""] : []),
      ...(report
        ? ["This report needs no stamp."]
        : [
            `Line: ${instance.lineMode}, ${instance.requiredApprovals} approval${instance.requiredApprovals === 1 ? "" : "s"} needed of ${line.length}.`,
            ...(instance.lineMode === "chain" && step.status === "waiting" ? ["Your turn comes after the steps before yours are approved."] : []),
            `Stamp it with your passkey in the dashboard: ${deps.config.dashboardBase}`,
          ]),
      "",
      `Sealed document hash: ${instance.selfHash}`,
    ].join("\n");
    const subject = report ? `[${instance.documentNumber}] Report: ${instance.title}` : `[${instance.documentNumber}] Approval requested: ${instance.title}`;
    try {
      await deps.mail.send({ to, subject, text });
      sent++;
    } catch (e) {
      if (!(e instanceof SendFailedError)) throw e;
      deps.logger.warn("approval mail refused", { instanceId: instance.id, stepId: step.id, error: e.message });
    }
  }
  return sent;
}
