/**
 * Meetings (docs/governance.md, Meetings): the schedule with each meeting's participants
 * and their RSVP, and scheduling one (title, type, mode, time, duration, location, the
 * agenda one item per line, members and guests by e-mail). The plan, the Master Seal,
 * the board and the board meetings add-on gate creation; their refusals are said in
 * plain words. A meeting's own page is meeting.tsx.
 */
import { useState } from "preact/hooks";
import { api } from "../api";
import { Badge, EmptyState, Field, Form, Loaded, Section, Select, TextArea, useLoad } from "../components";
import { type Graph, isOwnerOrAdmin, type Meeting, type MeetingDetail, type MeetingInput, type Participant } from "../governance";
import { formatTime, plural } from "../messages";
import { navigate } from "../router";
import { type Org, useSession } from "../session";

export const MEETING_TYPES: [string, string][] = [
  ["0", "Team meeting"],
  ["1", "Client meeting"],
  ["10", "Board meeting"],
];
export const typeName = (type: number) => MEETING_TYPES.find(([k]) => Number(k) === type)?.[1] ?? `Type ${type}`;
export const modeName = (mode: number) => (mode === 1 ? "online" : "in person");
export const STATUS_TONE: Record<Meeting["status"], "good" | "warn" | "bad" | "neutral"> = { Scheduled: "warn", Completed: "good", Cancelled: "neutral" };
export const RSVP: Record<Participant["rsvpStatus"], [string, "good" | "warn" | "bad" | "neutral"]> = {
  pending: ["no answer yet", "neutral"],
  accepted: ["accepted", "good"],
  tentative: ["maybe", "warn"],
  declined: ["declined", "bad"],
};
export const ROLE_WORDS: Record<Participant["role"], string> = { Organizer: "organizer", Participant: "participant", External: "guest" };

/** Meetings are created by the owner and admins (org.meeting.create); Directors read and vote. */
export const canCreateMeetings = isOwnerOrAdmin;

export function MeetingsPage({ org }: { org: Org }) {
  const base = `/api/org/${org.slug}`;
  const [status, setStatus] = useState("");
  const list = useLoad(() => api<Meeting[]>("GET", `${base}/meetings${status ? `?status=${status}` : ""}`), [org.slug, status]);
  return (
    <>
      <div class="page-head">
        <h1>Meetings</h1>
      </div>
      <Section title="Schedule" id="meetings">
        <div class="toolbar">
          <Select
            label="Show"
            id="meeting-status"
            value={status}
            onChange={setStatus}
            options={[
              ["", "Every meeting"],
              ["Scheduled", "Scheduled"],
              ["Completed", "Completed"],
              ["Cancelled", "Cancelled"],
            ]}
          />
        </div>
        <Loaded state={list} what="meetings">
          {(meetings) =>
            meetings.length === 0 ? (
              <EmptyState title={status ? `No ${status.toLowerCase()} meetings.` : "No meetings yet."}>
                {canCreateMeetings(org) ? "Schedule one below." : "The owner or an admin schedules them."}
              </EmptyState>
            ) : (
              <ul class="doc-list" id="meeting-list">
                {meetings.map((m) => (
                  <MeetingCard key={m.id} org={org} meeting={m} />
                ))}
              </ul>
            )
          }
        </Loaded>
      </Section>
      {canCreateMeetings(org) ? <CreateMeeting org={org} /> : null}
    </>
  );
}

function MeetingCard({ org, meeting: m }: { org: Org; meeting: Meeting }) {
  const members = m.participants;
  return (
    <li class="doc card" data-meeting-id={m.id} data-meeting-title={m.title} data-status={m.status}>
      <div class="doc-head">
        <h3>
          <a href={`/orgs/${org.slug}/meetings/${m.id}`} data-route>
            {m.title}
          </a>
        </h3>
        <Badge tone={STATUS_TONE[m.status]}>{m.status}</Badge>
      </div>
      <p class="muted">
        {typeName(m.type)} · {formatTime(m.scheduledAt)} · {plural(m.durationMinutes, "minute")} · {modeName(m.mode)}
        {m.location ? ` · ${m.location}` : ""}
        {m.carriedFromMeetingId ? " · follow-up" : ""}
      </p>
      <ul class="rsvp-list" aria-label={`Participants of ${m.title}`}>
        {members.map((p) => (
          <li key={p.participantId} data-participant-name={p.displayName} data-rsvp={p.rsvpStatus}>
            {p.displayName}
            {p.role !== "Participant" ? <span class="muted"> ({ROLE_WORDS[p.role]})</span> : null} <Badge tone={RSVP[p.rsvpStatus][1]}>{RSVP[p.rsvpStatus][0]}</Badge>
            {p.checkedInAt ? <> <Badge tone="good">present</Badge></> : null}
          </li>
        ))}
      </ul>
    </li>
  );
}

