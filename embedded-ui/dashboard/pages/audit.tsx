/**
 * The audit log: events with filters, the retention window, a verify button per event,
 * the whole chain's status, and events per day.
 */
import { useState } from "preact/hooks";
import { api, query } from "../api";
import { ActionButton, Badge, EmptyState, ErrorMessage, Field, Loaded, Section, Select, useLoad } from "../components";
import { formatTime, plural } from "../messages";
import type { Org } from "../session";
import { AuditExport, AuditPurge } from "./audit-history";

interface AuditEvent {
  logId: string;
  seq: number;
  type: string;
  at: string;
  actor: { kind: string; id: string | null; connectedId: string | null };
  payload: unknown;
  sealIntact: boolean;
}

interface Range {
  from: string;
  to: string;
  cut: boolean;
  retentionDays: number | null;
  windowStartUtc: string | null;
}

interface Filters {
  scope: string;
  type: string;
  actor: string;
  from: string;
  to: string;
}

interface RecordCheck {
  valid: boolean;
  checks: { record: boolean; link: boolean; checkpoint: "verified" | "pending" | "failed" };
}

interface ChainCheck {
  intact: boolean;
  count: number;
  firstBreak: { reason: string; seq: number } | null;
}

/** A date input's day as an ISO instant: the start of `from`'s day, the end of `to`'s. */
const dayBound = (day: string, end: boolean) => (day ? new Date(`${day}T${end ? "23:59:59.999" : "00:00:00.000"}Z`).toISOString() : undefined);

export function AuditPage({ org }: { org: Org }) {
  const privileged = org.role === "owner" || org.role === "admin";
  const empty: Filters = { scope: "mine", type: "", actor: "", from: "", to: "" };
  const [draft, setDraft] = useState<Filters>(empty);
  const [filters, setFilters] = useState<Filters>(empty);
  const [pages, setPages] = useState<AuditEvent[][]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const params = (f: Filters) => ({ org: org.slug, scope: f.scope, type: f.type || undefined, actor: f.actor || undefined, from: dayBound(f.from, false), to: dayBound(f.to, true) });

  const first = useLoad(async () => {
    const result = await api<{ events: AuditEvent[]; nextCursor: string | null; range: Range }>("GET", `/api/v1/admin/audit/query${query({ ...params(filters), limit: 50 })}`);
    setPages([]);
    setCursor(result.nextCursor);
    return result;
  }, [org.slug, filters]);
  const stats = useLoad(
    () => api<{ total: number; byDay: { date: string; count: number }[] }>("GET", `/api/v1/admin/audit/stats${query({ org: org.slug, scope: filters.scope, from: dayBound(filters.from, false), to: dayBound(filters.to, true) })}`),
    [org.slug, filters],
  );
  const retention = useLoad(() => api<{ retentionDays: number | null; unlimited: boolean; windowStartUtc: string | null }>("GET", `/api/v1/admin/audit/retention${query({ org: org.slug })}`), [org.slug]);

  const loadMore = async () => {
    const result = await api<{ events: AuditEvent[]; nextCursor: string | null }>("GET", `/api/v1/admin/audit/query${query({ ...params(filters), limit: 50, cursor })}`);
    setPages((p) => [...p, result.events]);
    setCursor(result.nextCursor);
  };
  const set = (key: keyof Filters) => (e: Event) => setDraft({ ...draft, [key]: (e.target as HTMLInputElement).value });

  return (
    <>
      <div class="page-head">
        <h1>Audit log</h1>
      </div>
      <Loaded state={retention} what="the retention window">
        {(r) => (
          <p id="retention">
            {r.unlimited
              ? "History is kept without limit on this plan."
              : `This plan keeps ${plural(r.retentionDays ?? 0, "day")} of history${r.windowStartUtc ? `: events since ${formatTime(r.windowStartUtc)}` : ""}. Older events are deleted after notice; upgrade to keep more.`}
          </p>
        )}
      </Loaded>
      {privileged ? <ChainStatus org={org} /> : null}
      {privileged ? <AuditExport org={org} /> : null}
      {privileged ? <AuditPurge org={org} /> : null}

      <Section title="Events per day" id="audit-chart">
        <Loaded state={stats} what="statistics">
          {(s) => (s.byDay.length === 0 ? <EmptyState title="No events in this range." /> : <DayChart days={s.byDay} total={s.total} />)}
        </Loaded>
      </Section>

      <Section title="Events" id="audit-events">
        <form
          class="filters"
          onSubmit={(e) => {
            e.preventDefault();
            setFilters(draft);
          }}
        >
          <Select
            label="Whose events"
            id="audit-scope"
            value={draft.scope}
            onChange={(scope) => setDraft({ ...draft, scope })}
            options={privileged ? [["mine", "Mine"], ["all", "Whole organization (Pro)"]] : [["mine", "Mine"]]}
          />
          <Field label="Type starts with" id="audit-type" placeholder="org.member." maxLength={200} value={draft.type} onInput={set("type")} />
          <Field label="Actor (user id or ConnectedId)" id="audit-actor" maxLength={100} value={draft.actor} onInput={set("actor")} />
          <Field label="From" id="audit-from" type="date" value={draft.from} onInput={set("from")} />
          <Field label="To" id="audit-to" type="date" value={draft.to} onInput={set("to")} />
          <div class="form-actions">
            <button type="submit" class="primary">
              Apply filters
            </button>
          </div>
        </form>
        <Loaded state={first} what="events">
          {(result) => {
            const events = [...result.events, ...pages.flat()];
            return (
              <>
                {result.range.cut ? <p class="warning">The range began before the retention window and starts at {formatTime(result.range.from)}.</p> : null}
                {events.length === 0 ? (
                  <EmptyState title="No events match.">Widen the dates or clear the type filter. Your own actions, such as creating an API key, appear here.</EmptyState>
                ) : (
                  <div class="table-wrap" tabIndex={0}>
                    <table class="table" id="audit-table">
                      <thead>
                        <tr>
                          <th scope="col">#</th>
                          <th scope="col">When</th>
                          <th scope="col">Event</th>
                          <th scope="col">Actor</th>
                          <th scope="col">Details</th>
                          <th scope="col">Seal</th>
                        </tr>
                      </thead>
                      <tbody>
                        {events.map((event) => (
                          <EventRow key={event.logId} event={event} org={org} />
                        ))}
                      </tbody>
                    </table>
                  </div>
                )}
                {cursor ? (
                  <ActionButton kind="secondary" onAction={loadMore}>
                    Load older events
                  </ActionButton>
                ) : null}
              </>
            );
          }}
        </Loaded>
      </Section>
    </>
  );
}

