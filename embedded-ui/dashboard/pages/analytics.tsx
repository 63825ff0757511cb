/**
 * Analytics of the organization, or of one app group: sign-ins (MAU and DAU, logins,
 * sign-ups, failures by reason, providers, top IPs) and the behavior beacon (page views,
 * visitors, top pages with dwell, referrers, UTM sources, countries), each chart with its
 * numbers as a table. The page says which window each part covers and why: the add-on
 * clamp of sign-in reports and the sealed daily rollups (docs/analytics.md).
 */
import { useState } from "preact/hooks";
import type { BehaviorRollupView } from "../../../src/modules/analytics/behavior-report";
import type { SignInAnalyticsView, SignInRollupView } from "../../../src/modules/analytics/sign-in-report";
import { api, ApiProblem, query } from "../api";
import { BarChart, DailyChart } from "../charts";
import { EmptyState, Loaded, Section, Select, useLoad } from "../components";
import { plural } from "../messages";
import type { Org } from "../session";

type SignIns = typeof SignInAnalyticsView.static;
type SignInRollup = typeof SignInRollupView.static;
type Behavior = typeof BehaviorRollupView.static;

const WINDOWS: [string, string][] = [
  ["3", "Last 3 days"],
  ["7", "Last 7 days"],
  ["30", "Last 30 days"],
  ["90", "Last 90 days"],
];

/** "+12%" against the window before, or nothing when there was none. */
function change(now: number, before: number): string {
  if (before === 0) return now === 0 ? "" : "new";
  const percent = Math.round(((now - before) / before) * 100);
  return `${percent >= 0 ? "+" : ""}${percent}% on the window before`;
}

export function AnalyticsPage({ org }: { org: Org }) {
  const [days, setDays] = useState("30");
  const [appGroupId, setAppGroupId] = useState("");
  const params = { orgId: org.slug, days, appGroupId: appGroupId || undefined };
  const signIns = useLoad(() => api<SignIns>("GET", `/api/v1/admin/audit/analytics${query(params)}`), [org.slug, days, appGroupId]);
  const outcomes = useLoad(() => api<SignInRollup>("GET", `/api/v1/admin/audit/analytics/rollup${query(params)}`), [org.slug, days, appGroupId]);
  const behavior = useLoad(() => api<Behavior>("GET", `/api/v1/admin/audit/behavior/rollup${query(params)}`), [org.slug, days, appGroupId]);
  if (signIns.error instanceof ApiProblem && signIns.error.status === 403) {
    return (
      <>
        <h1>Analytics</h1>
        <EmptyState title="Analytics need the org.analytics.read scope.">The owner and admins hold it; the owner can grant it to a custom role on the Roles page.</EmptyState>
      </>
    );
  }
  const groups = signIns.data?.appGroups ?? [];
  return (
    <>
      <div class="page-head">
        <h1>Analytics</h1>
      </div>
      <div class="filters" role="group" aria-label="What to show">
        <Select label="App group" id="analytics-app-group" value={appGroupId} onChange={setAppGroupId} options={[["", "Every app group"], ...groups.map((g) => [g.id, g.name] as [string, string])]} />
        <Select label="Window" id="analytics-days" value={days} onChange={setDays} options={WINDOWS} />
      </div>
      <Loaded state={signIns} what="sign-in analytics">
        {(s) => <WindowNote requested={Number(days)} report={s} />}
      </Loaded>
      <Loaded state={signIns} what="sign-in analytics">
        {(s) => <SignInSection report={s} />}
      </Loaded>
      <Loaded state={outcomes} what="sign-in outcomes">
        {(o) => <OutcomesSection report={o} />}
      </Loaded>
      <Loaded state={behavior} what="page analytics">
        {(b) => <BehaviorSection report={b} eventsOff={groups.filter((g) => !g.eventsEnabled && (!appGroupId || g.id === appGroupId)).map((g) => g.name)} />}
      </Loaded>
    </>
  );
}

