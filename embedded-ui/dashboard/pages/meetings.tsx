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
import type { Language } from "../../i18n";
import { useLanguage, useT } from "../language";
import { formatNumber, formatTime, pluralForm } from "../messages";
import { navigate } from "../router";
import { type Org, useSession } from "../session";

type T = ReturnType<typeof useT>;
const MEETING_TYPES = ["0", "1", "10"] as const;
export const meetingTypeOptions = (t: T): [string, string][] => MEETING_TYPES.map((type) => [type, t(`meetings.type.${type}`)]);
export const typeName = (t: T, type: number) => {
  const known = MEETING_TYPES.find((k) => Number(k) === type);
  return known ? t(`meetings.type.${known}`) : t("meetings.typeOther", { type });
};
export const modeName = (t: T, mode: number) => (mode === 1 ? t("meetings.mode.online") : t("meetings.mode.inPerson"));
export const statusName = (t: T, status: Meeting["status"]) => t(`meetings.status.${status}`);
export const STATUS_TONE: Record<Meeting["status"], "good" | "warn" | "bad" | "neutral"> = { Scheduled: "warn", Completed: "good", Cancelled: "neutral" };
export const RSVP_TONE: Record<Participant["rsvpStatus"], "good" | "warn" | "bad" | "neutral"> = { pending: "neutral", accepted: "good", tentative: "warn", declined: "bad" };
export const rsvpWord = (t: T, rsvp: Participant["rsvpStatus"]) => t(`meetings.rsvp.${rsvp}`);
export const roleWord = (t: T, role: Participant["role"]) => t(`meetings.role.${role}`);
/** A duration in minutes, counted the language's way. */
export const minutesText = (t: T, language: Language, minutes: number) => t(`meetings.minutes.${pluralForm(minutes, language)}`, { count: formatNumber(minutes, language) });

/** Meetings are created by the owner and admins (org.meeting.create); Directors read and vote. */
export const canCreateMeetings = isOwnerOrAdmin;

