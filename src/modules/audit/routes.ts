/**
 * The audit and integrity surface, /api/v1/admin (spec 4.5). Every route takes a
 * dashboard session and names the organization with the required `?org=<slug>`.
 */
import { Elysia, t } from "elysia";
import type { AppContext } from "../../context";
import { requestInfo } from "../../platform/http/kernel";
import { resolveSessionActor } from "../accounts/guard";
import { resolveAuditCaller } from "./access";
import { restoreRecord, resolveRecord } from "./integrity";
import { checkpointNow, CHECKPOINT_LIST_MAX, listCheckpoints, listOrgViolations, scanOrg, verifyOneRecord, verifyWholeChain } from "./service";
import {
  ChainReportView,
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
        return { caller };
      },
    },
  });
}

export function auditRoutes(ctx: AppContext) {
  return new Elysia({ name: "audit", prefix: "/api/v1/admin" })
    .use(auditGuard(ctx))
    .get("/audit/verify", async ({ caller }) => {
      const { report, newViolations } = await verifyWholeChain(ctx, caller);
      return chainReportView(report, newViolations.length);
    }, {
      auditOrg: true,
      query: t.Object(OrgQuery),
      response: ChainReportView,
      detail: {
        tags: TAGS,
        summary: "Verify the organization's whole audit chain",
        description:
          "Owner or Admin. Recomputes every record hash and chain hash from the chain's base (genesis, or the latest retention tombstone) to its head, " +
          "and checks every signed checkpoint: its signature, its agreement with the chain, and that the chain still reaches it (a cut tail). " +
          "`firstBreak` is the first problem; findings are recorded as integrity violations (`newViolations` counts those not seen before). Nothing is repaired.",
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
        tags: TAGS,
        summary: "Resolve a violation as a false positive",
        description:
          "Owner or Admin. Closes the record's open violations as resolved and appends integrity.violation_resolved. For a sealed record the live " +
          "state is accepted and sealed as its new baseline; for a chain entry the chain stays as it is. 400 unknown_entity_type; 404 no_open_violation.",
      },
    });
}
