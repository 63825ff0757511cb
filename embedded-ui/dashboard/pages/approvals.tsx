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
import { formatTime, plural } from "../messages";
import { passkeysSupported, personalSeal } from "../passkeys";
import type { Org } from "../session";

interface Role {
  id: string;
  name: string;
}

const DOC_TYPES: [WorkItem["docType"], string][] = [
  ["document", "Document: an approval and nothing more"],
  ["permission", "Permission: approval grants a scope"],
  ["report", "Report: mailed to the line, not stamped"],
];
const LINE_MODES: [WorkItem["lineMode"], string][] = [
  ["chain", "Chain: everyone, in order"],
  ["single", "Single: one approval"],
  ["parallel", "Parallel: everyone, any order"],
  ["quorum", "Quorum: K of them"],
];
const LANGUAGES: [WorkItem["language"], string][] = [
  ["en", "English"],
  ["ko", "Korean"],
  ["ja", "Japanese"],
];
const RISK_LEVELS: [string, string][] = [
  ["0", "0: nobody up the tree"],
  ["1", "1: the team lead"],
  ["2", "2: team lead and executive (default)"],
  ["3", "3: one level higher"],
  ["4", "4: two levels higher"],
  ["5", "5: three levels higher"],
];
const STATUS: Record<Instance["status"], [string, "good" | "warn" | "bad" | "neutral"]> = {
  submitted: ["Waiting for approval", "warn"],
  completed: ["Approved", "good"],
  rejected: ["Rejected", "bad"],
  reported: ["Reported", "neutral"],
};
const STEP_STATUS: Record<Step["status"], [string, "good" | "warn" | "bad" | "neutral"]> = {
  waiting: ["waiting for an earlier step", "neutral"],
  pending: ["to stamp", "warn"],
  approved: ["approved", "good"],
  rejected: ["rejected", "bad"],
  skipped: ["not needed", "neutral"],
  notified: ["notified", "neutral"],
};
const MY_STEP: Record<string, string> = {
  waiting: "your turn comes after an earlier approver",
  pending: "your stamp is needed",
  approved: "you approved it",
  rejected: "you rejected it",
  skipped: "your stamp was not needed",
  notified: "sent to you for information",
};
const SKIP_REASONS: Record<string, string> = {
  nobody_found: "nobody holds this place",
  not_a_person: "not a person",
  inactive: "inactive",
  requester: "that is you",
  duplicate: "already in an earlier column",
  below_ceiling: "does not hold the requested scope",
};
const ROUTING: Record<LinePreview["routing"], string> = {
  routed: "It goes to the approvers below.",
  auto_granted: "Nobody needs to approve it: it is approved as soon as you submit.",
  unroutable: "Nobody who may approve it was found: it would wait unapproved.",
  notified: "A report: the people below receive it; nobody stamps it.",
};