function WindowNote({ requested, report }: { requested: number; report: SignIns }) {
  const clamped = report.days < requested;
  return (
    <div class={clamped ? "warning" : "note"} role="note" id="analytics-window">
      <p>
        Days are UTC days. <strong>Sign-ins</strong> cover the {plural(report.days, "day")} ending today
        {clamped
          ? `: without the Audit Analytics add-on sign-in reports are limited to ${plural(report.freeWindowDays, "day")}, so the ${requested} you chose were cut to ${report.days}. The owner can enable the add-on on the Billing page.`
          : "."}{" "}
        The last {plural(report.freeWindowDays, "day")} come from the raw sign-ins; older days from the sealed daily rollups
        {report.windowSource === "hot_fallback" ? " where they exist (some days were read from the raw sign-ins instead)" : ""}.
      </p>
      <p>
        <strong>Failures by reason</strong> and <strong>page analytics</strong> come only from sealed daily rollups of completed days (built hourly, about 20 minutes past each hour):
        today is not in them yet. Page analytics have no add-on limit.
      </p>
    </div>
  );
}

function Kpi({ label, value, note, id }: { label: string; value: number; note?: string; id: string }) {
  return (
    <div class="kpi" id={id}>
      <span class="kpi-label">{label}</span>
      <span class="kpi-value">{value.toLocaleString()}</span>
      {note ? <span class="muted kpi-note">{note}</span> : null}
    </div>
  );
}

function SignInSection({ report }: { report: SignIns }) {
  const { kpi } = report;
  return (
    <Section title="Sign-ins" id="analytics-sign-ins">
      <div class="kpis">
        <Kpi id="kpi-mau" label="Active users (MAU)" value={kpi.mau} note={change(kpi.mau, kpi.mauPrev)} />
        <Kpi id="kpi-dau" label="Active today (DAU)" value={kpi.dauToday} />
        <Kpi id="kpi-logins" label="Logins" value={kpi.logins} note={change(kpi.logins, kpi.loginsPrev)} />
        <Kpi id="kpi-signups" label="Sign-ups" value={kpi.signups} note={change(kpi.signups, kpi.signupsPrev)} />
      </div>
      <p class="muted">Active users are distinct end users who signed in within the window; the “window before” is the same number of days just before it.</p>
      {report.daily.length === 0 ? (
        <EmptyState title="No sign-ins in this window.">Add the hosted login or an SDK to an application (Apps → Quickstart) and sign-ins appear here.</EmptyState>
      ) : (
        <DailyChart
          id="chart-sign-ins"
          title="Logins, active users and sign-ups per day"
          dates={report.daily.map((d) => d.date)}
          series={[
            { label: "Logins", values: report.daily.map((d) => d.logins) },
            { label: "Active users (DAU)", values: report.daily.map((d) => d.dau) },
            { label: "Sign-ups", values: report.daily.map((d) => d.signups) },
          ]}
        />
      )}
      {report.providers.length ? (
        <BarChart id="chart-providers" title="Successful sign-ins by method" labels={report.providers.map((p) => p.provider)} series={[{ label: "Sign-ins", values: report.providers.map((p) => p.count) }]} />
      ) : null}
      {report.topIps.length === 0 ? (
        <EmptyState title="No sign-in attempts from a known address in this window." />
      ) : (
        <TopTable id="top-ips" caption="Top IP addresses" head={["IP address", "Attempts", "Distinct users"]} rows={report.topIps.map((ip) => [ip.ip, ip.count, ip.users])} />
      )}
    </Section>
  );
}

function OutcomesSection({ report }: { report: SignInRollup }) {
  return (
    <Section title="Sign-in failures" id="analytics-failures">
      {!report.available || !report.daily || !report.totals ? (
        <EmptyState title="No sealed sign-in rollup covers these days yet.">Rollups are built for completed UTC days with sign-ins; come back after the first full day.</EmptyState>
      ) : (
        <>
          <p id="failure-totals">
            {plural(report.totals.attempts, "attempt")}, {plural(report.totals.failures, "failure")} ({report.totals.failureRatePct}%) over {plural(report.coveredDates.length, "day")} with a rollup.
          </p>
          <DailyChart
            id="chart-failures"
            title="Logins and failures per day"
            dates={report.daily.map((d) => d.date)}
            series={[
              { label: "Logins", values: report.daily.map((d) => d.logins) },
              { label: "Failures", values: report.daily.map((d) => d.failures) },
            ]}
          />
          {report.failureReasons?.length ? (
            <BarChart id="chart-failure-reasons" title="Failures by reason" labels={report.failureReasons.map((r) => r.reason)} series={[{ label: "Failures", values: report.failureReasons.map((r) => r.count) }]} />
          ) : (
            <p>No failures.</p>
          )}
        </>
      )}
    </Section>
  );
}

