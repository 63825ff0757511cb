/**
 * The audit and integrity surface, /api/v1/admin (spec 4.5). Every route takes a
 * dashboard session and names the organization with the required `?org=<slug>`.
 */
import { Elysia, t } from "elysia";
import type { AppContext } from "../../../context";
import { declaresErrors } from "../../../platform/http/error-catalog";
import { toIso } from "../../../platform/clock";
import { requestInfo } from "../../../platform/http/kernel";
import { resolveSessionActor, SealAssertionBody, sealAssertionOf } from "../../identity/index";
import { resolveAuditCaller } from "./access";
import { restoreRecord, resolveRecord } from "./integrity";
import { heartbeat, HEARTBEAT, memberSessions } from "./activity";
import { openExport, presignExport } from "./archive";
import { auditStats, forensicStats, quickStats } from "./stats";
import { eventDetail, QUERY_LIMIT, queryEvents } from "./query";
import { PURGE_NOW_SEAL_PURPOSE, purgeNow, retentionView, RETENTION_POLICY } from "./retention";
import { checkpointNow, CHECKPOINT_LIST_MAX, listCheckpoints, listOrgViolations, scanOrg, verifyChainSteps, verifyOneRecord, VERIFY_STEP_MAX } from "./service";
import {
  ChainReportView,
  EventView,
  BreakdownView,
  PurgeView,
  RangeView,
  RetentionView,
  ScopeView,
  SessionView,
  checkpointView,
  CheckpointView,
  chainReportView,
  FindingView,
  recordReportView,
  RecordReportView,
  ResolveView,
  RestoreView,
  violationView,
  ViolationView,
} from "./views";

const TAGS = ["Audit"];
const OrgQuery = { org: t.String({ minLength: 1, maxLength: 100, description: "The organization's slug." }) };
const ScopeQuery = {
  scope: t.Optional(t.Union([t.Literal("mine"), t.Literal("all")], { description: "mine (default): your own events; all: what your grants reach (5.4)." })),
};
const RangeQuery = {
  from: t.Optional(t.String({ maxLength: 40, description: "ISO 8601 start (inclusive); default: 90 days before `to`." })),
  to: t.Optional(t.String({ maxLength: 40, description: "ISO 8601 end (inclusive); default: now." })),
};
/** The guard's answers: no session (401), an organization that is unknown or not the caller's (404). */
const GUARD = ["unauthorized", "not_found"];
/** A read's answers besides the guard's: the 5.4 judgment (403), the plan (403, 402) and the range (400). */
const READ = [...GUARD, "PERMISSION_DENIED", "UPGRADE_REQUIRED", "invalid_range", "range_too_large"];

const READ_RULES =
  "Visibility (spec 5.4): scope=mine shows your own events to anyone holding an audit grant; scope=all needs the Owner or an Admin " +
  "(else 403 PERMISSION_DENIED) holding org.audit_event_log.list (whole organization) or org.audit_event_log.list_system:system=<key> " +
  "(agent → agent.*, project_mgmt → org.project.*, reporting → reporting.*, payment → payment.*, plus your own), and the Pro plan or higher " +
  "(else 403 UPGRADE_REQUIRED, feature feature.audit.view_all). payment.* events are the owner's only, on every path. " +
  "Range: at most 90 days (400 range_too_large), from not after to (400 invalid_range), ISO 8601 (400 invalid_request). " +
  "A range entirely before the retention window is 402 UPGRADE_REQUIRED (feature audit.retention); one that starts before it is cut to it (range.cut).";

/** `{ auditOrg: true }`: the session and the organization named by `?org=`, resolved after validation. */
function auditGuard(ctx: AppContext) {
  return new Elysia({ name: "audit.guard" }).macro({
    auditOrg: {
      async resolve({ request, cookie, query }) {
        const session = await resolveSessionActor(ctx.sessions, request, cookie);
        const info = requestInfo(request);
        const caller = await resolveAuditCaller(ctx, session, String((query as Record<string, unknown>).org ?? ""), {
          requestId: info.id,
          ip: info.ip,
          userAgent: request.headers.get("user-agent"),
        });
        return { caller, sessionToken: session.token };
      },
    },
  });
}

