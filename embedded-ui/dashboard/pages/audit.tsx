/**
 * The audit log: events with filters, the retention window, a verify button per event,
 * the whole chain's status, and events per day.
 */
import { useState } from "preact/hooks";
import { api, query } from "../api";
import { ActionButton, Badge, EmptyState, ErrorMessage, Field, Loaded, ProgressBar, Section, Select, useLoad } from "../components";
import { formatTime } from "../messages";
import type { Org } from "../session";
import { useT } from "../language";
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

/** One step of GET /audit/verify: its verdict, and where the next step starts. */
interface ChainStep extends ChainCheck {
  base: { seq: number };
  verifiedThrough: number;
  next: number | null;
  total: number;
}

/** Records per verification step: small enough that a long chain shows its progress. */
const VERIFY_STEP = 5000;

/** A date input's day as an ISO instant: the start of `from`'s day, the end of `to`'s. */
const dayBound = (day: string, end: boolean) => (day ? new Date(`${day}T${end ? "23:59:59.999" : "00:00:00.000"}Z`).toISOString() : undefined);

export function AuditPage({ org }: { org: Org }) {
  const t = useT();
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
        <h1>{t("audit.title")}</h1>
      </div>
      <Loaded state={retention} what={t("audit.retentionWhat")}>
        {(r) => (
          <p id="retention">
            {r.unlimited
              ? t("audit.unlimited")
              : r.windowStartUtc
                ? t("audit.keepsSince", { days: t(r.retentionDays === 1 ? "audit.dayOne" : "audit.dayOther", { count: r.retentionDays ?? 0 }), time: formatTime(r.windowStartUtc) })
                : t("audit.keeps", { days: t(r.retentionDays === 1 ? "audit.dayOne" : "audit.dayOther", { count: r.retentionDays ?? 0 }) })}
          </p>
        )}
      </Loaded>
      {privileged ? <ChainStatus org={org} /> : null}
      {privileged ? <AuditExport org={org} /> : null}
      {privileged ? <AuditPurge org={org} /> : null}

      <Section title={t("audit.perDay")} id="audit-chart">
        <Loaded state={stats} what={t("audit.statsWhat")}>
          {(s) => (s.byDay.length === 0 ? <EmptyState title={t("audit.noEventsInRange")} /> : <DayChart days={s.byDay} total={s.total} />)}
        </Loaded>
      </Section>

      <Section title={t("audit.events")} id="audit-events">
        <form
          class="filters"
          onSubmit={(e) => {
            e.preventDefault();
            setFilters(draft);
          }}
        >
          <Select
            label={t("audit.whose")}
            id="audit-scope"
            value={draft.scope}
            onChange={(scope) => setDraft({ ...draft, scope })}
            options={privileged ? [["mine", t("audit.mine")], ["all", t("audit.wholeOrg")]] : [["mine", t("audit.mine")]]}
          />
          <Field label={t("audit.typeStarts")} id="audit-type" placeholder={"org.member."} maxLength={200} value={draft.type} onInput={set("type")} />
          <Field label={t("audit.actor")} id="audit-actor" maxLength={100} value={draft.actor} onInput={set("actor")} />
          <Field label={t("audit.from")} id="audit-from" type="date" value={draft.from} onInput={set("from")} />
          <Field label={t("audit.to")} id="audit-to" type="date" value={draft.to} onInput={set("to")} />
          <div class="form-actions">
            <button type="submit" class="primary">
              {t("audit.apply")}
            </button>
          </div>
        </form>
        <Loaded state={first} what={t("audit.eventsWhat")}>
          {(result) => {
            const events = [...result.events, ...pages.flat()];
            return (
              <>
                {result.range.cut ? <p class="warning">{t("audit.cut", { time: formatTime(result.range.from) })}</p> : null}
                {events.length === 0 ? (
                  <EmptyState title={t("audit.noMatch")}>{t("audit.noMatchHint")}</EmptyState>
                ) : (
                  <div class="table-wrap" tabIndex={0}>
                    <table class="table" id="audit-table">
                      <thead>
                        <tr>
                          <th scope="col">#</th>
                          <th scope="col">{t("audit.when")}</th>
                          <th scope="col">{t("audit.event")}</th>
                          <th scope="col">{t("audit.actorColumn")}</th>
                          <th scope="col">{t("audit.details")}</th>
                          <th scope="col">{t("audit.seal")}</th>
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
                    {t("audit.loadOlder")}
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
  const t = useT();
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
            <Badge tone="good">
              {t("audit.verified")}
              {check.checks.checkpoint === "pending" ? t("audit.checkpointPending") : ""}
            </Badge>
          ) : (
            <Badge tone="bad">{t("audit.broken", { why: !check.checks.record ? t("audit.recordChanged") : !check.checks.link ? t("audit.linkBroken") : t("audit.checkpointFailed") })}</Badge>
          )
        ) : (
          <button type="button" class="secondary small" disabled={busy} aria-busy={busy} aria-label={t("audit.verifyEvent", { seq: event.seq })} onClick={verify}>
            {event.sealIntact ? t("audit.verify") : t("audit.verifyChanged")}
          </button>
        )}
        <ErrorMessage error={error} />
      </td>
    </tr>
  );
}

function ChainStatus({ org }: { org: Org }) {
  const t = useT();
  const [result, setResult] = useState<ChainCheck | null>(null);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  // The steps together check what one whole call checks (the route's description says so);
  // the first step with a break holds the chain's first break, since steps run in order.
  const run = async () => {
    setResult(null);
    setProgress(null);
    const verdict: ChainCheck = { intact: true, count: 0, firstBreak: null };
    let after: number | null = null;
    do {
      const step: ChainStep = await api<ChainStep>("GET", `/api/v1/admin/audit/verify${query({ org: org.slug, after, limit: VERIFY_STEP })}`);
      verdict.intact &&= step.intact;
      verdict.count += step.count;
      verdict.firstBreak ??= step.firstBreak;
      setProgress({ done: Math.min(step.verifiedThrough - step.base.seq, step.total), total: step.total });
      after = step.next;
    } while (after !== null);
    setResult(verdict);
  };
  return (
    <Section title={t("audit.chainStatus")} id="chain-status">
      <p class="muted">{t("audit.chainHint")}</p>
      {progress ? (
        <div id="chain-progress">
          <ProgressBar value={progress.done} max={progress.total} label={t("audit.verifyProgress", progress)} />
          <p class="muted">{t("audit.verifyProgress", progress)}</p>
        </div>
      ) : null}
      {result ? (
        <p id="chain-result" role="status">
          {result.intact ? (
            <Badge tone="good">{t("audit.intact", { count: result.count })}</Badge>
          ) : (
            <Badge tone="bad">{t("audit.brokenAt", { seq: result.firstBreak?.seq ?? "?", reason: result.firstBreak?.reason ?? "" })}</Badge>
          )}
        </p>
      ) : null}
      <ActionButton id="verify-chain" kind="secondary" onAction={run}>
        {t("audit.verifyChain")}
      </ActionButton>
    </Section>
  );
}

function DayChart({ days, total }: { days: { date: string; count: number }[]; total: number }) {
  const t = useT();
  const max = Math.max(...days.map((d) => d.count), 1);
  return (
    <figure class="chart">
      <div class="bars" role="img" aria-label={t("audit.chartLabel", { total, days: days.length })}>
        {days.map((d) => (
          <div class="bar-col" key={d.date} title={`${d.date}: ${d.count}`}>
            <span class="bar-count">{d.count}</span>
            <div class="bar" style={{ height: `${Math.max(4, Math.round((d.count / max) * 100))}%` }} />
            <span class="bar-label">{d.date.slice(5)}</span>
          </div>
        ))}
      </div>
      <figcaption class="muted">{t("audit.chartCaption", { total })}</figcaption>
    </figure>
  );
}
