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
import { describeError, formatTime, plural } from "../messages";
import { passkeysSupported, personalSeal } from "../passkeys";
import { navigate } from "../router";
import { type Org, useSession } from "../session";
import { modeName, ROLE_WORDS, RSVP, STATUS_TONE, typeName } from "./meetings";

type Decision = Vote["decision"];
const DECISIONS: Decision[] = ["Assent", "Dissent", "Abstain"];
const DECISION_TONE: Record<Decision, "good" | "bad" | "neutral"> = { Assent: "good", Dissent: "bad", Abstain: "neutral" };
const ITEM_STATUS: Record<AgendaItem["status"], [string, "good" | "warn" | "bad" | "neutral"]> = {
  Pending: ["not taken up", "neutral"],
  Open: ["voting open", "warn"],
  Closed: ["voting closed", "neutral"],
};
const OUTCOME: Record<Judgement["outcome"], [string, "good" | "warn" | "bad" | "neutral"]> = {
  Passed: ["Passed", "good"],
  Rejected: ["Rejected", "bad"],
  NotVoted: ["Not voted", "warn"],
  NoQuorum: ["No quorum", "warn"],
};
/** How often an open vote refreshes the page. */
const LIVE_MS = 3000;

/** A side step's error body from complete (minutesFileError, followUpError), in words. */
const sideError = (body: { error: string } | null) => (body ? describeError(new ApiProblem(0, body.error, body as Record<string, unknown>)) : null);

