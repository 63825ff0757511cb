/**
 * Approvals: the inbox of one's own documents (submitted, to stamp, received) with
 * approve and reject sealed by a passkey; submitting a document on a form, sealed by a
 * passkey over its content, with a preview of who will approve it; the look-up by
 * number with the seal re-checked; and, for the owner and admins, the forms and their
 * approval lines (docs/governance.md, Approvals).
 */
import { useEffect, useState } from "preact/hooks";
import { api, ApiProblem, query } from "../api";
import { ActionButton, Badge, EmptyState, ErrorMessage, Field, Form, Loaded, Section, Select, TextArea, Toggle, useLoad } from "../components";
import { type ApprovalLine, type Graph, type Instance, isOwnerOrAdmin, type LinePreview, type Position, type Step, type WorkItem, type WorkItemInput } from "../governance";
import type { Language } from "../../i18n";
import { useLanguage, useT } from "../language";
import type { DashboardKey } from "../locales/index";
import { formatNumber, formatTime, pluralForm } from "../messages";
import { passkeysSupported, personalSeal } from "../passkeys";
import type { Org } from "../session";

interface Role {
  id: string;
  name: string;
}

type T = ReturnType<typeof useT>;
const DOC_TYPES = ["document", "permission", "report"] as const satisfies readonly WorkItem["docType"][];
const LINE_MODES = ["chain", "single", "parallel", "quorum"] as const satisfies readonly WorkItem["lineMode"][];
const MAIL_LANGUAGES = ["en", "ko", "ja"] as const satisfies readonly WorkItem["language"][];
const RISK_LEVELS = ["0", "1", "2", "3", "4", "5"] as const;
const STATUS_TONE: Record<Instance["status"], "good" | "warn" | "bad" | "neutral"> = { submitted: "warn", completed: "good", rejected: "bad", reported: "neutral" };
const STEP_TONE: Record<Step["status"], "good" | "warn" | "bad" | "neutral"> = {
  waiting: "neutral",
  pending: "warn",
  approved: "good",
  rejected: "bad",
  skipped: "neutral",
  notified: "neutral",
};
const MY_STEP: Record<string, DashboardKey> = {
  waiting: "approvals.mine.waiting",
  pending: "approvals.mine.pending",
  approved: "approvals.mine.approved",
  rejected: "approvals.mine.rejected",
  skipped: "approvals.mine.skipped",
  notified: "approvals.mine.notified",
};
const SKIP_REASONS: Record<string, DashboardKey> = {
  nobody_found: "approvals.skip.nobody_found",
  not_a_person: "approvals.skip.not_a_person",
  inactive: "approvals.skip.inactive",
  requester: "approvals.skip.requester",
  duplicate: "approvals.skip.duplicate",
  below_ceiling: "approvals.skip.below_ceiling",
};

/** The label of a position or step in the person's language, else whichever language it has (the spec's labelKo, labelEn, labelJa). */
const labelOf = (label: { en: string | null; ko: string | null; ja: string | null }, language: Language) => label[language] ?? label.en ?? label.ko ?? label.ja ?? "";

/**
 * The seal subject's content hash (docs/governance.md, Submit): SHA-256 (hex) of the RFC 8785
 * canonical JSON of {AttachmentFileIds, Body, Title} as sent. With string values and the keys
 * in that (sorted) order, JSON.stringify is that canonical form.
 */
