/**
 * The audit log's history tools for the owner and admins: exporting a range of the chain
 * (JSON Lines with its chain data and checkpoints, behind a 10-minute signed URL) and, for
 * the owner, deleting history past the plan's window now instead of after the notices.
 */
import { useState } from "preact/hooks";
import { api, query } from "../api";
import { ActionButton, EmptyState, Field, Form, Section, useLoad } from "../components";
import { useLanguage, useT } from "../language";
import { formatBytes, formatNumber, formatTime, pluralForm } from "../messages";
import { personalSeal } from "../passkeys";
import type { Org } from "../session";

interface ExportResult {
  url: string;
  expiresAt: string;
  count: number;
  sha256: string;
  byteSize: number;
  range: { from: string; to: string; cut: boolean };
}

interface Retention {
  purgeUnlocked: boolean;
  canPurgeNow: boolean;
  legalHold: boolean;
  oldestExpiredAt: string | null;
  windowStartUtc: string | null;
  purgeScheduledAt: string | null;
}

/** The seal purpose of an early purge (docs/audit.md): its subject is the organization's slug. */
const PURGE_NOW_PURPOSE = "audit.retention.purge_now";
const dayStart = (day: string) => (day ? new Date(`${day}T00:00:00.000Z`).toISOString() : undefined);
const dayEnd = (day: string) => (day ? new Date(`${day}T23:59:59.999Z`).toISOString() : undefined);

export function AuditExport({ org }: { org: Org }) {
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const [result, setResult] = useState<ExportResult | null>(null);
  const t = useT();
  const { language } = useLanguage();
  const run = async () => {
    setResult(null);
    setResult(await api<ExportResult>("GET", `/api/v1/admin/audit/presign${query({ org: org.slug, from: dayStart(from), to: dayEnd(to) })}`));
  };
  return (
    <Section title={t("audit-history.export")} id="audit-export">
      <p class="muted">{t("audit-history.exportIntro")}</p>
      <Form onSubmit={run} submitLabel={t("audit-history.exportSubmit")} id="audit-export-form">
        <Field label={t("audit-history.from")} id="export-from" type="date" value={from} onInput={(e) => setFrom((e.target as HTMLInputElement).value)} />
        <Field label={t("audit-history.to")} id="export-to" type="date" value={to} onInput={(e) => setTo((e.target as HTMLInputElement).value)} />
      </Form>
      {result ? (
        <div class="secret" role="status" id="audit-export-result">
          <p>
            {t(result.range.cut ? "audit-history.exportResultCut" : "audit-history.exportResult", {
              records: t(`audit-history.records.${pluralForm(result.count, language)}`, { count: formatNumber(result.count, language) }),
              size: formatBytes(result.byteSize, language),
              from: formatTime(result.range.from, language),
              to: formatTime(result.range.to, language),
            })}
          </p>
          <p>
            <a href={result.url} id="audit-export-download" download>
              {t("audit-history.download")}
            </a>{" "}
            <span class="muted">{t("audit-history.linkUntil", { time: formatTime(result.expiresAt, language) })}</span>
          </p>
          <p class="muted">
            {"SHA-256:"} <code>{result.sha256}</code>
          </p>
        </div>
      ) : null}
    </Section>
  );
}

export function AuditPurge({ org }: { org: Org }) {
  const retention = useLoad(() => api<Retention>("GET", `/api/v1/admin/audit/retention${query({ org: org.slug })}`), [org.slug]);
  const [purged, setPurged] = useState<{ count: number; cutoffAt: string } | null>(null);
  const r = retention.data;
  const t = useT();
  const { language } = useLanguage();
  const purge = async () => {
    if (!confirm(t("audit-history.confirmPurge"))) return;
    const seal = await personalSeal(PURGE_NOW_PURPOSE, org.slug);
    setPurged(await api("POST", `/api/v1/admin/audit/retention/purge-now${query({ org: org.slug })}`, { assertionResponseJson: seal }));
    retention.reload();
  };
  return (
    <Section title={t("audit-history.purgeTitle")} id="audit-purge">
      {purged ? (
        <p class="success" role="status" id="audit-purge-result">
          {t("audit-history.purged", {
            records: t(`audit-history.records.${pluralForm(purged.count, language)}`, { count: formatNumber(purged.count, language) }),
            time: formatTime(purged.cutoffAt, language),
          })}
        </p>
      ) : null}
      {!r ? null : r.legalHold ? (
        <p>{t("audit-history.legalHold")}</p>
      ) : !r.purgeUnlocked ? (
        <EmptyState title={t("audit-history.nothingOld")}>{t("audit-history.nothingWaits")}</EmptyState>
      ) : (
        <>
          <p>
            {r.windowStartUtc
              ? t("audit-history.olderThanFrom", { time: formatTime(r.oldestExpiredAt, language), start: formatTime(r.windowStartUtc, language) })
              : t("audit-history.olderThan", { time: formatTime(r.oldestExpiredAt, language) })}{" "}
            {r.purgeScheduledAt ? t("audit-history.deletedAt", { time: formatTime(r.purgeScheduledAt, language) }) : t("audit-history.deletedAfterNotices")}
          </p>
          {r.canPurgeNow ? (
            <ActionButton kind="danger" id="audit-purge-now" onAction={purge}>
              {t("audit-history.purgeNow")}
            </ActionButton>
          ) : (
            <p class="muted">{t("audit-history.onlyOwner")}</p>
          )}
        </>
      )}
    </Section>
  );
}