export function MeetingPage({ org, meetingId }: { org: Org; meetingId: string }) {
  const { user } = useSession();
  const base = `/api/org/${org.slug}/meetings/${meetingId}`;
  const meeting = useLoad(() => api<MeetingDetail>("GET", base), [base]);
  const votes = useLoad(() => api<Vote[]>("GET", `${base}/agenda-votes`), [base]);
  // The board names the chairman; the graph names the person signed in. Either may be refused to a custom role: then the controls stay hidden.
  const board = useLoad(() => api<Board>("GET", `/api/org/${org.slug}/board`).catch(() => null), [org.slug]);
  const graph = useLoad(() => api<Graph>("GET", `/api/org/${org.slug}/reporting/graph`).catch(() => null), [org.slug]);
  const [completed, setCompleted] = useState<Completed | null>(null);
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
    <Loaded state={meeting} what="the meeting">
      {(m) => {
        const organizer = me !== null && m.organizerConnectedId === me;
        const chairman = me !== null && board.data?.chairmanConnectedId === me;
        const open = m.status === "Scheduled";
        const roles = { organizer, chair: organizer || chairman, voter: m.participants.some((p) => p.connectedId !== null && p.connectedId === me), open };
        return (
          <>
            <div class="page-head">
              <h1 id="meeting-title">{m.title}</h1>
              <Badge tone={STATUS_TONE[m.status]}>{m.status}</Badge>
            </div>
            <p>
              <a href={`/orgs/${org.slug}/meetings`} data-route>
                All meetings
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
  const organizerName = m.participants.find((p) => p.role === "Organizer")?.displayName ?? "—";
  const mine = [organizer ? "you organize it" : null, chairman ? "you chair the board" : null].filter(Boolean).join("; ");
  return (
    <Section title="About" id="meeting-facts">
      <dl class="facts">
        <div>
          <dt>Type</dt>
          <dd id="meeting-type-name">{typeName(m.type)}</dd>
        </div>
        <div>
          <dt>When</dt>
          <dd>{formatTime(m.scheduledAt)}</dd>
        </div>
        <div>
          <dt>Duration</dt>
          <dd>{plural(m.durationMinutes, "minute")}</dd>
        </div>
        <div>
          <dt>Where</dt>
          <dd>
            {modeName(m.mode)}
            {m.location ? `: ${m.location}` : ""}
          </dd>
        </div>
        <div>
          <dt>Organizer</dt>
          <dd>{organizerName}</dd>
        </div>
      </dl>
      {mine ? <p class="muted">You: {mine}.</p> : null}
      {m.carriedFromMeetingId ? (
        <p>
          A follow-up of{" "}
          <a href={`/orgs/${org.slug}/meetings/${m.carriedFromMeetingId}`} data-route id="carried-from">
            an earlier meeting
          </a>
          : its unfinished items are carried here.
        </p>
      ) : null}
      {m.followUpMeetingId ? (
        <p>
          Its unfinished items went to{" "}
          <a href={`/orgs/${org.slug}/meetings/${m.followUpMeetingId}`} data-route id="follow-up-link">
            the follow-up meeting
          </a>
          .
        </p>
      ) : null}
      {m.status === "Cancelled" ? (
        <p class="warning" id="cancel-reason">
          Cancelled {formatTime(m.cancelledAt)}: {m.cancelReason}
        </p>
      ) : null}
      {m.status === "Completed" ? <p class="muted">Completed {formatTime(m.completedAt)}. A completed meeting no longer changes.</p> : null}
    </Section>
  );
}

function Participants({ base, meeting: m, roles, onChanged }: { base: string; meeting: MeetingDetail; roles: Roles; onChanged: () => void }) {
  const present = m.participants.filter((p) => p.checkedInAt).length;
  return (
    <Section title="Participants" id="participants">
      <p class="muted">
        {present} of {plural(m.participants.length, "participant")} checked in. Casting a vote checks the voter in; guests never count for the quorum.
      </p>
      <ul class="member-list" id="participant-list">
        {m.participants.map((p) => (
          <li key={p.participantId} data-participant-name={p.displayName} data-present={String(p.checkedInAt !== null)}>
            <span>
              <strong>{p.displayName}</strong> <span class="muted">{ROLE_WORDS[p.role]}</span> <Badge tone={RSVP[p.rsvpStatus][1]}>{RSVP[p.rsvpStatus][0]}</Badge>
              {p.email && p.email !== p.displayName ? <span class="muted"> {p.email}</span> : null}
            </span>
            {roles.chair && roles.open ? (
              <Attendance base={base} participant={p} onChanged={onChanged} />
            ) : (
              <span class="muted">{p.checkedInAt ? `present${p.checkedInBy === "vote" ? " (voted)" : ""}` : "not checked in"}</span>
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
      <Toggle id={`present-${p.participantId}`} label={`${p.displayName} is present`} checked={checked} disabled={busy} onChange={change} />
      <ErrorMessage error={error} />
    </span>
  );
}

function Agenda({ base, meeting: m, votes, me, roles, onChanged }: { base: string; meeting: MeetingDetail; votes: Vote[]; me: string | null; roles: Roles; onChanged: () => void }) {
  return (
    <Section title="Agenda" id="agenda">
      {m.agendaItems.length === 0 ? (
        <EmptyState title="No agenda items.">{roles.organizer && roles.open ? "Add one below." : null}</EmptyState>
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
  const [text, tone] = ITEM_STATUS[item.status];
  const mine = votes.find((v) => v.voterConnectedId === me);
  const meetingId = base.split("/").pop()!;
  const move = (to: "open" | "close") => async () => {
    await api("POST", `${base}/agenda-items/${item.index}/${to}`);
    onChanged();
  };
  const vote = (decision: Decision) => async () => {
    if (!passkeysSupported()) throw new Error("This browser cannot use passkeys, which voting needs.");
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
          <Badge tone={tone}>{text}</Badge> {item.outcome ? <Badge tone={OUTCOME[item.outcome][1]}>{OUTCOME[item.outcome][0]}</Badge> : null}
        </span>
      </div>
      <p class="muted">
        {plural(item.voteCount, "vote")}
        {item.openedAt ? ` · opened ${formatTime(item.openedAt)}` : ""}
        {item.closedAt ? ` · closed ${formatTime(item.closedAt)}` : ""}
        {item.carriedFromMeetingId ? ` · carried from item ${item.carriedFromIndex} of an earlier meeting` : ""}
      </p>
      {item.memo ? (
        <p class="item-memo">
          <strong>Memo:</strong> {item.memo}
        </p>
      ) : null}
      {item.notes ? (
        <p class="item-notes">
          <strong>Notes:</strong> {item.notes}
        </p>
      ) : null}
      {roles.chair && roles.open ? (
        <div class="toolbar">
          {item.status === "Pending" ? (
            <ActionButton id={`open-item-${item.index}`} kind="secondary" onAction={move("open")}>
              Open the vote<span class="visually-hidden"> on item {item.index}</span>
            </ActionButton>
          ) : null}
          {item.status === "Open" ? (
            <ActionButton id={`close-item-${item.index}`} kind="secondary" onAction={move("close")}>
              Close the vote<span class="visually-hidden"> on item {item.index}</span>
            </ActionButton>
          ) : null}
        </div>
      ) : null}
      {roles.voter && roles.open && item.status === "Open" ? (
        <div class="vote" role="group" aria-label={`Your vote on item ${item.index}`}>
          <p>
            {mine ? (
              <>
                Your vote: <Badge tone={DECISION_TONE[mine.decision]}>{mine.decision}</Badge> <span class="muted">You may change it while the vote is open.</span>
              </>
            ) : (
              "Your vote, sealed with your passkey:"
            )}
          </p>
          <div class="toolbar">
            {DECISIONS.map((d) => (
              <ActionButton key={d} id={`vote-${item.index}-${d.toLowerCase()}`} kind={d === "Dissent" ? "danger" : d === "Assent" ? "primary" : "secondary"} label={`${d} on item ${item.index} with my passkey`} onAction={vote(d)}>
                {d}
              </ActionButton>
            ))}
          </div>
        </div>
      ) : null}
      {votes.length ? (
        <ul class="vote-list" aria-label={`Votes on item ${item.index}`}>
          {votes.map((v) => (
            <li key={v.voterConnectedId} data-voter-name={v.voterName} data-decision={v.decision}>
              <strong>{v.voterName}</strong> <Badge tone={DECISION_TONE[v.decision]}>{v.decision}</Badge> <span class="muted">{formatTime(v.sealedAt)}</span>
              {v.changes ? <span class="muted"> · changed {plural(v.changes, "time")}</span> : null}
              {v.reason ? <q class="step-comment">{v.reason}</q> : null} <code class="muted" title="SHA-256 of the sealed vote record">{v.recordHash.slice(0, 12)}…</code>
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
    if (!confirm(`Drop item ${item.index}, “${item.title}”? Its number is not reused.`)) return;
    await api("DELETE", path);
    onChanged();
  };
  return (
    <details class="item-editor">
      <summary>
        Edit<span class="visually-hidden"> item {item.index}</span>
      </summary>
      {organizer ? (
        frozen ? (
          <p class="muted">The item has votes: its title is frozen and it cannot be dropped.</p>
        ) : (
          <div class="inline-form">
            <Field label={`Title of item ${item.index}`} id={`item-title-${item.index}`} required maxLength={500} value={title} onInput={(e) => setTitle((e.target as HTMLInputElement).value)} />
            <ActionButton kind="secondary" id={`reword-${item.index}`} disabled={!title.trim() || title.trim() === item.title} onAction={reword}>
              Reword
            </ActionButton>
            <ActionButton kind="danger" id={`drop-${item.index}`} onAction={drop}>
              Drop the item
            </ActionButton>
          </div>
        )
      ) : null}
      <TextArea label={`Memo on item ${item.index}`} id={`item-memo-${item.index}`} rows={2} maxLength={20000} value={memo} onInput={(v) => (setMemo(v), setSaved(false))} hint="What the item is about, before it is discussed." />
      <TextArea label={`Notes on item ${item.index}`} id={`item-notes-${item.index}`} rows={3} maxLength={20000} value={notes} onInput={(v) => (setNotes(v), setSaved(false))} hint="What was said; the minutes carry it." />
      <ActionButton kind="secondary" id={`save-notes-${item.index}`} onAction={saveNotes}>
        Save memo and notes
      </ActionButton>
      {saved ? (
        <span class="success" role="status">
          {" "}
          Saved.
        </span>
      ) : null}
    </details>
  );
}

function AddItem({ base, onAdded }: { base: string; onAdded: () => void }) {
  const [title, setTitle] = useState("");
  const [memo, setMemo] = useState("");
  const add = async () => {
    await api("POST", `${base}/agenda-items`, { title: title.trim(), ...(memo.trim() ? { memo: memo.trim() } : {}) });
    setTitle("");
    setMemo("");
    onAdded();
  };
  return (
    <details class="add-item">
      <summary>Add an item</summary>
      <Form onSubmit={add} submitLabel="Add the item" id="add-item-form">
        <Field label="Item" id="new-item-title" required maxLength={500} value={title} onInput={(e) => setTitle((e.target as HTMLInputElement).value)} />
        <TextArea label="Memo (optional)" id="new-item-memo" rows={2} maxLength={20000} value={memo} onInput={setMemo} />
      </Form>
    </details>
  );
}

function JudgementTable({ items, caption }: { items: Judgement[]; caption: string }) {
  return (
    <div class="table-wrap" tabIndex={0}>
      <table class="table" id="outcomes">
        <caption class="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col">Outcome</th>
            <th scope="col">Present</th>
            <th scope="col">Assent</th>
            <th scope="col">Dissent</th>
            <th scope="col">Abstain</th>
            <th scope="col">Not voted</th>
          </tr>
        </thead>
        <tbody>
          {items.map((j) => (
            <tr key={j.index} data-index={j.index} data-outcome={j.outcome}>
              <td>
                {j.index}. {j.title}
              </td>
              <td>
                <Badge tone={OUTCOME[j.outcome][1]}>{OUTCOME[j.outcome][0]}</Badge>
              </td>
              <td>
                {j.present} of {j.seated} <span class="muted">(quorum {j.quorum})</span>
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
  const show = async () => {
    setPreview(await api<OutcomePreview>("GET", `${base}/close-preview`));
    setSeenAt(version);
  };
  return (
    <Section title="Outcome preview" id="outcome-preview">
      <p class="muted">
        What completing the meeting now would decide. Quorum is a majority of the voters who hold a seat (the seated directors in a board meeting) checked in; a present voter who has not
        voted leaves the item not voted; a tie rejects.
      </p>
      <ActionButton id="preview-outcomes" kind="secondary" onAction={show}>
        {preview ? "Preview again" : "Preview the outcomes"}
      </ActionButton>
      {preview ? (
        <>
          {seenAt !== version ? <p class="muted">The meeting changed since this preview.</p> : null}
          <JudgementTable items={preview.items} caption="The outcome of each item if the meeting were completed now" />
        </>
      ) : null}
    </Section>
  );
}

function Complete({ base, meeting: m, onCompleted }: { base: string; meeting: MeetingDetail; onCompleted: (result: Completed) => void }) {
  const [followUp, setFollowUp] = useState(true);
  const complete = async () => {
    const warning = `Complete “${m.title}”? This cannot be undone: each item's outcome is fixed, voting ends and the minutes are filed.${followUp ? " Items without an outcome go to a follow-up meeting a week later." : ""}`;
    if (!confirm(warning)) return;
    onCompleted(await api<Completed>("POST", `${base}/complete`, { CreateFollowUp: followUp }));
  };
  return (
    <Section title="Complete the meeting" id="complete">
      <p class="muted">Irreversible: the outcomes are fixed as the preview shows them, every item closes, and the minutes are composed and filed in Files.</p>
      <Toggle id="complete-follow-up" label="Carry the items with no quorum or not voted to a follow-up meeting a week later" checked={followUp} onChange={setFollowUp} />
      <ActionButton id="complete-meeting" kind="danger" onAction={complete}>
        Complete the meeting
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
  return (
    <Section title="Completed" id="completed">
      <JudgementTable items={result.outcomes} caption="The outcomes fixed at completion" />
      {result.minutesFileId ? (
        <p class="success" id="minutes-filed">
          The minutes were filed in{" "}
          <a href={filesLink(org, result.meeting.title)} data-route>
            Files
          </a>
          .
        </p>
      ) : (
        <p class="error" id="minutes-file-error">
          The minutes could not be filed: {sideError(result.minutesFileError)}
        </p>
      )}
      {result.followUpMeetingId ? (
        <p class="success" id="follow-up-created">
          The unfinished items went to{" "}
          <a href={`/orgs/${org.slug}/meetings/${result.followUpMeetingId}`} data-route>
            a follow-up meeting
          </a>
          .
        </p>
      ) : result.followUpError ? (
        <p class="error" id="follow-up-error">
          No follow-up meeting was made: {sideError(result.followUpError)}
        </p>
      ) : null}
    </Section>
  );
}

function Minutes({ org, base, meeting: m, organizer, onChanged }: { org: Org; base: string; meeting: MeetingDetail; organizer: boolean; onChanged: () => void }) {
  const [body, setBody] = useState(m.minutes ?? "");
  const [saved, setSaved] = useState(false);
  const editable = organizer && m.status === "Scheduled";
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
    <Section title="Minutes" id="minutes">
      {m.minutesFileId ? (
        <p id="filed-minutes">
          The final minutes are filed in{" "}
          <a href={filesLink(org, m.title)} data-route id="minutes-in-files">
            Files
          </a>{" "}
          with this meeting. <ActionButton kind="secondary" id="download-minutes" onAction={download}>Download</ActionButton>
        </p>
      ) : null}
      {editable ? (
        <>
          <TextArea
            label="Your minutes"
            id="minutes-body"
            rows={5}
            maxLength={200000}
            value={body}
            onInput={(v) => (setBody(v), setSaved(false))}
            hint="The composed minutes (attendance, each item with its votes and outcome, memo and notes) end with this text."
          />
          <div class="toolbar">
            <ActionButton id="save-minutes" kind="secondary" onAction={save}>
              Save the minutes
            </ActionButton>
            <ActionButton id="compile-minutes" kind="secondary" onAction={compile}>
              Compose the minutes
            </ActionButton>
            {saved ? (
              <span class="success" role="status">
                Saved.
              </span>
            ) : null}
          </div>
        </>
      ) : m.minutes ? (
        <p class="doc-body">{m.minutes}</p>
      ) : null}
      {m.compiledMinutes ? (
        <>
          <h3>{m.status === "Completed" ? "The final minutes" : `Composed ${formatTime(m.compiledAt)} (outcomes are a preview)`}</h3>
          <pre class="minutes-text" id="compiled-minutes">
            {m.compiledMinutes}
          </pre>
        </>
      ) : !editable && !m.minutesFileId ? (
        <p class="muted">No minutes yet.</p>
      ) : null}
    </Section>
  );
}

function CancelOrDelete({ org, base, meeting: m, hasVotes, onChanged }: { org: Org; base: string; meeting: MeetingDetail; hasVotes: boolean; onChanged: () => void }) {
  const [reason, setReason] = useState("");
  if (m.status === "Scheduled") {
    const cancel = async () => {
      if (!reason.trim()) throw new Error("Say why the meeting is cancelled.");
      if (!confirm(`Cancel “${m.title}”? The participants keep the invitation; the meeting takes no more changes.`)) return;
      await api("POST", `${base}/cancel`, { reason: reason.trim() });
      onChanged();
    };
    return (
      <Section title="Cancel the meeting" id="cancel-meeting">
        {hasVotes ? (
          <p class="muted">The meeting has votes, so it cannot be cancelled: complete it instead.</p>
        ) : (
          <div class="inline-form">
            <Field label="Why is it cancelled?" id="cancel-reason-input" required maxLength={2000} value={reason} onInput={(e) => setReason((e.target as HTMLInputElement).value)} />
            <ActionButton id="cancel-meeting-button" kind="danger" onAction={cancel}>
              Cancel the meeting
            </ActionButton>
          </div>
        )}
      </Section>
    );
  }
  const remove = async () => {
    if (!confirm(`Delete “${m.title}”? It leaves every list; its minutes, votes and audit records remain.`)) return;
    await api("DELETE", base);
    navigate(`/orgs/${org.slug}/meetings`);
  };
  return (
    <Section title="Delete the meeting" id="delete-meeting">
      <p class="muted">It leaves the lists. Its filed minutes, votes and audit records remain.</p>
      <ActionButton id="delete-meeting-button" kind="danger" onAction={remove}>
        Delete the meeting
      </ActionButton>
    </Section>
  );
}
