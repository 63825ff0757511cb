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
import { useLanguage, useT } from "../language";
import { formatNumber, pluralForm } from "../messages";
import type { Org } from "../session";

type SignIns = typeof SignInAnalyticsView.static;
type SignInRollup = typeof SignInRollupView.static;
type Behavior = typeof BehaviorRollupView.static;

type T = ReturnType<typeof useT>;

const WINDOWS = ["3", "7", "30", "90"] as const;

/** "+12%" against the window before, or nothing when there was none. */
function change(t: T, now: number, before: number): string {
  if (before === 0) return now === 0 ? "" : t("analytics.new");
  const percent = Math.round(((now - before) / before) * 100);
  return t("analytics.change", { percent: `${percent >= 0 ? "+" : ""}${percent}%` });
}

export function AnalyticsPage({ org }: { org: Org }) {
  const [days, setDays] = useState("30");
  const [appGroupId, setAppGroupId] = useState("");
  const params = { orgId: org.slug, days, appGroupId: appGroupId || undefined };
  const signIns = useLoad(() => api<SignIns>("GET", `/api/v1/admin/audit/analytics${query(params)}`), [org.slug, days, appGroupId]);
  const outcomes = useLoad(() => api<SignInRollup>("GET", `/api/v1/admin/audit/analytics/rollup${query(params)}`), [org.slug, days, appGroupId]);
  const behavior = useLoad(() => api<Behavior>("GET", `/api/v1/admin/audit/behavior/rollup${query(params)}`), [org.slug, days, appGroupId]);
  const t = useT();
  if (signIns.error instanceof ApiProblem && signIns.error.status === 403) {
    return (
      <>
        <h1>{t("analytics.title")}</h1>
        <EmptyState title={t("analytics.needsScope")}>{t("analytics.needsScopeHint")}</EmptyState>
      </>
    );
  }
  const groups = signIns.data?.appGroups ?? [];
  return (
    <>
      <div class="page-head">
        <h1>{t("analytics.title")}</h1>
      </div>
      <div class="filters" role="group" aria-label={t("analytics.filters")}>
        <Select
          label={t("analytics.appGroup")}
          id="analytics-app-group"
          value={appGroupId}
          onChange={setAppGroupId}
          options={[["", t("analytics.everyAppGroup")], ...groups.map((g) => [g.id, g.name] as [string, string])]}
        />
        <Select label={t("analytics.window")} id="analytics-days" value={days} onChange={setDays} options={WINDOWS.map((w) => [w, t(`analytics.window.${w}`)])} />
      </div>
      <Loaded state={signIns} what={t("analytics.signInWhat")}>
        {(s) => <WindowNote requested={Number(days)} report={s} />}
      </Loaded>
      <Loaded state={signIns} what={t("analytics.signInWhat")}>
        {(s) => <SignInSection report={s} />}
      </Loaded>
      <Loaded state={outcomes} what={t("analytics.outcomesWhat")}>
        {(o) => <OutcomesSection report={o} />}
      </Loaded>
      <Loaded state={behavior} what={t("analytics.pagesWhat")}>
        {(b) => <BehaviorSection report={b} eventsOff={groups.filter((g) => !g.eventsEnabled && (!appGroupId || g.id === appGroupId)).map((g) => g.name)} />}
      </Loaded>
    </>
  );
}

function WindowNote({ requested, report }: { requested: number; report: SignIns }) {
  const t = useT();
  const { language } = useLanguage();
  const clamped = report.days < requested;
  const dayCount = (count: number) => t(`analytics.days.${pluralForm(count, language)}`, { count: formatNumber(count, language) });
  const days = dayCount(report.days);
  const freeDays = dayCount(report.freeWindowDays);
  return (
    <div class={clamped ? "warning" : "note"} role="note" id="analytics-window">
      <p>
        {t("analytics.utcDays")} <strong>{t("analytics.signInsWord")}</strong>
        {clamped ? t("analytics.coverClamped", { days, freeDays, requested, count: report.days }) : t("analytics.cover", { days })}{" "}
        {t("analytics.rawDays", { freeDays, fallback: report.windowSource === "hot_fallback" ? t("analytics.hotFallback") : "" })}
      </p>
      <p>
        <strong>{t("analytics.failuresByReasonWord")}</strong>
        {t("analytics.and")}
        <strong>{t("analytics.pageAnalyticsWord")}</strong>
        {t("analytics.rollupsOnly")}
      </p>
    </div>
  );
}

