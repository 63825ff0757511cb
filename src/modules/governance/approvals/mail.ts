/**
 * Mail of approvals (spec 4.7 rules 6 and 7): on submit, each approver receives the
 * document; a report's recipients receive the report (they do not stamp). Sent after the
 * submit has committed, through the platform's outbound mail (recorded in the outbox);
 * a refused message is logged and does not undo the submit. The people mailed are members
 * of the organization the line resolved to, not addresses the requester chose, so the
 * organization's invitation mail budget does not apply. The mail is in the form's language,
 * the one its position labels are read in.
 */
import { SendFailedError } from "../../../platform/outbound/errors";
import { emailsOf } from "../../identity/index";
import type { Organization } from "../../orgs/index";
import type { ApprovalDeps } from "./deps";
import { approvalDocumentMail } from "../../messaging/index";
import { translator } from "../../../platform/languages";
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
  // The form's language (spec 2.10: which label the mails use) words the whole mail.
  const t = translator(approvalDocumentMail, context.language);
  let sent = 0;
  for (const step of line) {
    const to = emails.get(step.approverUserId);
    if (!to) continue;
    const role = labelIn(step.label, context.language);
    const opening = report ? (role ? "sentReportAs" : "sentReport") : role ? "asksAs" : "asks";
    const text = [
      t(opening, { requester: context.requesterName, org: org.name, role }),
      "",
      t("document", { number: instance.documentNumber, title: instance.title }),
      ...(instance.requestedScope ? [t(instance.uses === 1 ? "permissionOnce" : "permission", { scope: instance.requestedScope })] : []),
      "",
      instance.body,
      "",
      ...(instance.attachments.length ? [t("attachments", { list: instance.attachments.map((a) => `${a.fileName} (sha256 ${a.sha256})`).join(", ") }), ""] : []),
      ...(report
        ? [t("noStamp")]
        : [
            t(instance.requiredApprovals === 1 ? "lineOne" : "lineMany", { mode: instance.lineMode, required: instance.requiredApprovals, total: line.length }),
            ...(instance.lineMode === "chain" && step.status === "waiting" ? [t("yourTurnLater")] : []),
            t("stamp", { link: deps.config.dashboardBase }),
          ]),
      "",
      t("hash", { hash: instance.selfHash }),
    ].join("\n");
    const subject = t(report ? "subjectReport" : "subject", { number: instance.documentNumber, title: instance.title });
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