function EventRow({ event, org }: { event: AuditEvent; org: Org }) {
  const [check, setCheck] = useState<RecordCheck | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const verify = async () => {
    setBusy(true);
    setError(null);
    try {
      setCheck(await api<RecordCheck>("GET", `/api/v1/admin/audit/verify/${encodeURIComponent(event.logId)}${query({ org: org.slug })}`));
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };
  const payload = JSON.stringify(event.payload ?? {});
  return (
    <tr data-type={event.type}>
      <td>{event.seq}</td>
      <td>{formatTime(event.at)}</td>
      <td>
        <code>{event.type}</code>
      </td>
      <td>
        {event.actor.kind}
        {event.actor.id ? <span class="muted"> {event.actor.id}</span> : null}
      </td>
      <td class="payload" title={payload}>
        {payload.length > 80 ? `${payload.slice(0, 80)}…` : payload}
      </td>
      <td>
        {check ? (
          check.valid ? (
            <Badge tone="good">Verified{check.checks.checkpoint === "pending" ? " (checkpoint pending)" : ""}</Badge>
          ) : (
            <Badge tone="bad">Broken: {!check.checks.record ? "record changed" : !check.checks.link ? "chain link broken" : "checkpoint failed"}</Badge>
          )
        ) : (
          <button type="button" class="secondary small" disabled={busy} aria-busy={busy} aria-label={`Verify event ${event.seq}`} onClick={verify}>
            {event.sealIntact ? "Verify" : "Verify (changed?)"}
          </button>
        )}
        <ErrorMessage error={error} />
      </td>
    </tr>
  );
}

function ChainStatus({ org }: { org: Org }) {
  const [result, setResult] = useState<ChainCheck | null>(null);
  const run = async () => setResult(await api<ChainCheck>("GET", `/api/v1/admin/audit/verify${query({ org: org.slug })}`));
  return (
    <Section title="Chain status" id="chain-status">
      <p class="muted">Recomputes every record and link of the organization's hash chain and checks the signed checkpoints. Nothing is repaired.</p>
      {result ? (
        <p id="chain-result" role="status">
          {result.intact ? (
            <Badge tone="good">Intact: {result.count} records</Badge>
          ) : (
            <Badge tone="bad">
              Broken at record #{result.firstBreak?.seq}: {result.firstBreak?.reason}
            </Badge>
          )}
        </p>
      ) : null}
      <ActionButton id="verify-chain" kind="secondary" onAction={run}>
        Verify the whole chain
      </ActionButton>
    </Section>
  );
}

function DayChart({ days, total }: { days: { date: string; count: number }[]; total: number }) {
  const max = Math.max(...days.map((d) => d.count), 1);
  return (
    <figure class="chart">
      <div class="bars" role="img" aria-label={`${total} events over ${days.length} days`}>
        {days.map((d) => (
          <div class="bar-col" key={d.date} title={`${d.date}: ${d.count}`}>
            <span class="bar-count">{d.count}</span>
            <div class="bar" style={{ height: `${Math.max(4, Math.round((d.count / max) * 100))}%` }} />
            <span class="bar-label">{d.date.slice(5)}</span>
          </div>
        ))}
      </div>
      <figcaption class="muted">{total} events in the range, per UTC day.</figcaption>
    </figure>
  );
}