function Kpi({ label, value, note, id }: { label: string; value: number; note?: string; id: string }) {
  const { language } = useLanguage();
  return (
    <div class="kpi" id={id}>
      <span class="kpi-label">{label}</span>
      <span class="kpi-value">{formatNumber(value, language)}</span>
      {note ? <span class="muted kpi-note">{note}</span> : null}
    </div>
  );
}

function SignInSection({ report }: { report: SignIns }) {
  const { kpi } = report;
  const t = useT();
  return (
    <Section title={t("analytics.signIns")} id="analytics-sign-ins">
      <div class="kpis">
        <Kpi id="kpi-mau" label={t("analytics.mau")} value={kpi.mau} note={change(t, kpi.mau, kpi.mauPrev)} />
        <Kpi id="kpi-dau" label={t("analytics.dau")} value={kpi.dauToday} />
        <Kpi id="kpi-logins" label={t("analytics.logins")} value={kpi.logins} note={change(t, kpi.logins, kpi.loginsPrev)} />
        <Kpi id="kpi-signups" label={t("analytics.signups")} value={kpi.signups} note={change(t, kpi.signups, kpi.signupsPrev)} />
      </div>
      <p class="muted">{t("analytics.activeNote")}</p>
      {report.daily.length === 0 ? (
        <EmptyState title={t("analytics.noSignIns")}>{t("analytics.noSignInsHint")}</EmptyState>
      ) : (
        <DailyChart
          id="chart-sign-ins"
          title={t("analytics.signInsChart")}
          dates={report.daily.map((d) => d.date)}
          series={[
            { label: t("analytics.logins"), values: report.daily.map((d) => d.logins) },
            { label: t("analytics.activeUsersDau"), values: report.daily.map((d) => d.dau) },
            { label: t("analytics.signups"), values: report.daily.map((d) => d.signups) },
          ]}
        />
      )}
      {report.providers.length ? (
        <BarChart
          id="chart-providers"
          title={t("analytics.byMethod")}
          labels={report.providers.map((p) => p.provider)}
          series={[{ label: t("analytics.signInsSeries"), values: report.providers.map((p) => p.count) }]}
        />
      ) : null}
      {report.topIps.length === 0 ? (
        <EmptyState title={t("analytics.noIps")} />
      ) : (
        <TopTable
          id="top-ips"
          caption={t("analytics.topIps")}
          head={[t("analytics.ipAddress"), t("analytics.attempts"), t("analytics.distinctUsers")]}
          rows={report.topIps.map((ip) => [ip.ip, ip.count, ip.users])}
        />
      )}
    </Section>
  );
}