function TopTable({ id, caption, head, rows }: { id: string; caption: string; head: string[]; rows: (string | number)[][] }) {
  if (rows.length === 0) return null;
  return (
    <div class="table-wrap" tabIndex={0}>
      <table class="table" id={id}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {head.map((h) => (
              <th scope="col" key={h}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={i}>
              {row.map((cell, j) => (
                <td key={j}>{j === 0 ? <code>{cell}</code> : cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function BehaviorSection({ report, eventsOff }: { report: Behavior; eventsOff: string[] }) {
  return (
    <Section title="Pages (the beacon)" id="analytics-behavior">
      {eventsOff.length ? <p class="warning">Collection is off for {eventsOff.join(", ")}: the beacon's events there are discarded.</p> : null}
      {!report.available ? (
        <EmptyState title="No page analytics yet.">Add the beacon snippet to your site (Apps → an application → Quickstart); the first rollup appears after the first complete UTC day.</EmptyState>
      ) : (
        <>
          <div class="kpis">
            <Kpi id="kpi-views" label="Page views" value={report.totals.views} />
            <Kpi id="kpi-visitors" label="Visitors (at most)" value={report.totals.visitorsUpperBound} />
            <Kpi id="kpi-identified" label="Signed-in visitors (at most)" value={report.totals.identifiedUsersUpperBound} />
          </div>
          <p class="muted">
            {report.totals.avgDwellSec === null ? "No page was left with a timing yet, so there is no average time on page." : `Average time on a page: ${report.totals.avgDwellSec} s.`} Visitors are counted per
            day, so over several days their sum is a ceiling; views and time on page are exact.
          </p>
          <DailyChart
            id="chart-page-views"
            title="Page views and visitors per day"
            dates={report.daily.map((d) => d.date)}
            series={[
              { label: "Page views", values: report.daily.map((d) => d.views) },
              { label: "Visitors (at most)", values: report.daily.map((d) => d.visitorsUpperBound) },
            ]}
          />
          {report.topPages.length ? (
            <BarChart id="chart-top-pages" title="Top pages" labels={report.topPages.slice(0, 10).map((p) => p.path)} series={[{ label: "Views", values: report.topPages.slice(0, 10).map((p) => p.views) }]} />
          ) : null}
          <TopTable
            id="top-pages"
            caption="Top pages with time on page"
            head={["Page", "Views", "Visitors (at most)", "Average time on page"]}
            rows={report.topPages.map((p) => [p.path, p.views, p.visitorsUpperBound, p.avgDwellSec === null ? "—" : `${p.avgDwellSec} s`])}
          />
          <TopTable id="top-referrers" caption="Referrer domains" head={["Domain", "Views"]} rows={report.referrers.map((r) => [r.domain, r.views])} />
          <TopTable id="top-utm-sources" caption="Campaign sources (utm_source)" head={["Source", "Views"]} rows={report.utmSources.map((r) => [r.source, r.views])} />
          <TopTable id="top-countries" caption="Countries" head={["Country", "Views"]} rows={report.countries.map((r) => [r.country, r.views])} />
          {report.customEvents.length ? (
            <BarChart id="chart-custom-events" title="Custom events (signet.track)" labels={report.customEvents.map((e) => e.name)} series={[{ label: "Events", values: report.customEvents.map((e) => e.count) }]} />
          ) : (
            <p class="muted">No custom events yet: call signet.track("name", data) on your pages to count them here.</p>
          )}
        </>
      )}
    </Section>
  );
}