export async function contentHash(content: { Title: string; Body: string; AttachmentFileIds: string[] }): Promise<string> {
  const canonical = JSON.stringify({ AttachmentFileIds: content.AttachmentFileIds, Body: content.Body, Title: content.Title });
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(canonical));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export function ApprovalsPage({ org }: { org: Org }) {
  const base = `/api/org/${org.slug}/approvals`;
  const canEdit = isOwnerOrAdmin(org);
  const forms = useLoad(() => api<WorkItem[]>("GET", `${base}/work-items`), [org.slug]);
  const [status, setStatus] = useState("");
  const inbox = useLoad(() => api<Instance[]>("GET", `${base}/instances${query({ status })}`), [org.slug, status]);
  const [editing, setEditing] = useState<string | null>(null);
  const formName = (id: string) => forms.data?.find((f) => f.id === id)?.name ?? "";
  const t = useT();

  return (
    <>
      <div class="page-head">
        <h1>{t("approvals.title")}</h1>
      </div>
      <Section title={t("approvals.inbox")} id="approvals-inbox">
        <p class="muted">{t("approvals.inboxIntro")}</p>
        <div class="toolbar">
          <Select
            label={t("approvals.show")}
            id="inbox-status"
            value={status}
            onChange={setStatus}
            options={[
              ["", t("approvals.every")],
              ["submitted", t("approvals.status.submitted")],
              ["completed", t("approvals.status.completed")],
              ["rejected", t("approvals.status.rejected")],
              ["reported", t("approvals.reports")],
            ]}
          />
        </div>
        <Loaded state={inbox} what={t("approvals.inboxWhat")}>
          {(list) =>
            list.length === 0 ? (
              <EmptyState title={t("approvals.nothing")}>{t("approvals.nothingHint")}</EmptyState>
            ) : (
              <ul class="doc-list">
                {list.map((doc) => (
                  <li key={doc.id}>
                    <DocumentCard base={base} doc={doc} formName={formName(doc.workItemId)} onStamped={inbox.reload} />
                  </li>
                ))}
              </ul>
            )
          }
        </Loaded>
      </Section>
      <SubmitDocument base={base} forms={forms.data ?? []} onSubmitted={inbox.reload} />
      <FindByNumber base={base} example={`${org.slug}-${new Date().getUTCFullYear()}-000001`} formName={formName} />
      <Section title={t("approvals.forms")} id="approval-forms">
        <p class="muted">{t("approvals.formsIntro")}</p>
        <Loaded state={forms} what={t("approvals.formsWhat")}>
          {(list) =>
            list.length === 0 ? (
              <EmptyState title={t("approvals.noForms")}>{canEdit ? t("approvals.createBelow") : t("approvals.adminDefines")}</EmptyState>
            ) : (
              <ul class="form-list">
                {list.map((item) => (
                  <FormItem key={item.id} base={base} item={item} canEdit={canEdit} editing={editing === item.id} onEdit={() => setEditing(editing === item.id ? null : item.id)} onChanged={forms.reload} />
                ))}
              </ul>
            )
          }
        </Loaded>
        {canEdit ? <CreateForm base={base} onCreated={forms.reload} /> : null}
      </Section>
      {canEdit && editing && forms.data?.some((f) => f.id === editing) ? (
        <LineEditor key={editing} org={org} item={forms.data.find((f) => f.id === editing)!} onSaved={forms.reload} />
      ) : null}
    </>
  );
}

function DocumentCard({ base, doc, formName, onStamped }: { base: string; doc: Instance; formName: string; onStamped?: () => void }) {
  const t = useT();
  const { language } = useLanguage();
  const text = t(`approvals.status.${doc.status}`);
  const tone = STATUS_TONE[doc.status];
  const myStep = doc.isReceiver && doc.myStepStatus ? MY_STEP[doc.myStepStatus] : undefined;
  const mine = [doc.isRequester ? t("approvals.mine.submitted") : null, myStep ? t(myStep) : null].filter(Boolean).join("; ");
  return (
    <article class="doc card" data-document-number={doc.documentNumber} data-status={doc.status} data-seal-intact={String(doc.sealIntact)} aria-labelledby={`doc-${doc.id}`}>
      <div class="doc-head">
        <h3 id={`doc-${doc.id}`}>
          <code class="doc-number">{doc.documentNumber}</code> {doc.title}
        </h3>
        <Badge tone={tone}>{text}</Badge>
      </div>
      <p class="muted">
        {formName ? `${formName} · ` : ""}
        {t("approvals.by", { name: doc.creatorName || t("approvals.someoneGone"), time: formatTime(doc.submittedAt, language) })}
        {doc.requestedScope ? (
          <>
            {" "}
            {t("approvals.grants")} <code>{doc.requestedScope}</code>
            {doc.uses === 1 ? t("approvals.once") : ""}
          </>
        ) : null}
        {mine ? <span class="doc-mine"> · {mine}</span> : null}
      </p>
      {doc.body ? <p class="doc-body">{doc.body}</p> : null}
      {doc.routing === "unroutable" ? <p class="warning">{t("approvals.unroutableNote")}</p> : null}
      {doc.routing === "auto_granted" ? <p class="muted">{t("approvals.autoNote")}</p> : null}
      {doc.steps.length ? (
        <ol class="doc-steps" aria-label={t("approvals.lineOf", { number: doc.documentNumber })}>
          {doc.steps.map((s) => (
            <li key={s.id} data-step-status={s.status}>
              <span class="step-label">{labelOf(s.label, language) || t("approvals.stepN", { order: s.order })}</span> <strong>{s.approverName || "—"}</strong>{" "}
              <Badge tone={STEP_TONE[s.status]}>{t(`approvals.step.${s.status}`)}</Badge>
              {s.stampedAt ? <span class="muted"> {formatTime(s.stampedAt, language)}</span> : null}
              {s.comment ? <q class="step-comment">{s.comment}</q> : null}
            </li>
          ))}
        </ol>
      ) : null}
      {doc.attachments.length ? (
        <ul class="doc-attachments" aria-label={t("approvals.attachments")}>
          {doc.attachments.map((a) => (
            <li key={a.fileId}>
              {a.fileName} <code title={"SHA-256"}>{a.sha256.slice(0, 16)}…</code>
            </li>
          ))}
        </ul>
      ) : null}
      <p class="doc-seal">
        {doc.sealIntact ? <Badge tone="good">{t("approvals.sealIntact")}</Badge> : <Badge tone="bad">{t("approvals.sealBroken")}</Badge>}{" "}
        <span class="muted">
          {doc.sealIntact ? t("approvals.intactText") : t("approvals.brokenText")} {t("approvals.sealedAt", { time: formatTime(doc.sealedAt, language) })}{" "}
          <code>{doc.recordHash.slice(0, 16)}…</code>
        </span>
      </p>
      {doc.status === "submitted" && doc.myStepStatus === "pending" && doc.myStepId ? <Stamp base={base} doc={doc} stepId={doc.myStepId} onStamped={onStamped} /> : null}
    </article>
  );
}