function OutcomesSection({ report }: { report: SignInRollup }) {
  const t = useT();
  const { language } = useLanguage();
  const counted = (key: "analytics.attemptCount" | "analytics.failureCount" | "analytics.days", count: number) =>
    t(`${key}.${pluralForm(count, language)}`, { count: formatNumber(count, language) });
  return (
    <Section title={t("analytics.failuresTitle")} id="analytics-failures">
      {!report.available || !report.daily || !report.totals ? (
        <EmptyState title={t("analytics.noRollup")}>{t("analytics.noRollupHint")}</EmptyState>
      ) : (
        <>
          <p id="failure-totals">
            {t("analytics.failureTotals", {
              attempts: counted("analytics.attemptCount", report.totals.attempts),
              failures: counted("analytics.failureCount", report.totals.failures),
              rate: report.totals.failureRatePct,
              days: counted("analytics.days", report.coveredDates.length),
            })}
          </p>
          <DailyChart
            id="chart-failures"
            title={t("analytics.failuresChart")}
            dates={report.daily.map((d) => d.date)}
            series={[
              { label: t("analytics.logins"), values: report.daily.map((d) => d.logins) },
              { label: t("analytics.failures"), values: report.daily.map((d) => d.failures) },
            ]}
          />
          {report.failureReasons?.length ? (
            <BarChart
              id="chart-failure-reasons"
              title={t("analytics.failuresByReason")}
              labels={report.failureReasons.map((r) => r.reason)}
              series={[{ label: t("analytics.failures"), values: report.failureReasons.map((r) => r.count) }]}
            />
          ) : (
            <p>{t("analytics.noFailures")}</p>
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
  const t = useT();
  const views = t("analytics.views");
  return (
    <Section title={t("analytics.pagesTitle")} id="analytics-behavior">
      {eventsOff.length ? <p class="warning">{t("analytics.collectionOff", { names: eventsOff.join(", ") })}</p> : null}
      {!report.available ? (
        <EmptyState title={t("analytics.noPages")}>{t("analytics.noPagesHint")}</EmptyState>
      ) : (
        <>
          <div class="kpis">
            <Kpi id="kpi-views" label={t("analytics.pageViews")} value={report.totals.views} />
            <Kpi id="kpi-visitors" label={t("analytics.visitors")} value={report.totals.visitorsUpperBound} />
            <Kpi id="kpi-identified" label={t("analytics.signedInVisitors")} value={report.totals.identifiedUsersUpperBound} />
          </div>
          <p class="muted">
            {report.totals.avgDwellSec === null ? t("analytics.noDwell") : t("analytics.avgDwell", { seconds: report.totals.avgDwellSec })} {t("analytics.visitorsNote")}
          </p>
          <DailyChart
            id="chart-page-views"
            title={t("analytics.viewsChart")}
            dates={report.daily.map((d) => d.date)}
            series={[
              { label: t("analytics.pageViews"), values: report.daily.map((d) => d.views) },
              { label: t("analytics.visitors"), values: report.daily.map((d) => d.visitorsUpperBound) },
            ]}
          />
          {report.topPages.length ? (
            <BarChart
              id="chart-top-pages"
              title={t("analytics.topPages")}
              labels={report.topPages.slice(0, 10).map((p) => p.path)}
              series={[{ label: views, values: report.topPages.slice(0, 10).map((p) => p.views) }]}
            />
          ) : null}
          <TopTable
            id="top-pages"
            caption={t("analytics.topPagesDwell")}
            head={[t("analytics.page"), views, t("analytics.visitors"), t("analytics.avgTimeOnPage")]}
            rows={report.topPages.map((p) => [p.path, p.views, p.visitorsUpperBound, p.avgDwellSec === null ? "—" : t("analytics.seconds", { seconds: p.avgDwellSec })])}
          />
          <TopTable id="top-referrers" caption={t("analytics.referrers")} head={[t("analytics.domain"), views]} rows={report.referrers.map((r) => [r.domain, r.views])} />
          <TopTable id="top-utm-sources" caption={t("analytics.utmSources")} head={[t("analytics.source"), views]} rows={report.utmSources.map((r) => [r.source, r.views])} />
          <TopTable id="top-countries" caption={t("analytics.countries")} head={[t("analytics.country"), views]} rows={report.countries.map((r) => [r.country, r.views])} />
          {report.customEvents.length ? (
            <BarChart
              id="chart-custom-events"
              title={t("analytics.customEvents")}
              labels={report.customEvents.map((e) => e.name)}
              series={[{ label: t("analytics.events"), values: report.customEvents.map((e) => e.count) }]}
            />
          ) : (
            <p class="muted">{t("analytics.noCustomEvents")}</p>
          )}
        </>
      )}
    </Section>
  );
}