export function auditRoutes(ctx: AppContext) {
  return new Elysia({ name: "audit", prefix: "/api/v1/admin" })
    .use(auditGuard(ctx))
    .get("/audit/query", ({ caller, query }) => queryEvents(ctx, caller, query), {
      auditOrg: true,
      query: t.Object({
        ...OrgQuery,
        ...ScopeQuery,
        ...RangeQuery,
        type: t.Optional(t.String({ minLength: 1, maxLength: 200, description: "Event type prefix, e.g. org.member. or org.member.added" })),
        actor: t.Optional(t.String({ minLength: 1, maxLength: 100, description: "Events performed by this user id or ConnectedId" })),
        appGroupId: t.Optional(t.String({ minLength: 1, maxLength: 100 })),
        cursor: t.Optional(t.String({ maxLength: 200, description: "nextCursor of the previous page" })),
        limit: t.Optional(t.Integer({ minimum: 1, maximum: QUERY_LIMIT.max, description: `Page size, default ${QUERY_LIMIT.default}` })),
      }),
      response: t.Object({ scope: ScopeView, events: t.Array(EventView), nextCursor: t.Union([t.String(), t.Null()]), range: RangeView }),
      detail: {
        ...declaresErrors(...READ, "invalid_cursor"),
        tags: TAGS,
        summary: "Query audit events",
        description: `Newest first, filtered by type prefix, actor, app group and time range, with cursor pagination. ${READ_RULES}`,
      },
    })
    .get("/audit/query/detail", ({ caller, query }) => eventDetail(ctx, caller, query), {
      auditOrg: true,
      query: t.Object({ ...OrgQuery, ...ScopeQuery, logId: t.String({ minLength: 1, maxLength: 100 }) }),
      response: t.Object({
        scope: ScopeView,
        event: EventView,
        chain: t.Object({ previousChainHash: t.Union([t.String(), t.Null()]), recordIntact: t.Boolean(), linkIntact: t.Boolean() }),
      }),
      detail: {
        ...declaresErrors(...READ),
        tags: TAGS,
        summary: "One audit event with its place in the chain",
        description:
          "The same per-event judgment as /audit/query: an event the caller may not see under `scope`, or another organization's, is 404; " +
          `one before the retention window is 402 UPGRADE_REQUIRED (audit.retention). ${READ_RULES}`,
      },
    })
    .get("/audit/sessions", ({ caller, query, sessionToken }) => memberSessions(ctx, caller, { scope: query.scope, sessionToken }), {
      auditOrg: true,
      query: t.Object({ ...OrgQuery, ...ScopeQuery }),
      response: t.Array(SessionView),
      detail: {
        ...declaresErrors(...GUARD, "admin_required"),
        tags: TAGS,
        summary: "Member sessions",
        description:
          "Live dashboard sessions, newest first (at most 500), with each member's active time today from heartbeats. scope=mine (default): yours; " +
          "scope=all: every member's, for the Owner or an Admin (403 admin_required).",
      },
    })
    .post("/audit/heartbeat", ({ caller, body }) => heartbeat(ctx, caller, { focused: body?.focused }), {
      auditOrg: true,
      query: t.Object(OrgQuery),
      body: t.Optional(t.Object({ focused: t.Optional(t.Boolean({ description: "false when the page is in the background: the beat is counted, no time is credited" })) })),
      response: t.Object({ day: t.String(), activeSeconds: t.Integer(), beats: t.Integer(), creditedSeconds: t.Integer() }),
      detail: {
        ...declaresErrors(...GUARD),
        tags: TAGS,
        summary: "Active-time heartbeat",
        description:
          `Send every 30 seconds while the dashboard is open. Each beat credits the time since your previous beat today, at most ${HEARTBEAT.maxCreditSeconds} s, ` +
          `and nothing after a gap longer than ${HEARTBEAT.gapSeconds} s. Not an audit event; any member.`,
      },
    })
    .get("/audit/stats", ({ caller, query }) => auditStats(ctx, caller, query), {
      auditOrg: true,
      query: t.Object({ ...OrgQuery, ...ScopeQuery, ...RangeQuery }),
      response: t.Object({
        scope: ScopeView,
        range: RangeView,
        ...BreakdownView,
        byActor: t.Array(t.Object({ kind: t.String(), id: t.Union([t.String(), t.Null()]), count: t.Integer() })),
      }),
      detail: {
        ...declaresErrors(...READ), tags: TAGS, summary: "Audit statistics over a range", description: `Totals, the top 50 types, events per UTC day and the top 20 actors. ${READ_RULES}` },
    })
    .get("/audit/stats/quick", ({ caller, query }) => quickStats(ctx, caller, query), {
      auditOrg: true,
      query: t.Object({ ...OrgQuery, ...ScopeQuery }),
      response: t.Object({
        scope: ScopeView,
        retentionDays: t.Union([t.Integer(), t.Null()]),
        last24h: t.Integer(),
        last7d: t.Integer(),
        lastEventAt: t.Union([t.String(), t.Null()]),
        chain: t.Object({ headSeq: t.Union([t.Integer(), t.Null()]), latestCheckpointSeq: t.Union([t.Integer(), t.Null()]), latestCheckpointAt: t.Union([t.String(), t.Null()]) }),
        openViolations: t.Union([t.Integer(), t.Null()], { description: "Open integrity violations; null unless you are the Owner or an Admin." }),
      }),
      detail: {
        ...declaresErrors(...READ),
        tags: TAGS,
        summary: "Quick audit statistics",
        description: `Events in the last 24 hours and 7 days (never before the retention window), the newest event, the chain's head and latest checkpoint. ${READ_RULES}`,
      },
    })
    .get("/audit/stats/forensic", ({ caller, query }) => forensicStats(ctx, caller, query), {
      auditOrg: true,
      query: t.Object({
        ...OrgQuery,
        ...RangeQuery,
        email: t.String({ minLength: 3, maxLength: 320, description: "The person: a dashboard user's address, or an end user's (payload email)" }),
        appGroupId: t.String({ minLength: 1, maxLength: 100 }),
      }),
      response: t.Object({
        email: t.String(),
        userId: t.Union([t.String(), t.Null()]),
        appGroupId: t.String(),
        range: RangeView,
        ...BreakdownView,
        firstAt: t.Union([t.String(), t.Null()]),
        lastAt: t.Union([t.String(), t.Null()]),
        ipHashes: t.Array(t.Object({ hash: t.Union([t.String(), t.Null()]), count: t.Integer() })),
        userAgentHashes: t.Array(t.Object({ hash: t.Union([t.String(), t.Null()]), count: t.Integer() })),
        events: t.Array(EventView),
      }),
      detail: {
        ...declaresErrors(...READ),
        tags: TAGS,
        summary: "Forensic query: one person within one app group",
        description:
          "Events of the app group whose actor is the dashboard user with this e-mail (by user id or badge), or whose payload email is this address; " +
          `with counts, distinct hashed IPs and user agents and the latest 100 events. Needs what scope=all needs. ${READ_RULES}`,
      },
    })
    .get("/audit/presign", ({ caller, query }) => presignExport(ctx, caller, query), {
      auditOrg: true,
      query: t.Object({ ...OrgQuery, ...RangeQuery }),
      response: t.Object({
        url: t.String(),
        expiresAt: t.String({ format: "date-time" }),
        exportId: t.String(),
        fromSeq: t.Union([t.Integer(), t.Null()]),
        throughSeq: t.Union([t.Integer(), t.Null()]),
        count: t.Integer(),
        sha256: t.String(),
        byteSize: t.Integer(),
        range: t.Object({ from: t.String(), to: t.String(), cut: t.Boolean() }),
      }),
      detail: {
        ...declaresErrors(...READ, "admin_required"),
        tags: TAGS,
        summary: "Export a range of the chain and get a 10-minute URL",
        description:
          "Owner or Admin (403 admin_required). Writes the records of the range (90 days at most, within the retention window as for queries) as JSONL " +
          "with their chain data and the covering signed checkpoints (format: docs/audit-format.md §5) to the archive store, and returns a signed URL " +
          "valid for 10 minutes. Records an admin may not see (payment.*) are exported redacted, hashes only. Emits audit.history.exported.",
      },
    })
    .get("/audit/archive/:exportId", async ({ params, query }) => {
      const { bytes, filename } = await openExport(ctx, params.exportId, query.expires, query.sig);
      return new Response(new Uint8Array(bytes), {
        headers: { "content-type": "application/x-ndjson", "content-disposition": `attachment; filename="${filename}"`, "cache-control": "private, no-store" },
      });
    }, {
      params: t.Object({ exportId: t.String({ maxLength: 100 }) }),
      query: t.Object({ expires: t.Integer(), sig: t.String({ maxLength: 100 }) }),
      response: { 200: t.String({ description: "The export: JSON Lines (application/x-ndjson), format in docs/audit-format.md §5." }) },
      detail: {
        ...declaresErrors("invalid_signature", "url_expired", "not_found"),
        tags: TAGS,
        summary: "Download an export through its signed URL",
        description: "No session: the signature is the credential. 403 invalid_signature, 403 url_expired after 10 minutes, 404 when the export is gone.",
      },
    })
    .get("/audit/retention", ({ caller }) => retentionView(ctx, caller), {
      auditOrg: true,
      query: t.Object(OrgQuery),
      response: RetentionView,
      detail: {
        ...declaresErrors(...GUARD),
        tags: TAGS,
        summary: "Retention window and the purge cycle",
        description:
          "Every field of spec 2.12. Windows: Free 1 day, Pro 7, Pro+ 30, Business 90, Enterprise per contract (unlimited until the operator sets one). " +
          `History past the window is deleted ${RETENTION_POLICY.graceDays} days after the first of ${RETENTION_POLICY.noticeCount} owner e-mails ` +
          `${RETENTION_POLICY.noticeIntervalDays} days apart, after a sealed tombstone; upgrading first restores access; legal hold stops it. ` +
          "purgeUnlocked: history past the window exists and no legal hold; canPurgeNow: that, and you are the owner. Needs an audit grant (403 PERMISSION_DENIED).",
      },
    })
    .post("/audit/retention/purge-now", async ({ caller, body }) => {
      const purged = await purgeNow(ctx, caller, sealAssertionOf(body));
      return { ...purged, cutoffAt: toIso(purged.cutoffAt) };
    }, {
      auditOrg: true,
      query: t.Object(OrgQuery),
      body: t.Optional(t.Object({ ...SealAssertionBody })),
      response: PurgeView,
      detail: {
        ...declaresErrors(...GUARD, "owner_required", "legal_hold", "nothing_to_purge", "integrity_violations_open"),
        tags: TAGS,
        summary: "Delete audit history past the window now (owner, personal seal)",
        description:
          `Owner only (403 owner_required). Ask POST /api/auth/seal/options with purpose \`${PURGE_NOW_SEAL_PURPOSE}\` and subject the org slug and send the ` +
          "assertion as assertionResponseJson (403 step_up_required without one, step_up_failed when it does not verify). Appends the sealed tombstone " +
          "audit.history.purged and deletes every record before the window start. 409 legal_hold, nothing_to_purge, or integrity_violations_open " +
          "(restore or resolve them first: purging would erase their evidence).",
      },
    })
    .get("/audit/verify", async ({ caller, query }) => {
      const { report, newViolations } = await verifyChainSteps(ctx, caller, { after: query.after, limit: query.limit });
      return chainReportView(report, newViolations.length);
    }, {
      auditOrg: true,
      query: t.Object({
        ...OrgQuery,
        after: t.Optional(t.Integer({ minimum: 0, description: "Verify the records after this sequence number: the `next` of the previous step. Default: the chain's base." })),
        limit: t.Optional(t.Integer({ minimum: 1, maximum: VERIFY_STEP_MAX, description: `Records in this step (at most ${VERIFY_STEP_MAX}). Default: the whole rest of the chain.` })),
      }),
      response: ChainReportView,
      detail: {
        ...declaresErrors(...GUARD, "admin_required"),
        tags: TAGS,
        summary: "Verify the organization's audit chain, whole or in steps",
        description:
          "Owner or Admin. Recomputes every record hash and chain hash from the chain's base (genesis, or the latest retention tombstone) to its head, " +
          "and checks every signed checkpoint: its signature, its agreement with the chain, and that the chain still reaches it (a cut tail). " +
          "`firstBreak` is the first problem; findings are recorded as integrity violations (`newViolations` counts those not seen before). Nothing is repaired. " +
          "In steps, for progress on a long chain: `limit` records per step, each step's `after` the previous step's `next`, until `next` is null; " +
          "`verifiedThrough` is the last sequence number checked, `head` the chain's head and `total` the records from the base to the head. " +
          "A step checks each of its records' own hash and its link to the stored record before it (the one at `after` for its first), and the " +
          "checkpoints that fall in it; the step that reaches the head also checks the checkpoints beyond it (a cut tail). So the steps together " +
          "check exactly what one whole call checks, and record the same violations. `after` below the base or beyond the head, or not a " +
          `non-negative integer, and \`limit\` outside 1..${VERIFY_STEP_MAX}, are 400 invalid_request.`,
      },
    })
    .get("/audit/verify/:logId", async ({ caller, params }) => {
      const { report, row } = await verifyOneRecord(ctx, caller, params.logId);
      return recordReportView(report, row);
    }, {
      auditOrg: true,
      query: t.Object(OrgQuery),
      params: t.Object({ logId: t.String({ maxLength: 100 }) }),
      response: RecordReportView,
      detail: {
        ...declaresErrors(...READ),
        tags: TAGS,
        summary: "Verify one sealed record",
        description:
          "Checks the record's hash, its link to the record before it, and the chain from it to the first signed checkpoint at or after it " +
          "(`checks.checkpoint`: verified, pending when no checkpoint covers it yet, or failed). Problems are recorded as integrity violations. " +
          "The Owner and Admins may verify any record of the organization (payment.* events: the owner only); others, their own. " +
          "Anything else, a record of another organization included, is 404.",
      },
    })
    .post("/audit/checkpoints", async ({ caller, set }) => {
      const { created, checkpoint } = await checkpointNow(ctx, caller);
      set.status = created ? 201 : 200;
      return checkpointView(checkpoint);
    }, {
      auditOrg: true,
      query: t.Object(OrgQuery),
      response: { 200: CheckpointView, 201: CheckpointView },
      detail: {
        ...declaresErrors(...GUARD, "admin_required", "checkpoint_unavailable"),
        tags: TAGS,
        summary: "Sign a checkpoint of the chain now",
        description:
          "Owner or Admin. Checkpoints are also signed hourly. 201 with a new checkpoint, 200 with the latest one when it already covers the head. " +
          "409 checkpoint_unavailable with reason no_signing_key (no Org Master Seal yet: checkpoints wait), chain_broken (the chain since the last " +
          "checkpoint does not verify: nothing is signed over it) or empty_chain.",
      },
    })
    .get("/audit/checkpoints", async ({ caller, query }) => (await listCheckpoints(ctx, caller, query.limit ?? 20)).map(checkpointView), {
      auditOrg: true,
      query: t.Object({ ...OrgQuery, limit: t.Optional(t.Integer({ minimum: 1, maximum: CHECKPOINT_LIST_MAX })) }),
      response: t.Array(CheckpointView),
      detail: {
        ...declaresErrors(...GUARD, "admin_required"),
        tags: TAGS,
        summary: "Latest signed checkpoints",
        description: "Owner or Admin. Newest first (default 20, at most 100). Each `jws` verifies with the key of its `kid` in the organization's JWKS.",
      },
    })
    .get("/integrity/violations", async ({ caller, query }) => (await listOrgViolations(ctx, caller, query.status)).map(violationView), {
      auditOrg: true,
      query: t.Object({ ...OrgQuery, status: t.Optional(t.Union([t.Literal("open"), t.Literal("restored"), t.Literal("resolved")])) }),
      response: t.Array(ViolationView),
      detail: {
        ...declaresErrors(...GUARD, "admin_required"),
        tags: TAGS,
        summary: "Integrity violations",
        description:
          "Owner or Admin. What verifications found, newest first (at most 500): chain findings (entityType audit_event, audit_chain, audit_checkpoint) " +
          "and sealed records that differ from their sealed baseline (role, member_role, service_account, api_key, security_settings, signing_keys). " +
          "status open, restored or resolved.",
      },
    })
    .post("/integrity/scan", async ({ caller }) => {
      const { chain, records } = await scanOrg(ctx, caller);
      return {
        chain: chainReportView(chain.report, chain.newViolations.length),
        records: { checked: records.checked, findings: records.findings, newViolations: records.newViolations.length },
      };
    }, {
      auditOrg: true,
      query: t.Object(OrgQuery),
      response: t.Object({
        chain: ChainReportView,
        records: t.Object({ checked: t.Integer(), findings: t.Array(FindingView), newViolations: t.Integer() }),
      }),
      detail: {
        ...declaresErrors(...GUARD, "admin_required"),
        tags: TAGS,
        summary: "Scan the chain and every sealed record now",
        description:
          "Owner or Admin. Verifies the whole chain (as GET /audit/verify) and compares every sealed record with its sealed baseline; " +
          "findings are recorded as integrity violations. The daily job audit.verify does the same for every organization.",
      },
    })
    .post("/integrity/restore/:entityType/:entityId", ({ caller, params }) => restoreRecord(ctx, caller, params.entityType, params.entityId), {
      auditOrg: true,
      query: t.Object(OrgQuery),
      params: t.Object({ entityType: t.String({ maxLength: 64 }), entityId: t.String({ maxLength: 200 }) }),
      response: RestoreView,
      detail: {
        ...declaresErrors(...GUARD, "admin_required", "unknown_entity_type", "not_restorable", "baseline_untrusted", "already_at_baseline"),
        tags: TAGS,
        summary: "Restore a sealed record to its sealed baseline",
        description:
          "Owner or Admin. Writes the record back as the chain sealed it (a record that no audited change ever wrote is deleted), closes its open " +
          "violations as restored and appends integrity.record_restored. 400 unknown_entity_type; 404 when the organization has no such record; " +
          "409 already_at_baseline, baseline_untrusted (the baseline itself was tampered with), or not_restorable for audit chain entries " +
          "(the chain never repairs itself; resolve instead).",
      },
    })
    .post("/integrity/resolve/:entityType/:entityId", ({ caller, params }) => resolveRecord(ctx, caller, params.entityType, params.entityId), {
      auditOrg: true,
      query: t.Object(OrgQuery),
      params: t.Object({ entityType: t.String({ maxLength: 64 }), entityId: t.String({ maxLength: 200 }) }),
      response: ResolveView,
      detail: {
        ...declaresErrors(...GUARD, "admin_required", "unknown_entity_type", "no_open_violation"),
        tags: TAGS,
        summary: "Resolve a violation as a false positive",
        description:
          "Owner or Admin. Closes the record's open violations as resolved and appends integrity.violation_resolved. For a sealed record the live " +
          "state is accepted and sealed as its new baseline; for a chain entry the chain stays as it is. 400 unknown_entity_type; 404 no_open_violation.",
      },
    });
}