/** Approve or reject one's step, sealed with a passkey (purpose approval.stamp, subject {instanceId}|{StepId}|{Decision}). */
function Stamp({ base, doc, stepId, onStamped }: { base: string; doc: Instance; stepId: string; onStamped?: () => void }) {
  const [comment, setComment] = useState("");
  const t = useT();
  const stamp = (decision: "approve" | "reject") => async () => {
    if (decision === "reject" && !confirm(t("approvals.confirmReject", { number: doc.documentNumber }))) return;
    const assertion = await personalSeal("approval.stamp", `${doc.id}|${stepId}|${decision}`);
    await api("POST", `${base}/instances/${doc.id}/stamp`, { StepId: stepId, Decision: decision, ...(comment.trim() ? { Comment: comment.trim() } : {}), assertionResponseJson: assertion });
    onStamped?.();
  };
  return (
    <div class="stamp" role="group" aria-label={t("approvals.yourStamp", { number: doc.documentNumber })}>
      <Field label={t("approvals.commentOn", { number: doc.documentNumber })} id={`comment-${doc.id}`} maxLength={2000} value={comment} onInput={(e) => setComment((e.target as HTMLInputElement).value)} />
      <div class="toolbar">
        <ActionButton id={`approve-${doc.id}`} disabled={!passkeysSupported()} onAction={stamp("approve")}>
          {t("approvals.approve")}
        </ActionButton>
        <ActionButton id={`reject-${doc.id}`} kind="danger" disabled={!passkeysSupported()} onAction={stamp("reject")}>
          {t("approvals.reject")}
        </ActionButton>
      </div>
    </div>
  );
}