/** The label of a position or step in English, else whichever language it has. */
const labelOf = (label: { en: string | null; ko: string | null; ja: string | null }) => label.en ?? label.ko ?? label.ja ?? "";

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

  return (
    <>
      <div class="page-head">
        <h1>Approvals</h1>
      </div>
      <Section title="Inbox" id="approvals-inbox">
        <p class="muted">Documents you submitted, and those you approve or receive.</p>
        <div class="toolbar">
          <Select
            label="Show"
            id="inbox-status"
            value={status}
            onChange={setStatus}
            options={[
              ["", "Every document"],
              ["submitted", "Waiting for approval"],
              ["completed", "Approved"],
              ["rejected", "Rejected"],
              ["reported", "Reports"],
            ]}
          />
        </div>
        <Loaded state={inbox} what="your documents">
          {(list) =>
            list.length === 0 ? (
              <EmptyState title="Nothing here yet.">Submit a document below; what others send you to approve appears here too.</EmptyState>
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
      <Section title="Forms" id="approval-forms">
        <p class="muted">A form is what a document is submitted on: its type, how its approval line works, and who is on it.</p>
        <Loaded state={forms} what="forms">
          {(list) =>
            list.length === 0 ? (
              <EmptyState title="No forms yet.">{canEdit ? "Create one below." : "The owner or an admin defines them."}</EmptyState>
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
  const [text, tone] = STATUS[doc.status];
  const mine = [doc.isRequester ? "you submitted it" : null, doc.isReceiver && doc.myStepStatus ? MY_STEP[doc.myStepStatus] : null].filter(Boolean).join("; ");
  return (
    <article class="doc card" data-document-number={doc.documentNumber} data-status={doc.status} data-seal-intact={String(doc.sealIntact)} aria-labelledby={`doc-${doc.id}`}>
      <div class="doc-head">
        <h3 id={`doc-${doc.id}`}>
          <code class="doc-number">{doc.documentNumber}</code> {doc.title}
        </h3>
        <Badge tone={tone}>{text}</Badge>
      </div>
      <p class="muted">
        {formName ? `${formName} · ` : ""}by {doc.creatorName || "someone no longer here"} · {formatTime(doc.submittedAt)}
        {doc.requestedScope ? (
          <>
            {" "}
            · grants <code>{doc.requestedScope}</code>
            {doc.uses === 1 ? " once" : ""}
          </>
        ) : null}
        {mine ? <span class="doc-mine"> · {mine}</span> : null}
      </p>
      {doc.body ? <p class="doc-body">{doc.body}</p> : null}
      {doc.routing === "unroutable" ? <p class="warning">Nobody who may approve it was found; it waits.</p> : null}
      {doc.routing === "auto_granted" ? <p class="muted">Nobody needed to approve it: it was approved when submitted.</p> : null}
      {doc.steps.length ? (
        <ol class="doc-steps" aria-label={`Approval line of ${doc.documentNumber}`}>
          {doc.steps.map((s) => (
            <li key={s.id} data-step-status={s.status}>
              <span class="step-label">{labelOf(s.label) || `Step ${s.order}`}</span> <strong>{s.approverName || "—"}</strong>{" "}
              <Badge tone={STEP_STATUS[s.status][1]}>{STEP_STATUS[s.status][0]}</Badge>
              {s.stampedAt ? <span class="muted"> {formatTime(s.stampedAt)}</span> : null}
              {s.comment ? <q class="step-comment">{s.comment}</q> : null}
            </li>
          ))}
        </ol>
      ) : null}
      {doc.attachments.length ? (
        <ul class="doc-attachments" aria-label="Attachments">
          {doc.attachments.map((a) => (
            <li key={a.fileId}>
              {a.fileName} <code title="SHA-256">{a.sha256.slice(0, 16)}…</code>
            </li>
          ))}
        </ul>
      ) : null}
      <p class="doc-seal">
        {doc.sealIntact ? <Badge tone="good">Seal intact</Badge> : <Badge tone="bad">Seal broken</Badge>}{" "}
        <span class="muted">
          {doc.sealIntact ? "The document and every stamp still match their seals." : "A record no longer matches its seal: it was changed outside Signet."} Sealed {formatTime(doc.sealedAt)}, chain head{" "}
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
  const stamp = (decision: "approve" | "reject") => async () => {
    if (decision === "reject" && !confirm(`Reject ${doc.documentNumber}? Any rejection rejects the whole document.`)) return;
    const assertion = await personalSeal("approval.stamp", `${doc.id}|${stepId}|${decision}`);
    await api("POST", `${base}/instances/${doc.id}/stamp`, { StepId: stepId, Decision: decision, ...(comment.trim() ? { Comment: comment.trim() } : {}), assertionResponseJson: assertion });
    onStamped?.();
  };
  return (
    <div class="stamp" role="group" aria-label={`Your stamp on ${doc.documentNumber}`}>
      <Field label={`Comment on ${doc.documentNumber} (optional)`} id={`comment-${doc.id}`} maxLength={2000} value={comment} onInput={(e) => setComment((e.target as HTMLInputElement).value)} />
      <div class="toolbar">
        <ActionButton id={`approve-${doc.id}`} disabled={!passkeysSupported()} onAction={stamp("approve")}>
          Approve with my passkey
        </ActionButton>
        <ActionButton id={`reject-${doc.id}`} kind="danger" disabled={!passkeysSupported()} onAction={stamp("reject")}>
          Reject with my passkey
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
  const submit = async () => {
    if (!chosen) throw new Error("Choose the form to submit on.");
    const content = { Title: title, Body: body, AttachmentFileIds: [] as string[] };
    const assertion = await personalSeal("approval.submit", `${chosen.id}|${await contentHash(content)}`);
    const doc = await api<Instance>("POST", `${base}/instances`, { WorkItemId: chosen.id, Title: title, Body: body, assertionResponseJson: assertion });
    setSubmitted(doc);
    setTitle("");
    setBody("");
    onSubmitted();
  };
  return (
    <Section title="Submit a document" id="submit-document">
      {open.length === 0 ? (
        <EmptyState title="No form to submit on yet." />
      ) : (
        <>
          {submitted ? (
            <p class="success" role="status" id="submitted">
              Submitted <code>{submitted.documentNumber}</code>: {STATUS[submitted.status][0].toLowerCase()}.
            </p>
          ) : null}
          <Form onSubmit={submit} submitLabel="Sign with my passkey and submit" id="submit-document-form">
            <Select label="Form" id="submit-form" value={formId} onChange={setFormId} options={[["", "Choose…"], ...open.map((f) => [f.id, f.name] as [string, string])]} />
            <Field label="Title" id="submit-title" required maxLength={200} value={title} onInput={(e) => setTitle((e.target as HTMLInputElement).value)} />
            <TextArea label="Text" id="submit-body" rows={4} maxLength={20000} value={body} onInput={setBody} hint="Your passkey seals the title and text: what the approvers see is what you signed." />
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
  return (
    <div class="preview-line" aria-live="polite">
      <Loaded state={preview} what="who approves">
        {(p) => (
          <>
            <p>
              <strong>Who approves:</strong> {ROUTING[p.routing]}
              {p.routing === "routed" ? ` ${plural(p.requiredApprovals, "approval")} needed.` : ""}
            </p>
            {p.approvers.length ? (
              <ol class="preview-approvers">
                {p.approvers.map((a) => (
                  <li key={a.connectedId} data-approver-name={a.displayName}>
                    {labelOf(a.label) ? <span class="step-label">{labelOf(a.label)}</span> : null} <strong>{a.displayName}</strong>
                  </li>
                ))}
              </ol>
            ) : null}
            {p.skipped.length ? (
              <p class="muted">
                Left out:{" "}
                {p.skipped.map((s, i) => (
                  <span key={i}>
                    {i ? "; " : ""}
                    {labelOf(s.label) || "a column"} ({SKIP_REASONS[s.reason] ?? s.reason})
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
  const find = async () => {
    setFound(null);
    setFound(await api<Instance>("GET", `${base}/instances/by-number/${encodeURIComponent(number.trim())}`));
  };
  return (
    <Section title="Find a document by number" id="find-document">
      <Form onSubmit={find} submitLabel="Find" id="find-document-form">
        <Field label="Document number" id="document-number" required maxLength={200} placeholder={example} value={number} onInput={(e) => setNumber((e.target as HTMLInputElement).value)} />
      </Form>
      {found ? (
        <div id="found-document">
          <DocumentCard base={base} doc={found} formName={formName(found.workItemId)} />
          <details class="seal-details">
            <summary>Seal records</summary>
            <dl class="hashes">
              <dt>Document as submitted</dt>
              <dd>
                <code>{found.selfHash}</code>
              </dd>
              {found.steps
                .filter((s) => s.recordHash)
                .map((s) => (
                  <div key={s.id}>
                    <dt>
                      Stamp of {s.approverName} ({s.decision}, {formatTime(s.sealedAt)})
                    </dt>
                    <dd>
                      <code>{s.recordHash}</code>
                    </dd>
                  </div>
                ))}
              <dt>Chain head</dt>
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
  const type = DOC_TYPES.find(([k]) => k === item.docType)?.[1].split(":")[0] ?? item.docType;
  const mode = LINE_MODES.find(([k]) => k === item.lineMode)?.[1].split(":")[0] ?? item.lineMode;
  return (
    <li class="form-item" data-form-id={item.id} data-form-name={item.name}>
      <div>
        <strong>{item.name}</strong> {item.archived ? <Badge tone="neutral">archived</Badge> : null}
        <p class="muted">
          {type} · {mode}
          {item.lineMode === "quorum" ? ` ${item.quorumK}` : ""} · risk level {item.riskLevel} · {item.positionCount ? plural(item.positionCount, "position") : "default line"}
          {item.requestedScope ? (
            <>
              {" "}
              · grants <code>{item.requestedScope}</code>
              {item.uses === 1 ? " once" : ""}
            </>
          ) : null}
        </p>
      </div>
      {canEdit ? (
        <div class="toolbar">
          <button type="button" class="secondary" aria-expanded={editing} onClick={onEdit}>
            {editing ? "Close the line" : "Approval line"}
            <span class="visually-hidden"> of {item.name}</span>
          </button>
          <ActionButton
            kind="secondary"
            label={`${item.archived ? "Restore" : "Archive"} ${item.name}`}
            onAction={async () => {
              await api("PATCH", `${base}/work-items/${item.id}`, { Archived: !item.archived });
              onChanged();
            }}
          >
            {item.archived ? "Restore" : "Archive"}
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
      <h3>Create a form</h3>
      <Form onSubmit={create} submitLabel="Create form" id="create-form">
        <Field label="Form name" id="form-name" required maxLength={200} placeholder="Purchase request" value={name} onInput={(e) => setName((e.target as HTMLInputElement).value)} />
        <Select label="Type" id="form-type" value={docType} onChange={(v) => setDocType(v as WorkItem["docType"])} options={DOC_TYPES} />
        {docType === "permission" ? (
          <>
            <Field
              label="Scope it grants"
              id="form-scope"
              required
              maxLength={200}
              placeholder="org.org_file.delete"
              hint="A scope you hold yourself. Approvers must hold it too."
              value={scope}
              onInput={(e) => setScope((e.target as HTMLInputElement).value)}
            />
            <Toggle id="form-once" label="Once: the approval is used one time instead of granting the scope" checked={once} onChange={setOnce} />
          </>
        ) : null}
        <Select label="Line mode" id="form-line-mode" value={lineMode} onChange={(v) => setLineMode(v as WorkItem["lineMode"])} options={LINE_MODES} />
        {lineMode === "quorum" ? <Field label="Approvals needed (K)" id="form-quorum" type="number" min={1} max={20} required value={quorumK} onInput={(e) => setQuorumK((e.target as HTMLInputElement).value)} /> : null}
        <Select label="How far up the default line reaches (risk level)" id="form-risk" value={risk} onChange={setRisk} options={RISK_LEVELS} />
        <Select label="Language of the mails" id="form-language" value={language} onChange={(v) => setLanguage(v as WorkItem["language"])} options={LANGUAGES} />
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
    <Section title={`Approval line of ${item.name}`} id="line-editor">
      <Loaded state={line} what="the approval line">
        {(l) => (
          <>
            {draft && draft.length === 0 ? (
              <p id="default-line">
                No positions: the default columns apply, {l.defaultColumns.map((c) => c.labelEn).join(", ")}, climbing the requester's reporting lines as far as the form's risk level
                ({item.riskLevel}) says.
              </p>
            ) : null}
            <ol class="positions">
              {(draft ?? []).map((p, i) => (
                <li key={p.key} class="position" data-position={i + 1}>
                  <fieldset>
                    <legend>Position {i + 1}</legend>
                    <Field label={`Label of position ${i + 1} (English)`} maxLength={100} value={p.labelEn} onInput={(e) => change(i, { labelEn: (e.target as HTMLInputElement).value })} />
                    <details>
                      <summary>Labels in Korean and Japanese</summary>
                      <Field label={`Label of position ${i + 1} (Korean)`} maxLength={100} value={p.labelKo} onInput={(e) => change(i, { labelKo: (e.target as HTMLInputElement).value })} />
                      <Field label={`Label of position ${i + 1} (Japanese)`} maxLength={100} value={p.labelJa} onInput={(e) => change(i, { labelJa: (e.target as HTMLInputElement).value })} />
                    </details>
                    <Select
                      label={`Who takes position ${i + 1}`}
                      value={p.resolveType}
                      onChange={(v) => change(i, { resolveType: v as Position["resolveType"] })}
                      options={[
                        ["role", "The nearest holder of a role up the requester's lines"],
                        ["member", "A named person"],
                        ["drafter", "The drafter (no stamp)"],
                      ]}
                    />
                    {p.resolveType === "role" ? (
                      <>
                        <Select label={`Role for position ${i + 1}`} value={p.role} onChange={(role) => change(i, { role })} options={[["", "Choose…"], ...roleOptions]} />
                        <Select label={`Fallback person for position ${i + 1}`} value={p.member} onChange={(member) => change(i, { member })} options={[["", "None: leave the position out"], ...people]} />
                      </>
                    ) : null}
                    {p.resolveType === "member" ? <Select label={`Person for position ${i + 1}`} value={p.member} onChange={(member) => change(i, { member })} options={[["", "Choose…"], ...people]} /> : null}
                    <div class="toolbar">
                      <button type="button" class="secondary small" disabled={i === 0} aria-label={`Move position ${i + 1} up`} onClick={() => move(i, -1)}>
                        Up
                      </button>
                      <button type="button" class="secondary small" disabled={i === draft!.length - 1} aria-label={`Move position ${i + 1} down`} onClick={() => move(i, 1)}>
                        Down
                      </button>
                      <button type="button" class="danger small" aria-label={`Remove position ${i + 1}`} onClick={() => setDraft((d) => d!.filter((_, j) => j !== i))}>
                        Remove
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
                Add a position
              </button>
              <ActionButton id="save-line" onAction={() => save(draft ?? [])}>
                Save the line
              </ActionButton>
              {draft?.length ? (
                <ActionButton kind="secondary" id="default-columns" onAction={() => save([])}>
                  Use the default columns
                </ActionButton>
              ) : null}
            </div>
            {saved ? (
              <p class="success" role="status" id="line-saved">
                Saved. Documents already submitted keep the line they were given.
              </p>
            ) : null}
            <h3>Who would approve a document you submit now</h3>
            <Preview base={`${base}/approvals`} itemId={item.id} version={version} />
          </>
        )}
      </Loaded>
      <ErrorMessage error={roles.error instanceof ApiProblem && roles.error.status !== 403 ? roles.error : null} />
    </Section>
  );
}
