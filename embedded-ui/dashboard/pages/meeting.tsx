/**
 * One meeting (docs/governance.md, Meetings): its facts and participants with attendance,
 * the agenda (add, reword, memo and notes, drop; frozen once voted), opening and closing
 * items, live voting sealed with the voter's passkey (purpose meeting.vote, subject
 * {meetingId}|{index}|{Decision}), the votes, the outcome preview, completing (with a
 * follow-up for what was left open), the minutes, cancelling and deleting.
 *
 * Who sees which control follows the API: the organizer does everything; the board's
 * chairman opens and closes items, takes attendance and keeps memo and notes; every
 * participant who is a member votes. While an item is open the page refreshes itself, so
 * the votes of the others come in as they are cast.
 */
import { useEffect, useState } from "preact/hooks";
import { api, ApiProblem } from "../api";
import { ActionButton, Badge, EmptyState, ErrorMessage, Field, Form, Loaded, Section, TextArea, Toggle, useLoad } from "../components";
import { type AgendaItem, type Board, type Completed, type Graph, isOwnerOrAdmin, type Judgement, type MeetingDetail, type OutcomePreview, type Participant, type Vote } from "../governance";
import type { Language } from "../../i18n";
import { useLanguage, useT } from "../language";
import { describeError, formatNumber, formatTime, pluralForm } from "../messages";
import { passkeysSupported, personalSeal } from "../passkeys";
import { navigate } from "../router";
import { type Org, useSession } from "../session";
import { minutesText, modeName, roleWord, RSVP_TONE, rsvpWord, STATUS_TONE, statusName, typeName } from "./meetings";

type Decision = Vote["decision"];
const DECISIONS: Decision[] = ["Assent", "Dissent", "Abstain"];
const DECISION_TONE: Record<Decision, "good" | "bad" | "neutral"> = { Assent: "good", Dissent: "bad", Abstain: "neutral" };
const ITEM_TONE: Record<AgendaItem["status"], "good" | "warn" | "bad" | "neutral"> = { Pending: "neutral", Open: "warn", Closed: "neutral" };
const OUTCOME_TONE: Record<Judgement["outcome"], "good" | "warn" | "bad" | "neutral"> = { Passed: "good", Rejected: "bad", NotVoted: "warn", NoQuorum: "warn" };
type T = ReturnType<typeof useT>;
/** How often an open vote refreshes the page. */
const LIVE_MS = 3000;

/** A side step's error body from complete (minutesFileError, followUpError), in words. */
const sideError = (body: { error: string } | null, language: Language) => (body ? describeError(new ApiProblem(0, body.error, body as Record<string, unknown>), language) : null);

export function MeetingPage({ org, meetingId }: { org: Org; meetingId: string }) {
  const { user } = useSession();
  const base = `/api/org/${org.slug}/meetings/${meetingId}`;
  const meeting = useLoad(() => api<MeetingDetail>("GET", base), [base]);
  const votes = useLoad(() => api<Vote[]>("GET", `${base}/agenda-votes`), [base]);
  // The board names the chairman; the graph names the person signed in. Either may be refused to a custom role: then the controls stay hidden.
  const board = useLoad(() => api<Board>("GET", `/api/org/${org.slug}/board`).catch(() => null), [org.slug]);
  const graph = useLoad(() => api<Graph>("GET", `/api/org/${org.slug}/reporting/graph`).catch(() => null), [org.slug]);
  const [completed, setCompleted] = useState<Completed | null>(null);
  const t = useT();
  const refresh = () => {
    meeting.reload();
    votes.reload();
  };

  const live = meeting.data?.status === "Scheduled" && meeting.data.agendaItems.some((i) => i.status === "Open");
  useEffect(() => {
    if (!live) return;
    const timer = setInterval(refresh, LIVE_MS);
    return () => clearInterval(timer);
  }, [live]);

  const me = graph.data?.people.find((p) => p.userId === user.id)?.connectedId ?? board.data?.members.find((d) => d.userId === user.id)?.connectedId ?? null;

  return (
    <Loaded state={meeting} what={t("meeting.what")}>
      {(m) => {
        const organizer = me !== null && m.organizerConnectedId === me;
        const chairman = me !== null && board.data?.chairmanConnectedId === me;
        const open = m.status === "Scheduled";
        const roles = { organizer, chair: organizer || chairman, voter: m.participants.some((p) => p.connectedId !== null && p.connectedId === me), open };
        return (
          <>
            <div class="page-head">
              <h1 id="meeting-title">{m.title}</h1>
              <Badge tone={STATUS_TONE[m.status]}>{statusName(t, m.status)}</Badge>
            </div>
            <p>
              <a href={`/orgs/${org.slug}/meetings`} data-route>
                {t("meeting.all")}
              </a>
            </p>
            <Facts org={org} meeting={m} organizer={organizer} chairman={chairman} />
            <Participants base={base} meeting={m} roles={roles} onChanged={refresh} />
            <Agenda base={base} meeting={m} votes={votes.data ?? []} me={me} roles={roles} onChanged={refresh} />
            {organizer && open ? <Preview base={base} version={`${m.updatedAt}|${votes.data?.length ?? 0}`} /> : null}
            {organizer && open ? (
              <Complete
                base={base}
                meeting={m}
                onCompleted={(result) => {
                  setCompleted(result);
                  refresh();
                }}
              />
            ) : null}
            {completed ? <CompletedReport org={org} result={completed} /> : null}
            <Minutes org={org} base={base} meeting={m} organizer={organizer} onChanged={refresh} />
            {organizer ? <CancelOrDelete org={org} base={base} meeting={m} hasVotes={(votes.data?.length ?? 0) > 0} onChanged={refresh} /> : null}
          </>
        );
      }}
    </Loaded>
  );
}