/** A datetime-local value (the browser's time zone) for tomorrow at 10:00. */
function tomorrowAtTen(): string {
  const d = new Date();
  d.setDate(d.getDate() + 1);
  d.setHours(10, 0, 0, 0);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** Guests, one a line: an address, or "Name <address>". */
export function parseGuests(text: string): { Email: string; Name?: string }[] {
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const named = /^(.*)<([^>]+)>$/.exec(line);
      if (!named) return { Email: line };
      const name = named[1]!.trim().replace(/^"|"$/g, "");
      return name ? { Email: named[2]!.trim(), Name: name } : { Email: named[2]!.trim() };
    });
}

function CreateMeeting({ org }: { org: Org }) {
  const { user } = useSession();
  const base = `/api/org/${org.slug}`;
  const graph = useLoad(() => api<Graph>("GET", `${base}/reporting/graph`), [org.slug]);
  const [title, setTitle] = useState("");
  const [type, setType] = useState("0");
  const [mode, setMode] = useState("0");
  const [when, setWhen] = useState(tomorrowAtTen);
  const [duration, setDuration] = useState("60");
  const [location, setLocation] = useState("");
  const [agenda, setAgenda] = useState("");
  const [chosen, setChosen] = useState<string[]>([]);
  const [guests, setGuests] = useState("");
  // The organizer is always a participant: the others are chosen from the organization's people.
  const people = (graph.data?.people ?? []).filter((p) => p.type === "person" && p.userId !== user.id).sort((a, b) => a.displayName.localeCompare(b.displayName));
  const toggle = (id: string, on: boolean) => setChosen((c) => (on ? [...c, id] : c.filter((x) => x !== id)));
  const create = async () => {
    const at = new Date(when);
    if (Number.isNaN(at.getTime())) throw new Error("Give the date and time of the meeting.");
    const body: MeetingInput = {
      Title: title.trim(),
      Type: Number(type) as MeetingInput["Type"],
      Mode: Number(mode) as MeetingInput["Mode"],
      ScheduledAt: at.toISOString(),
      DurationMinutes: Number(duration) || 60,
      Location: location.trim() || null,
      Agenda: agenda.trim() || null,
      ParticipantConnectedIds: chosen,
      ExternalParticipants: parseGuests(guests),
    };
    const created = await api<MeetingDetail>("POST", `${base}/meetings`, body);
    navigate(`/orgs/${org.slug}/meetings/${created.id}`);
  };
  return (
    <Section title="Schedule a meeting" id="create-meeting">
      <p class="muted">
        You organize it and are its first participant. Everyone else gets an invitation with links to answer. A board meeting needs the board with a chairman; the organization's first
        one is free, later ones need the Board Meetings add-on.
      </p>
      <Form onSubmit={create} submitLabel="Schedule the meeting" id="create-meeting-form">
        <Field label="Title" id="meeting-title" required maxLength={200} value={title} onInput={(e) => setTitle((e.target as HTMLInputElement).value)} />
        <Select label="Type" id="meeting-type" value={type} onChange={setType} options={MEETING_TYPES} />
        <Select
          label="Where"
          id="meeting-mode"
          value={mode}
          onChange={setMode}
          options={[
            ["0", "In person"],
            ["1", "Online"],
          ]}
        />
        <Field label="Date and time" id="meeting-when" type="datetime-local" required value={when} hint="In your time zone; it must be in the future." onInput={(e) => setWhen((e.target as HTMLInputElement).value)} />
        <Field label="Duration (minutes)" id="meeting-duration" type="number" min={1} max={1440} required value={duration} onInput={(e) => setDuration((e.target as HTMLInputElement).value)} />
        <Field label={mode === "1" ? "Link or dial-in (optional)" : "Location (optional)"} id="meeting-location" maxLength={500} value={location} onInput={(e) => setLocation((e.target as HTMLInputElement).value)} />
        <TextArea
          label="Agenda"
          id="meeting-agenda"
          rows={4}
          maxLength={20000}
          value={agenda}
          onInput={setAgenda}
          hint={`One item per line, numbered from 0 in this order.${type === "10" ? " A board meeting needs at least one." : ""}`}
          required={type === "10"}
        />
        <fieldset class="choice-list" id="meeting-participants">
          <legend>Participants from the organization</legend>
          {people.length === 0 ? <p class="muted">{graph.data ? "Nobody else is in the organization yet." : "Loading the organization's people…"}</p> : null}
          {people.map((p) => (
            <label key={p.connectedId} class="toggle">
              <input type="checkbox" value={p.connectedId} checked={chosen.includes(p.connectedId)} onChange={(e) => toggle(p.connectedId, (e.target as HTMLInputElement).checked)} />
              <span>{p.displayName}</span>
            </label>
          ))}
          {type === "10" ? <p class="muted">Name the directors: a director left out cannot vote and counts as absent.</p> : null}
        </fieldset>
        <TextArea
          label="Guests outside the organization (optional)"
          id="meeting-guests"
          rows={2}
          value={guests}
          onInput={setGuests}
          hint="One e-mail address a line, or Name <address>. Guests are invited by e-mail; they never vote."
        />
      </Form>
    </Section>
  );
}