export function MeetingsPage({ org }: { org: Org }) {
  const base = `/api/org/${org.slug}`;
  const [status, setStatus] = useState("");
  const list = useLoad(() => api<Meeting[]>("GET", `${base}/meetings${status ? `?status=${status}` : ""}`), [org.slug, status]);
  const t = useT();
  return (
    <>
      <div class="page-head">
        <h1>{t("meetings.title")}</h1>
      </div>
      <Section title={t("meetings.schedule")} id="meetings">
        <div class="toolbar">
          <Select
            label={t("meetings.show")}
            id="meeting-status"
            value={status}
            onChange={setStatus}
            options={[["", t("meetings.every")], ...(["Scheduled", "Completed", "Cancelled"] as const).map((s): [string, string] => [s, statusName(t, s)])]}
          />
        </div>
        <Loaded state={list} what={t("meetings.what")}>
          {(meetings) =>
            meetings.length === 0 ? (
              <EmptyState title={status ? t(`meetings.none.${status as Meeting["status"]}`) : t("meetings.none")}>
                {canCreateMeetings(org) ? t("meetings.scheduleBelow") : t("meetings.adminSchedules")}
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
  const t = useT();
  const { language } = useLanguage();
  return (
    <li class="doc card" data-meeting-id={m.id} data-meeting-title={m.title} data-status={m.status}>
      <div class="doc-head">
        <h3>
          <a href={`/orgs/${org.slug}/meetings/${m.id}`} data-route>
            {m.title}
          </a>
        </h3>
        <Badge tone={STATUS_TONE[m.status]}>{statusName(t, m.status)}</Badge>
      </div>
      <p class="muted">
        {typeName(t, m.type)} · {formatTime(m.scheduledAt, language)} · {minutesText(t, language, m.durationMinutes)} · {modeName(t, m.mode)}
        {m.location ? ` · ${m.location}` : ""}
        {m.carriedFromMeetingId ? t("meetings.followUp") : ""}
      </p>
      <ul class="rsvp-list" aria-label={t("meetings.participantsOf", { title: m.title })}>
        {members.map((p) => (
          <li key={p.participantId} data-participant-name={p.displayName} data-rsvp={p.rsvpStatus}>
            {p.displayName}
            {p.role !== "Participant" ? <span class="muted"> ({roleWord(t, p.role)})</span> : null} <Badge tone={RSVP_TONE[p.rsvpStatus]}>{rsvpWord(t, p.rsvpStatus)}</Badge>
            {p.checkedInAt ? (
              <>
                {" "}
                <Badge tone="good">{t("meetings.present")}</Badge>
              </>
            ) : null}
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
  const t = useT();
  // The organizer is always a participant: the others are chosen from the organization's people.
  const people = (graph.data?.people ?? []).filter((p) => p.type === "person" && p.userId !== user.id).sort((a, b) => a.displayName.localeCompare(b.displayName));
  const toggle = (id: string, on: boolean) => setChosen((c) => (on ? [...c, id] : c.filter((x) => x !== id)));
  const create = async () => {
    const at = new Date(when);
    if (Number.isNaN(at.getTime())) throw new Error(t("meetings.giveDate"));
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
    <Section title={t("meetings.createTitle")} id="create-meeting">
      <p class="muted">{t("meetings.createIntro")}</p>
      <Form onSubmit={create} submitLabel={t("meetings.create")} id="create-meeting-form">
        <Field label={t("meetings.fieldTitle")} id="meeting-title" required maxLength={200} value={title} onInput={(e) => setTitle((e.target as HTMLInputElement).value)} />
        <Select label={t("meetings.fieldType")} id="meeting-type" value={type} onChange={setType} options={meetingTypeOptions(t)} />
        <Select
          label={t("meetings.where")}
          id="meeting-mode"
          value={mode}
          onChange={setMode}
          options={[
            ["0", t("meetings.inPersonOption")],
            ["1", t("meetings.onlineOption")],
          ]}
        />
        <Field label={t("meetings.when")} id="meeting-when" type="datetime-local" required value={when} hint={t("meetings.whenHint")} onInput={(e) => setWhen((e.target as HTMLInputElement).value)} />
        <Field label={t("meetings.duration")} id="meeting-duration" type="number" min={1} max={1440} required value={duration} onInput={(e) => setDuration((e.target as HTMLInputElement).value)} />
        <Field label={mode === "1" ? t("meetings.link") : t("meetings.location")} id="meeting-location" maxLength={500} value={location} onInput={(e) => setLocation((e.target as HTMLInputElement).value)} />
        <TextArea
          label={t("meetings.agenda")}
          id="meeting-agenda"
          rows={4}
          maxLength={20000}
          value={agenda}
          onInput={setAgenda}
          hint={type === "10" ? t("meetings.agendaHintBoard") : t("meetings.agendaHint")}
          required={type === "10"}
        />
        <fieldset class="choice-list" id="meeting-participants">
          <legend>{t("meetings.participants")}</legend>
          {people.length === 0 ? <p class="muted">{graph.data ? t("meetings.nobodyElse") : t("meetings.loadingPeople")}</p> : null}
          {people.map((p) => (
            <label key={p.connectedId} class="toggle">
              <input type="checkbox" value={p.connectedId} checked={chosen.includes(p.connectedId)} onChange={(e) => toggle(p.connectedId, (e.target as HTMLInputElement).checked)} />
              <span>{p.displayName}</span>
            </label>
          ))}
          {type === "10" ? <p class="muted">{t("meetings.nameDirectors")}</p> : null}
        </fieldset>
        <TextArea
          label={t("meetings.guests")}
          id="meeting-guests"
          rows={2}
          value={guests}
          onInput={setGuests}
          hint={t("meetings.guestsHint")}
        />
      </Form>
    </Section>
  );
}