interface Roles {
  organizer: boolean;
  chair: boolean;
  voter: boolean;
  open: boolean;
}

function Facts({ org, meeting: m, organizer, chairman }: { org: Org; meeting: MeetingDetail; organizer: boolean; chairman: boolean }) {
  const t = useT();
  const { language } = useLanguage();
  const organizerName = m.participants.find((p) => p.role === "Organizer")?.displayName ?? "—";
  const mine = [organizer ? t("meeting.youOrganize") : null, chairman ? t("meeting.youChair") : null].filter(Boolean).join("; ");
  return (
    <Section title={t("meeting.about")} id="meeting-facts">
      <dl class="facts">
        <div>
          <dt>{t("meeting.type")}</dt>
          <dd id="meeting-type-name">{typeName(t, m.type)}</dd>
        </div>
        <div>
          <dt>{t("meeting.when")}</dt>
          <dd>{formatTime(m.scheduledAt, language)}</dd>
        </div>
        <div>
          <dt>{t("meeting.duration")}</dt>
          <dd>{minutesText(t, language, m.durationMinutes)}</dd>
        </div>
        <div>
          <dt>{t("meeting.where")}</dt>
          <dd>
            {modeName(t, m.mode)}
            {m.location ? `: ${m.location}` : ""}
          </dd>
        </div>
        <div>
          <dt>{t("meeting.organizer")}</dt>
          <dd>{organizerName}</dd>
        </div>
      </dl>
      {mine ? <p class="muted">{t("meeting.you", { roles: mine })}</p> : null}
      {m.carriedFromMeetingId ? (
        <p>
          {t("meeting.followUpOf")}{" "}
          <a href={`/orgs/${org.slug}/meetings/${m.carriedFromMeetingId}`} data-route id="carried-from">
            {t("meeting.earlierMeeting")}
          </a>
          {t("meeting.carriedHere")}
        </p>
      ) : null}
      {m.followUpMeetingId ? (
        <p>
          {t("meeting.wentTo")}{" "}
          <a href={`/orgs/${org.slug}/meetings/${m.followUpMeetingId}`} data-route id="follow-up-link">
            {t("meeting.theFollowUp")}
          </a>
          {t("meeting.wentEnd")}
        </p>
      ) : null}
      {m.status === "Cancelled" ? (
        <p class="warning" id="cancel-reason">
          {t("meeting.cancelled", { time: formatTime(m.cancelledAt, language), reason: m.cancelReason ?? "" })}
        </p>
      ) : null}
      {m.status === "Completed" ? <p class="muted">{t("meeting.completed", { time: formatTime(m.completedAt, language) })}</p> : null}
    </Section>
  );
}