function SubmitDocument({ base, forms, onSubmitted }: { base: string; forms: WorkItem[]; onSubmitted: () => void }) {
  const open = forms.filter((f) => !f.archived);
  const [formId, setFormId] = useState("");
  const [title, setTitle] = useState("");
  const [body, setBody] = useState("");
  const [submitted, setSubmitted] = useState<Instance | null>(null);
  const chosen = open.find((f) => f.id === formId);
  const t = useT();
  const submit = async () => {
    if (!chosen) throw new Error(t("approvals.chooseForm"));
    const content = { Title: title, Body: body, AttachmentFileIds: [] as string[] };
    const assertion = await personalSeal("approval.submit", `${chosen.id}|${await contentHash(content)}`);
    const doc = await api<Instance>("POST", `${base}/instances`, { WorkItemId: chosen.id, Title: title, Body: body, assertionResponseJson: assertion });
    setSubmitted(doc);
    setTitle("");
    setBody("");
    onSubmitted();
  };
  return (
    <Section title={t("approvals.submitTitle")} id="submit-document">
      {open.length === 0 ? (
        <EmptyState title={t("approvals.noOpenForm")} />
      ) : (
        <>
          {submitted ? (
            <p class="success" role="status" id="submitted">
              {t("approvals.submittedAs")} <code>{submitted.documentNumber}</code>: {t(`approvals.submittedStatus.${submitted.status}`)}.
            </p>
          ) : null}
          <Form onSubmit={submit} submitLabel={t("approvals.submit")} id="submit-document-form">
            <Select label={t("approvals.form")} id="submit-form" value={formId} onChange={setFormId} options={[["", t("approvals.choose")], ...open.map((f) => [f.id, f.name] as [string, string])]} />
            <Field label={t("approvals.docTitle")} id="submit-title" required maxLength={200} value={title} onInput={(e) => setTitle((e.target as HTMLInputElement).value)} />
            <TextArea label={t("approvals.docText")} id="submit-body" rows={4} maxLength={20000} value={body} onInput={setBody} hint={t("approvals.docTextHint")} />
            {chosen ? <Preview base={base} itemId={chosen.id} version={chosen.updatedAt} /> : null}
          </Form>
        </>
      )}
    </Section>
  );
}

/** resolve-line: who would approve a document the caller submits on this form now. */
function Preview({ base, itemId, version }: { base: string; itemId: string; version: string | number }) {
  const preview = useLoad(() => api<LinePreview>("GET", `${base}/work-items/${itemId}/resolve-line`), [itemId, version]);
  const t = useT();
  const { language } = useLanguage();
  return (
    <div class="preview-line" aria-live="polite">
      <Loaded state={preview} what={t("approvals.whoWhat")}>
        {(p) => (
          <>
            <p>
              <strong>{t("approvals.whoApproves")}</strong> {t(`approvals.routing.${p.routing}`)}
              {p.routing === "routed" ? t(`approvals.needed.${pluralForm(p.requiredApprovals, language)}`, { count: formatNumber(p.requiredApprovals, language) }) : ""}
            </p>
            {p.approvers.length ? (
              <ol class="preview-approvers">
                {p.approvers.map((a) => (
                  <li key={a.connectedId} data-approver-name={a.displayName}>
                    {labelOf(a.label, language) ? <span class="step-label">{labelOf(a.label, language)}</span> : null} <strong>{a.displayName}</strong>
                  </li>
                ))}
              </ol>
            ) : null}
            {p.skipped.length ? (
              <p class="muted">
                {t("approvals.leftOut")}{" "}
                {p.skipped.map((s, i) => (
                  <span key={i}>
                    {i ? "; " : ""}
                    {labelOf(s.label, language) || t("approvals.aColumn")} ({SKIP_REASONS[s.reason] ? t(SKIP_REASONS[s.reason]!) : s.reason})
                  </span>
                ))}
              </p>
            ) : null}
          </>
        )}
      </Loaded>
    </div>
  );
}

function FindByNumber({ base, example, formName }: { base: string; example: string; formName: (id: string) => string }) {
  const [number, setNumber] = useState("");
  const [found, setFound] = useState<Instance | null>(null);
  const t = useT();
  const { language } = useLanguage();
  const find = async () => {
    setFound(null);
    setFound(await api<Instance>("GET", `${base}/instances/by-number/${encodeURIComponent(number.trim())}`));
  };
  return (
    <Section title={t("approvals.findTitle")} id="find-document">
      <Form onSubmit={find} submitLabel={t("approvals.find")} id="find-document-form">
        <Field label={t("approvals.number")} id="document-number" required maxLength={200} placeholder={example} value={number} onInput={(e) => setNumber((e.target as HTMLInputElement).value)} />
      </Form>
      {found ? (
        <div id="found-document">
          <DocumentCard base={base} doc={found} formName={formName(found.workItemId)} />
          <details class="seal-details">
            <summary>{t("approvals.sealRecords")}</summary>
            <dl class="hashes">
              <dt>{t("approvals.asSubmitted")}</dt>
              <dd>
                <code>{found.selfHash}</code>
              </dd>
              {found.steps
                .filter((s) => s.recordHash)
                .map((s) => (
                  <div key={s.id}>
                    <dt>
                      {t("approvals.stampOf", { name: s.approverName ?? "—", decision: s.decision ?? "", time: formatTime(s.sealedAt, language) })}
                    </dt>
                    <dd>
                      <code>{s.recordHash}</code>
                    </dd>
                  </div>
                ))}
              <dt>{t("approvals.chainHead")}</dt>
              <dd>
                <code>{found.recordHash}</code>
              </dd>
            </dl>
          </details>
        </div>
      ) : null}
    </Section>
  );
}

