/**
 * The audit log's history tools for the owner and admins: exporting a range of the chain
 * (JSON Lines with its chain data and checkpoints, behind a 10-minute signed URL) and, for
 * the owner, deleting history past the plan's window now instead of after the notices.
 */
import { useState } from "preact/hooks";
import { api, query } from "../api";
import { ActionButton, EmptyState, Field, Form, Section, useLoad } from "../components";
import { formatBytes, formatTime, plural } from "../messages";
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
  const run = async () => {
    setResult(null);
    setResult(await api<ExportResult>("GET", `/api/v1/admin/audit/presign${query({ org: org.slug, from: dayStart(from), to: dayEnd(to) })}`));
  };
  return (
    <Section title="Export" id="audit-export">
      <p class="muted">
        Writes the records of a range (90 days at most, within the retention window) as JSON Lines with their chain data and signed checkpoints, which anyone can verify offline
        (docs/audit-format.md). Empty dates: the last 90 days.
      </p>
      <Form onSubmit={run} submitLabel="Export" id="audit-export-form">
        <Field label="Export from" id="export-from" type="date" value={from} onInput={(e) => setFrom((e.target as HTMLInputElement).value)} />
        <Field label="Export to" id="export-to" type="date" value={to} onInput={(e) => setTo((e.target as HTMLInputElement).value)} />
      </Form>
      {result ? (
        <div class="secret" role="status" id="audit-export-result">
          <p>
            {plural(result.count, "record")} ({formatBytes(result.byteSize)}) from {formatTime(result.range.from)} to {formatTime(result.range.to)}
            {result.range.cut ? ", cut at the retention window" : ""}.
          </p>
          <p>
            <a href={result.url} id="audit-export-download" download>
              Download the export
            </a>{" "}
            <span class="muted">(the link works until {formatTime(result.expiresAt)})</span>
          </p>
          <p class="muted">
            SHA-256: <code>{result.sha256}</code>
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
  const purge = async () => {
    if (!confirm("Delete every audit record older than the retention window now? A sealed tombstone records it; this cannot be undone.")) return;
    const seal = await personalSeal(PURGE_NOW_PURPOSE, org.slug);
    setPurged(await api("POST", `/api/v1/admin/audit/retention/purge-now${query({ org: org.slug })}`, { assertionResponseJson: seal }));
    retention.reload();
  };
  return (
    <Section title="History past the window" id="audit-purge">
      {purged ? (
        <p class="success" role="status" id="audit-purge-result">
          Deleted {plural(purged.count, "record")} older than {formatTime(purged.cutoffAt)}; the tombstone is in the log.
        </p>
      ) : null}
      {!r ? null : r.legalHold ? (
        <p>A legal hold keeps all history: nothing is deleted while it lasts.</p>
      ) : !r.purgeUnlocked ? (
        <EmptyState title="No history is older than the window.">Nothing waits to be deleted.</EmptyState>
      ) : (
        <>
          <p>
            Records since {formatTime(r.oldestExpiredAt)} are older than the window{r.windowStartUtc ? ` (which starts ${formatTime(r.windowStartUtc)})` : ""}.{" "}
            {r.purgeScheduledAt ? `They are deleted ${formatTime(r.purgeScheduledAt)} unless you upgrade first.` : "They are deleted after two notices to the owner unless you upgrade first."}
          </p>
          {r.canPurgeNow ? (
            <ActionButton kind="danger" id="audit-purge-now" onAction={purge}>
              Delete it now (with your passkey)
            </ActionButton>
          ) : (
            <p class="muted">Only the owner can delete it early.</p>
          )}
        </>
      )}
    </Section>
  );
}