function Participants({ base, meeting: m, roles, onChanged }: { base: string; meeting: MeetingDetail; roles: Roles; onChanged: () => void }) {
  const present = m.participants.filter((p) => p.checkedInAt).length;
  const t = useT();
  const { language } = useLanguage();
  return (
    <Section title={t("meeting.participants")} id="participants">
      <p class="muted">
        {t(`meeting.participantCount.${pluralForm(m.participants.length, language)}`, { present: formatNumber(present, language), count: formatNumber(m.participants.length, language) })}
      </p>
      <ul class="member-list" id="participant-list">
        {m.participants.map((p) => (
          <li key={p.participantId} data-participant-name={p.displayName} data-present={String(p.checkedInAt !== null)}>
            <span>
              <strong>{p.displayName}</strong> <span class="muted">{roleWord(t, p.role)}</span> <Badge tone={RSVP_TONE[p.rsvpStatus]}>{rsvpWord(t, p.rsvpStatus)}</Badge>
              {p.email && p.email !== p.displayName ? <span class="muted"> {p.email}</span> : null}
            </span>
            {roles.chair && roles.open ? (
              <Attendance base={base} participant={p} onChanged={onChanged} />
            ) : (
              <span class="muted">{p.checkedInAt ? (p.checkedInBy === "vote" ? t("meeting.presentVoted") : t("meeting.present")) : t("meeting.notCheckedIn")}</span>
            )}
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** The check-in switch: moves at once and back, with the reason, when the API refuses. */
function Attendance({ base, participant: p, onChanged }: { base: string; participant: Participant; onChanged: () => void }) {
  const [checked, setChecked] = useState(p.checkedInAt !== null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const t = useT();
  useEffect(() => setChecked(p.checkedInAt !== null), [p.checkedInAt]);
  const change = async (present: boolean) => {
    setChecked(present);
    setBusy(true);
    setError(null);
    try {
      await api("POST", `${base}/participants/${p.participantId}/attendance`, { present });
      onChanged();
    } catch (e) {
      setChecked(!present);
      setError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <span class="attendance">
      <Toggle id={`present-${p.participantId}`} label={t("meeting.isPresent", { name: p.displayName })} checked={checked} disabled={busy} onChange={change} />
      <ErrorMessage error={error} />
    </span>
  );
}

function Agenda({ base, meeting: m, votes, me, roles, onChanged }: { base: string; meeting: MeetingDetail; votes: Vote[]; me: string | null; roles: Roles; onChanged: () => void }) {
  const t = useT();
  return (
    <Section title={t("meeting.agenda")} id="agenda">
      {m.agendaItems.length === 0 ? (
        <EmptyState title={t("meeting.noItems")}>{roles.organizer && roles.open ? t("meeting.addBelow") : null}</EmptyState>
      ) : (
        <ol class="agenda" start={0}>
          {m.agendaItems.map((item) => (
            <AgendaItemCard key={item.index} base={base} item={item} votes={votes.filter((v) => v.agendaIndex === item.index)} me={me} roles={roles} onChanged={onChanged} />
          ))}
        </ol>
      )}
      {roles.organizer && roles.open ? <AddItem base={base} onAdded={onChanged} /> : null}
    </Section>
  );
}

function AgendaItemCard({ base, item, votes, me, roles, onChanged }: { base: string; item: AgendaItem; votes: Vote[]; me: string | null; roles: Roles; onChanged: () => void }) {
  const t = useT();
  const { language } = useLanguage();
  const text = t(`meeting.item.${item.status}`);
  const tone = ITEM_TONE[item.status];
  const mine = votes.find((v) => v.voterConnectedId === me);
  const meetingId = base.split("/").pop()!;
  const move = (to: "open" | "close") => async () => {
    await api("POST", `${base}/agenda-items/${item.index}/${to}`);
    onChanged();
  };
  const vote = (decision: Decision) => async () => {
    if (!passkeysSupported()) throw new Error(t("meeting.noPasskeys"));
    const seal = await personalSeal("meeting.vote", `${meetingId}|${item.index}|${decision}`);
    await api("POST", `${base}/agenda-votes`, { AgendaIndex: item.index, Decision: decision, SealAssertionJson: seal });
    onChanged();
  };
  return (
    <li class="agenda-item card" data-index={item.index} data-status={item.status} data-outcome={item.outcome ?? ""} aria-labelledby={`item-${item.index}`}>
      <div class="doc-head">
        <h3 id={`item-${item.index}`}>
          <span class="item-number">{item.index}.</span> <span class="item-title">{item.title}</span>
        </h3>
        <span>
          <Badge tone={tone}>{text}</Badge> {item.outcome ? <Badge tone={OUTCOME_TONE[item.outcome]}>{t(`meeting.outcome.${item.outcome}`)}</Badge> : null}
        </span>
      </div>
      <p class="muted">
        {t(`meeting.votes.${pluralForm(item.voteCount, language)}`, { count: formatNumber(item.voteCount, language) })}
        {item.openedAt ? t("meeting.opened", { time: formatTime(item.openedAt, language) }) : ""}
        {item.closedAt ? t("meeting.closed", { time: formatTime(item.closedAt, language) }) : ""}
        {item.carriedFromMeetingId ? t("meeting.carriedFrom", { index: item.carriedFromIndex ?? "" }) : ""}
      </p>
      {item.memo ? (
        <p class="item-memo">
          <strong>{t("meeting.memo")}</strong> {item.memo}
        </p>
      ) : null}
      {item.notes ? (
        <p class="item-notes">
          <strong>{t("meeting.notes")}</strong> {item.notes}
        </p>
      ) : null}
      {roles.chair && roles.open ? (
        <div class="toolbar">
          {item.status === "Pending" ? (
            <ActionButton id={`open-item-${item.index}`} kind="secondary" onAction={move("open")}>
              {t("meeting.openVote")}
              <span class="visually-hidden">{t("meeting.onItem", { index: item.index })}</span>
            </ActionButton>
          ) : null}
          {item.status === "Open" ? (
            <ActionButton id={`close-item-${item.index}`} kind="secondary" onAction={move("close")}>
              {t("meeting.closeVote")}
              <span class="visually-hidden">{t("meeting.onItem", { index: item.index })}</span>
            </ActionButton>
          ) : null}
        </div>
      ) : null}
      {roles.voter && roles.open && item.status === "Open" ? (
        <div class="vote" role="group" aria-label={t("meeting.yourVoteOn", { index: item.index })}>
          <p>
            {mine ? (
              <>
                {t("meeting.yourVote")} <Badge tone={DECISION_TONE[mine.decision]}>{t(`meeting.decision.${mine.decision}`)}</Badge> <span class="muted">{t("meeting.mayChange")}</span>
              </>
            ) : (
              t("meeting.sealedVote")
            )}
          </p>
          <div class="toolbar">
            {DECISIONS.map((d) => (
              <ActionButton key={d} id={`vote-${item.index}-${d.toLowerCase()}`} kind={d === "Dissent" ? "danger" : d === "Assent" ? "primary" : "secondary"} label={t("meeting.voteLabel", { decision: t(`meeting.decision.${d}`), index: item.index })} onAction={vote(d)}>
                {t(`meeting.decision.${d}`)}
              </ActionButton>
            ))}
          </div>
        </div>
      ) : null}
      {votes.length ? (
        <ul class="vote-list" aria-label={t("meeting.votesOn", { index: item.index })}>
          {votes.map((v) => (
            <li key={v.voterConnectedId} data-voter-name={v.voterName} data-decision={v.decision}>
              <strong>{v.voterName}</strong> <Badge tone={DECISION_TONE[v.decision]}>{t(`meeting.decision.${v.decision}`)}</Badge> <span class="muted">{formatTime(v.sealedAt, language)}</span>
              {v.changes ? <span class="muted">{t(`meeting.changed.${pluralForm(v.changes, language)}`, { count: formatNumber(v.changes, language) })}</span> : null}
              {v.reason ? <q class="step-comment">{v.reason}</q> : null}{" "}
              <code class="muted" title={t("meeting.recordHash")}>
                {v.recordHash.slice(0, 12)}…
              </code>
            </li>
          ))}
        </ul>
      ) : null}
      {roles.open && (roles.organizer || roles.chair) ? <ItemEditor key={item.index} base={base} item={item} organizer={roles.organizer} onChanged={onChanged} /> : null}
    </li>
  );
}

/** Memo and notes (organizer or chairman), and for the organizer the title and dropping: both refused once the item has votes. */
function ItemEditor({ base, item, organizer, onChanged }: { base: string; item: AgendaItem; organizer: boolean; onChanged: () => void }) {
  const [title, setTitle] = useState(item.title);
  const [memo, setMemo] = useState(item.memo ?? "");
  const [notes, setNotes] = useState(item.notes ?? "");
  const [saved, setSaved] = useState(false);
  const t = useT();
  const frozen = item.voteCount > 0;
  const path = `${base}/agenda-items/${item.index}`;
  const saveNotes = async () => {
    await api("PUT", path, { Memo: memo.trim() ? memo : null, Notes: notes.trim() ? notes : null });
    setSaved(true);
    onChanged();
  };
  const reword = async () => {
    await api("PUT", path, { Title: title.trim() });
    onChanged();
  };
  const drop = async () => {
    if (!confirm(t("meeting.confirmDrop", { index: item.index, title: item.title }))) return;
    await api("DELETE", path);
    onChanged();
  };
  return (
    <details class="item-editor">
      <summary>
        {t("meeting.edit")}
        <span class="visually-hidden">{t("meeting.editItem", { index: item.index })}</span>
      </summary>
      {organizer ? (
        frozen ? (
          <p class="muted">{t("meeting.frozen")}</p>
        ) : (
          <div class="inline-form">
            <Field label={t("meeting.titleOf", { index: item.index })} id={`item-title-${item.index}`} required maxLength={500} value={title} onInput={(e) => setTitle((e.target as HTMLInputElement).value)} />
            <ActionButton kind="secondary" id={`reword-${item.index}`} disabled={!title.trim() || title.trim() === item.title} onAction={reword}>
              {t("meeting.reword")}
            </ActionButton>
            <ActionButton kind="danger" id={`drop-${item.index}`} onAction={drop}>
              {t("meeting.drop")}
            </ActionButton>
          </div>
        )
      ) : null}
      <TextArea label={t("meeting.memoOn", { index: item.index })} id={`item-memo-${item.index}`} rows={2} maxLength={20000} value={memo} onInput={(v) => (setMemo(v), setSaved(false))} hint={t("meeting.memoHint")} />
      <TextArea label={t("meeting.notesOn", { index: item.index })} id={`item-notes-${item.index}`} rows={3} maxLength={20000} value={notes} onInput={(v) => (setNotes(v), setSaved(false))} hint={t("meeting.notesHint")} />
      <ActionButton kind="secondary" id={`save-notes-${item.index}`} onAction={saveNotes}>
        {t("meeting.saveNotes")}
      </ActionButton>
      {saved ? (
        <span class="success" role="status">
          {" "}
          {t("meeting.saved")}
        </span>
      ) : null}
    </details>
  );
}

function AddItem({ base, onAdded }: { base: string; onAdded: () => void }) {
  const [title, setTitle] = useState("");
  const [memo, setMemo] = useState("");
  const t = useT();
  const add = async () => {
    await api("POST", `${base}/agenda-items`, { title: title.trim(), ...(memo.trim() ? { memo: memo.trim() } : {}) });
    setTitle("");
    setMemo("");
    onAdded();
  };
  return (
    <details class="add-item">
      <summary>{t("meeting.addItem")}</summary>
      <Form onSubmit={add} submitLabel={t("meeting.addTheItem")} id="add-item-form">
        <Field label={t("meeting.itemLabel")} id="new-item-title" required maxLength={500} value={title} onInput={(e) => setTitle((e.target as HTMLInputElement).value)} />
        <TextArea label={t("meeting.memoOptional")} id="new-item-memo" rows={2} maxLength={20000} value={memo} onInput={setMemo} />
      </Form>
    </details>
  );
}

function JudgementTable({ items, caption }: { items: Judgement[]; caption: string }) {
  const t = useT();
  return (
    <div class="table-wrap" tabIndex={0}>
      <table class="table" id="outcomes">
        <caption class="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t("meeting.colItem")}</th>
            <th scope="col">{t("meeting.colOutcome")}</th>
            <th scope="col">{t("meeting.colPresent")}</th>
            <th scope="col">{t("meeting.decision.Assent")}</th>
            <th scope="col">{t("meeting.decision.Dissent")}</th>
            <th scope="col">{t("meeting.decision.Abstain")}</th>
            <th scope="col">{t("meeting.colNotVoted")}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((j) => (
            <tr key={j.index} data-index={j.index} data-outcome={j.outcome}>
              <td>
                {j.index}. {j.title}
              </td>
              <td>
                <Badge tone={OUTCOME_TONE[j.outcome]}>{t(`meeting.outcome.${j.outcome}`)}</Badge>
              </td>
              <td>
                {t("meeting.presentOf", { present: j.present, seated: j.seated })} <span class="muted">{t("meeting.quorum", { quorum: j.quorum })}</span>
              </td>
              <td>{j.assent}</td>
              <td>{j.dissent}</td>
              <td>{j.abstain}</td>
              <td>{j.notVoted}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** close-preview: what complete would fix now, from the same judge. */
function Preview({ base, version }: { base: string; version: string }) {
  const [preview, setPreview] = useState<OutcomePreview | null>(null);
  const [seenAt, setSeenAt] = useState<string | null>(null);
  const t = useT();
  const show = async () => {
    setPreview(await api<OutcomePreview>("GET", `${base}/close-preview`));
    setSeenAt(version);
  };
  return (
    <Section title={t("meeting.previewTitle")} id="outcome-preview">
      <p class="muted">{t("meeting.previewIntro")}</p>
      <ActionButton id="preview-outcomes" kind="secondary" onAction={show}>
        {preview ? t("meeting.previewAgain") : t("meeting.preview")}
      </ActionButton>
      {preview ? (
        <>
          {seenAt !== version ? <p class="muted">{t("meeting.changedSince")}</p> : null}
          <JudgementTable items={preview.items} caption={t("meeting.previewCaption")} />
        </>
      ) : null}
    </Section>
  );
}

function Complete({ base, meeting: m, onCompleted }: { base: string; meeting: MeetingDetail; onCompleted: (result: Completed) => void }) {
  const [followUp, setFollowUp] = useState(true);
  const t = useT();
  const complete = async () => {
    const warning = t("meeting.confirmComplete", { title: m.title, followUp: followUp ? t("meeting.followUpWeek") : "" });
    if (!confirm(warning)) return;
    onCompleted(await api<Completed>("POST", `${base}/complete`, { CreateFollowUp: followUp }));
  };
  return (
    <Section title={t("meeting.completeTitle")} id="complete">
      <p class="muted">{t("meeting.completeIntro")}</p>
      <Toggle id="complete-follow-up" label={t("meeting.carryToggle")} checked={followUp} onChange={setFollowUp} />
      <ActionButton id="complete-meeting" kind="danger" onAction={complete}>
        {t("meeting.completeTitle")}
      </ActionButton>
    </Section>
  );
}

function filesLink(org: Org, title: string): string {
  const params = new URLSearchParams({ q: `Minutes - ${title.slice(0, 150)}` });
  if (isOwnerOrAdmin(org)) params.set("view", "all");
  return `/orgs/${org.slug}/files?${params}`;
}

function CompletedReport({ org, result }: { org: Org; result: Completed }) {
  const t = useT();
  const { language } = useLanguage();
  return (
    <Section title={t("meeting.completedTitle")} id="completed">
      <JudgementTable items={result.outcomes} caption={t("meeting.fixedCaption")} />
      {result.minutesFileId ? (
        <p class="success" id="minutes-filed">
          {t("meeting.minutesFiledIn")}{" "}
          <a href={filesLink(org, result.meeting.title)} data-route>
            {t("meeting.files")}
          </a>
          {t("meeting.filedEnd")}
        </p>
      ) : (
        <p class="error" id="minutes-file-error">
          {t("meeting.minutesFailed", { reason: sideError(result.minutesFileError, language) ?? "" })}
        </p>
      )}
      {result.followUpMeetingId ? (
        <p class="success" id="follow-up-created">
          {t("meeting.unfinishedWent")}{" "}
          <a href={`/orgs/${org.slug}/meetings/${result.followUpMeetingId}`} data-route>
            {t("meeting.aFollowUp")}
          </a>
          {t("meeting.wentEnd")}
        </p>
      ) : result.followUpError ? (
        <p class="error" id="follow-up-error">
          {t("meeting.noFollowUp", { reason: sideError(result.followUpError, language) ?? "" })}
        </p>
      ) : null}
    </Section>
  );
}

function Minutes({ org, base, meeting: m, organizer, onChanged }: { org: Org; base: string; meeting: MeetingDetail; organizer: boolean; onChanged: () => void }) {
  const [body, setBody] = useState(m.minutes ?? "");
  const [saved, setSaved] = useState(false);
  const editable = organizer && m.status === "Scheduled";
  const t = useT();
  const { language } = useLanguage();
  const save = async () => {
    await api("PUT", `${base}/minutes`, { body });
    setSaved(true);
    onChanged();
  };
  const compile = async () => {
    await api("POST", `${base}/minutes/compile`);
    onChanged();
  };
  const download = async () => {
    const { url } = await api<{ url: string }>("GET", `/api/org/${org.slug}/files/${m.minutesFileId}/download`);
    location.assign(url);
  };
  return (
    <Section title={t("meeting.minutes")} id="minutes">
      {m.minutesFileId ? (
        <p id="filed-minutes">
          {t("meeting.finalFiledIn")}{" "}
          <a href={filesLink(org, m.title)} data-route id="minutes-in-files">
            {t("meeting.files")}
          </a>
          {t("meeting.withThisMeeting")}{" "}
          <ActionButton kind="secondary" id="download-minutes" onAction={download}>
            {t("meeting.download")}
          </ActionButton>
        </p>
      ) : null}
      {editable ? (
        <>
          <TextArea
            label={t("meeting.yourMinutes")}
            id="minutes-body"
            rows={5}
            maxLength={200000}
            value={body}
            onInput={(v) => (setBody(v), setSaved(false))}
            hint={t("meeting.minutesHint")}
          />
          <div class="toolbar">
            <ActionButton id="save-minutes" kind="secondary" onAction={save}>
              {t("meeting.saveMinutes")}
            </ActionButton>
            <ActionButton id="compile-minutes" kind="secondary" onAction={compile}>
              {t("meeting.compose")}
            </ActionButton>
            {saved ? (
              <span class="success" role="status">
                {t("meeting.saved")}
              </span>
            ) : null}
          </div>
        </>
      ) : m.minutes ? (
        <p class="doc-body">{m.minutes}</p>
      ) : null}
      {m.compiledMinutes ? (
        <>
          <h3>{m.status === "Completed" ? t("meeting.finalMinutes") : t("meeting.composedAt", { time: formatTime(m.compiledAt, language) })}</h3>
          <pre class="minutes-text" id="compiled-minutes">
            {m.compiledMinutes}
          </pre>
        </>
      ) : !editable && !m.minutesFileId ? (
        <p class="muted">{t("meeting.noMinutes")}</p>
      ) : null}
    </Section>
  );
}

function CancelOrDelete({ org, base, meeting: m, hasVotes, onChanged }: { org: Org; base: string; meeting: MeetingDetail; hasVotes: boolean; onChanged: () => void }) {
  const [reason, setReason] = useState("");
  const t = useT();
  if (m.status === "Scheduled") {
    const cancel = async () => {
      if (!reason.trim()) throw new Error(t("meeting.sayWhy"));
      if (!confirm(t("meeting.confirmCancel", { title: m.title }))) return;
      await api("POST", `${base}/cancel`, { reason: reason.trim() });
      onChanged();
    };
    return (
      <Section title={t("meeting.cancelTitle")} id="cancel-meeting">
        {hasVotes ? (
          <p class="muted">{t("meeting.hasVotes")}</p>
        ) : (
          <div class="inline-form">
            <Field label={t("meeting.whyCancelled")} id="cancel-reason-input" required maxLength={2000} value={reason} onInput={(e) => setReason((e.target as HTMLInputElement).value)} />
            <ActionButton id="cancel-meeting-button" kind="danger" onAction={cancel}>
              {t("meeting.cancelTitle")}
            </ActionButton>
          </div>
        )}
      </Section>
    );
  }
  const remove = async () => {
    if (!confirm(t("meeting.confirmDelete", { title: m.title }))) return;
    await api("DELETE", base);
    navigate(`/orgs/${org.slug}/meetings`);
  };
  return (
    <Section title={t("meeting.deleteTitle")} id="delete-meeting">
      <p class="muted">{t("meeting.deleteIntro")}</p>
      <ActionButton id="delete-meeting-button" kind="danger" onAction={remove}>
        {t("meeting.deleteTitle")}
      </ActionButton>
    </Section>
  );
}