function FormItem({ base, item, canEdit, editing, onEdit, onChanged }: { base: string; item: WorkItem; canEdit: boolean; editing: boolean; onEdit: () => void; onChanged: () => void }) {
  const t = useT();
  const { language } = useLanguage();
  const type = t(`approvals.docType.${item.docType}`);
  const mode = t(`approvals.lineMode.${item.lineMode}`);
  return (
    <li class="form-item" data-form-id={item.id} data-form-name={item.name}>
      <div>
        <strong>{item.name}</strong> {item.archived ? <Badge tone="neutral">{t("approvals.archived")}</Badge> : null}
        <p class="muted">
          {type} · {mode}
          {item.lineMode === "quorum" ? ` ${item.quorumK}` : ""}
          {t("approvals.riskLevel", { level: item.riskLevel })}
          {item.positionCount ? t(`approvals.positions.${pluralForm(item.positionCount, language)}`, { count: formatNumber(item.positionCount, language) }) : t("approvals.defaultLine")}
          {item.requestedScope ? (
            <>
              {" "}
              {t("approvals.grants")} <code>{item.requestedScope}</code>
              {item.uses === 1 ? t("approvals.once") : ""}
            </>
          ) : null}
        </p>
      </div>
      {canEdit ? (
        <div class="toolbar">
          <button type="button" class="secondary" aria-expanded={editing} onClick={onEdit}>
            {editing ? t("approvals.closeLine") : t("approvals.approvalLine")}
            <span class="visually-hidden">{t("approvals.ofForm", { name: item.name })}</span>
          </button>
          <ActionButton
            kind="secondary"
            label={t(item.archived ? "approvals.restoreLabel" : "approvals.archiveLabel", { name: item.name })}
            onAction={async () => {
              await api("PATCH", `${base}/work-items/${item.id}`, { Archived: !item.archived });
              onChanged();
            }}
          >
            {item.archived ? t("approvals.restore") : t("approvals.archive")}
          </ActionButton>
        </div>
      ) : null}
    </li>
  );
}

function CreateForm({ base, onCreated }: { base: string; onCreated: () => void }) {
  const [name, setName] = useState("");
  const [docType, setDocType] = useState<WorkItem["docType"]>("document");
  const [lineMode, setLineMode] = useState<WorkItem["lineMode"]>("chain");
  const [quorumK, setQuorumK] = useState("2");
  const [risk, setRisk] = useState("2");
  const [language, setLanguage] = useState<WorkItem["language"]>("en");
  const [scope, setScope] = useState("");
  const [once, setOnce] = useState(false);
  const t = useT();
  const create = async () => {
    const body: WorkItemInput = { Name: name.trim(), docType, LineMode: lineMode, RiskLevel: Number(risk), language };
    if (lineMode === "quorum") body.QuorumK = Number(quorumK);
    if (docType === "permission") {
      body.RequestedScope = scope.trim();
      if (once) body.uses = 1;
    }
    await api<WorkItem>("POST", `${base}/work-items`, body);
    setName("");
    setScope("");
    onCreated();
  };
  return (
    <>
      <h3>{t("approvals.createTitle")}</h3>
      <Form onSubmit={create} submitLabel={t("approvals.create")} id="create-form">
        <Field label={t("approvals.formName")} id="form-name" required maxLength={200} placeholder={t("approvals.formNamePlaceholder")} value={name} onInput={(e) => setName((e.target as HTMLInputElement).value)} />
        <Select
          label={t("approvals.type")}
          id="form-type"
          value={docType}
          onChange={(v) => setDocType(v as WorkItem["docType"])}
          options={DOC_TYPES.map((k) => [k, t(`approvals.docTypeOption.${k}`)])}
        />
        {docType === "permission" ? (
          <>
            <Field
              label={t("approvals.scope")}
              id="form-scope"
              required
              maxLength={200}
              placeholder={"org.org_file.delete"}
              hint={t("approvals.scopeHint")}
              value={scope}
              onInput={(e) => setScope((e.target as HTMLInputElement).value)}
            />
            <Toggle id="form-once" label={t("approvals.onceToggle")} checked={once} onChange={setOnce} />
          </>
        ) : null}
        <Select
          label={t("approvals.lineMode")}
          id="form-line-mode"
          value={lineMode}
          onChange={(v) => setLineMode(v as WorkItem["lineMode"])}
          options={LINE_MODES.map((k) => [k, t(`approvals.lineModeOption.${k}`)])}
        />
        {lineMode === "quorum" ? <Field label={t("approvals.quorumK")} id="form-quorum" type="number" min={1} max={20} required value={quorumK} onInput={(e) => setQuorumK((e.target as HTMLInputElement).value)} /> : null}
        <Select label={t("approvals.risk")} id="form-risk" value={risk} onChange={setRisk} options={RISK_LEVELS.map((k) => [k, t(`approvals.risk.${k}`)])} />
        <Select
          label={t("approvals.mailLanguage")}
          id="form-language"
          value={language}
          onChange={(v) => setLanguage(v as WorkItem["language"])}
          options={MAIL_LANGUAGES.map((k) => [k, t(`approvals.language.${k}`)])}
        />
      </Form>
    </>
  );
}

type DraftPosition = { key: number; labelEn: string; labelKo: string; labelJa: string; resolveType: Position["resolveType"]; role: string; member: string };
let nextPositionKey = 0;

function draftOf(p: ApprovalLine["positions"][number]): DraftPosition {
  return {
    key: ++nextPositionKey,
    labelEn: p.labelEn ?? "",
    labelKo: p.labelKo ?? "",
    labelJa: p.labelJa ?? "",
    resolveType: p.resolveType,
    role: p.resolveRoleId ?? "",
    member: p.resolveMemberConnectedId ?? "",
  };
}

function positionOf(d: DraftPosition): Position {
  const label = (text: string) => (text.trim() ? text.trim() : null);
  return {
    labelEn: label(d.labelEn),
    labelKo: label(d.labelKo),
    labelJa: label(d.labelJa),
    resolveType: d.resolveType,
    ...(d.resolveType === "role" ? { resolveRoleId: d.role || null, resolveMemberConnectedId: d.member || null } : {}),
    ...(d.resolveType === "member" ? { resolveMemberConnectedId: d.member || null } : {}),
  };
}

/** The ordered positions of a form's line (PUT replaces them all; none means the default columns). */
function LineEditor({ org, item, onSaved }: { org: Org; item: WorkItem; onSaved: () => void }) {
  const base = `/api/org/${org.slug}`;
  const line = useLoad(() => api<ApprovalLine>("GET", `${base}/approvals/work-items/${item.id}/approval-line`), [item.id]);
  const roles = useLoad(() => api<Role[]>("GET", `${base}/roles`), [org.slug]);
  const graph = useLoad(() => api<Graph>("GET", `${base}/reporting/graph`), [org.slug]);
  const [draft, setDraft] = useState<DraftPosition[] | null>(null);
  const [saved, setSaved] = useState(false);
  const [version, setVersion] = useState(0);
  const t = useT();
  const { language } = useLanguage();
  useEffect(() => {
    if (line.data) setDraft(line.data.positions.map(draftOf));
  }, [line.data]);
  const people: [string, string][] = (graph.data?.people ?? []).filter((p) => p.type === "person").map((p) => [p.connectedId, p.displayName]);
  const roleOptions: [string, string][] = (roles.data ?? []).map((r) => [r.id, r.name]);
  const change = (i: number, patch: Partial<DraftPosition>) => {
    setSaved(false);
    setDraft((d) => d!.map((p, j) => (j === i ? { ...p, ...patch } : p)));
  };
  const move = (i: number, by: number) => {
    setSaved(false);
    setDraft((d) => {
      const next = [...d!];
      const [p] = next.splice(i, 1);
      next.splice(i + by, 0, p!);
      return next;
    });
  };
  const save = async (positions: DraftPosition[]) => {
    const result = await api<ApprovalLine>("PUT", `${base}/approvals/work-items/${item.id}/approval-line`, { positions: positions.map(positionOf) });
    setDraft(result.positions.map(draftOf));
    setSaved(true);
    setVersion((v) => v + 1);
    onSaved();
  };

  return (
    <Section title={t("approvals.lineTitle", { name: item.name })} id="line-editor">
      <Loaded state={line} what={t("approvals.lineWhat")}>
        {(l) => (
          <>
            {draft && draft.length === 0 ? (
              <p id="default-line">
                {t("approvals.defaultColumns", {
                  columns: l.defaultColumns.map((c) => labelOf({ en: c.labelEn, ko: c.labelKo, ja: c.labelJa }, language)).join(", "),
                  level: item.riskLevel,
                })}
              </p>
            ) : null}
            <ol class="positions">
              {(draft ?? []).map((p, i) => (
                <li key={p.key} class="position" data-position={i + 1}>
                  <fieldset>
                    <legend>{t("approvals.position", { n: i + 1 })}</legend>
                    <Field label={t("approvals.labelEn", { n: i + 1 })} maxLength={100} value={p.labelEn} onInput={(e) => change(i, { labelEn: (e.target as HTMLInputElement).value })} />
                    <details>
                      <summary>{t("approvals.labelsOther")}</summary>
                      <Field label={t("approvals.labelKo", { n: i + 1 })} maxLength={100} value={p.labelKo} onInput={(e) => change(i, { labelKo: (e.target as HTMLInputElement).value })} />
                      <Field label={t("approvals.labelJa", { n: i + 1 })} maxLength={100} value={p.labelJa} onInput={(e) => change(i, { labelJa: (e.target as HTMLInputElement).value })} />
                    </details>
                    <Select
                      label={t("approvals.whoTakes", { n: i + 1 })}
                      value={p.resolveType}
                      onChange={(v) => change(i, { resolveType: v as Position["resolveType"] })}
                      options={[
                        ["role", t("approvals.resolveRole")],
                        ["member", t("approvals.resolveMember")],
                        ["drafter", t("approvals.resolveDrafter")],
                      ]}
                    />
                    {p.resolveType === "role" ? (
                      <>
                        <Select label={t("approvals.roleFor", { n: i + 1 })} value={p.role} onChange={(role) => change(i, { role })} options={[["", t("approvals.choose")], ...roleOptions]} />
                        <Select
                          label={t("approvals.fallbackFor", { n: i + 1 })}
                          value={p.member}
                          onChange={(member) => change(i, { member })}
                          options={[["", t("approvals.noFallback")], ...people]}
                        />
                      </>
                    ) : null}
                    {p.resolveType === "member" ? <Select label={t("approvals.personFor", { n: i + 1 })} value={p.member} onChange={(member) => change(i, { member })} options={[["", t("approvals.choose")], ...people]} /> : null}
                    <div class="toolbar">
                      <button type="button" class="secondary small" disabled={i === 0} aria-label={t("approvals.moveUp", { n: i + 1 })} onClick={() => move(i, -1)}>
                        {t("approvals.up")}
                      </button>
                      <button type="button" class="secondary small" disabled={i === draft!.length - 1} aria-label={t("approvals.moveDown", { n: i + 1 })} onClick={() => move(i, 1)}>
                        {t("approvals.down")}
                      </button>
                      <button type="button" class="danger small" aria-label={t("approvals.removePosition", { n: i + 1 })} onClick={() => setDraft((d) => d!.filter((_, j) => j !== i))}>
                        {t("approvals.remove")}
                      </button>
                    </div>
                  </fieldset>
                </li>
              ))}
            </ol>
            <div class="toolbar">
              <button
                type="button"
                class="secondary"
                id="add-position"
                disabled={(draft?.length ?? 0) >= 20}
                onClick={() => {
                  setSaved(false);
                  setDraft((d) => [...(d ?? []), { key: ++nextPositionKey, labelEn: "", labelKo: "", labelJa: "", resolveType: "role", role: "", member: "" }]);
                }}
              >
                {t("approvals.addPosition")}
              </button>
              <ActionButton id="save-line" onAction={() => save(draft ?? [])}>
                {t("approvals.saveLine")}
              </ActionButton>
              {draft?.length ? (
                <ActionButton kind="secondary" id="default-columns" onAction={() => save([])}>
                  {t("approvals.useDefault")}
                </ActionButton>
              ) : null}
            </div>
            {saved ? (
              <p class="success" role="status" id="line-saved">
                {t("approvals.lineSaved")}
              </p>
            ) : null}
            <h3>{t("approvals.wouldApprove")}</h3>
            <Preview base={`${base}/approvals`} itemId={item.id} version={version} />
          </>
        )}
      </Loaded>
      <ErrorMessage error={roles.error instanceof ApiProblem && roles.error.status !== 403 ? roles.error : null} />
    </Section>
  );
}
