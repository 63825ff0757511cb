/**
 * Work items (approval forms) and their approval lines (spec 2.10, 4.7). A work item is
 * what a document is submitted on: its kind (docType), its control fields and its line.
 * Members read them (org.work_item.list, org.work_item.read); defining and changing them
 * and their lines is the Owner's and Admins' (by role: "owner or admin only").
 */
import { and, asc, eq, isNull } from "drizzle-orm";
import { auditEvent } from "../../../platform/audit/catalog";
import type { Queryable, Tx } from "../../../platform/db/database";
import { newId } from "../../../platform/ids";
import { canonicalJson } from "../../../platform/crypto/canonical-json";
import { assertCan, type Caller, coversAll, isRoleOfOrg, type OrgActor, permissionErrors, requireAdmin, validateScopes } from "../../orgs/index";
import { type GovernanceCaller, madeBy, recordEvent } from "../caller";
import { governanceErrors } from "../errors";
import { loadGraph } from "../graph";
import { approvalErrors } from "./errors";
import { APPROVAL_EVENTS } from "./events";
import {
  type ApprovalLineView,
  DEFAULT_RISK_LEVEL,
  type LinePreviewView,
  type LineReplace,
  type WorkItemChange,
  type WorkItemCreate,
  type WorkItemView,
} from "./model";
import { DEFAULT_COLUMNS, loadResolutionContext, resolveLine } from "./resolve";
import { approvalWorkItems, type LinePosition, type WorkItemRow } from "./schema";
import { APPROVAL_SCOPES } from "./scopes";
import { workItemView } from "./views";
import type { ApprovalDeps } from "./deps";

/** Owner and Admin people define forms and lines (a role, not a scope: a custom role with org.* may not). */
export type AdminCaller = Caller<OrgActor>;

export const DEFAULT_LINE_MODE = "chain" as const;

function cleanName(value: string): string {
  const name = value.trim();
  if (name.length < 1) throw approvalErrors.error("invalidWorkItem", { field: "Name", message: "1 to 200 characters, not only spaces" });
  return name;
}

export async function workItemOr404(reader: Queryable, orgId: string, id: string): Promise<WorkItemRow> {
  const [row] = await reader.select().from(approvalWorkItems).where(and(eq(approvalWorkItems.orgId, orgId), eq(approvalWorkItems.id, id)));
  if (!row) throw approvalErrors.error("workItemNotFound", { field: "id", message: "no such work item in this organization" });
  return row;
}

export async function listWorkItems(deps: ApprovalDeps, caller: GovernanceCaller): Promise<WorkItemView[]> {
  assertCan(caller.actor, APPROVAL_SCOPES.workItemList);
  const rows = await deps.db.read.select().from(approvalWorkItems).where(eq(approvalWorkItems.orgId, caller.org.id)).orderBy(asc(approvalWorkItems.createdAt), asc(approvalWorkItems.id));
  return rows.map(workItemView);
}

export async function getWorkItem(deps: ApprovalDeps, caller: GovernanceCaller, id: string): Promise<WorkItemView> {
  assertCan(caller.actor, APPROVAL_SCOPES.workItemRead);
  return workItemView(await workItemOr404(deps.db.read, caller.org.id, id));
}

/**
 * Defines a form. A permission form names the scope an approved request grants; the
 * admin defining it must hold that scope (nobody hands out more than they have). uses 1
 * makes its approved documents one-time credentials instead of grants.
 */
export async function createWorkItem(deps: ApprovalDeps, caller: AdminCaller, input: typeof WorkItemCreate.static): Promise<WorkItemView> {
  requireAdmin(caller.actor);
  const name = cleanName(input.Name);
  const lineMode = input.LineMode ?? DEFAULT_LINE_MODE;
  if (lineMode === "quorum" && input.QuorumK === undefined) throw approvalErrors.error("invalidWorkItem", { field: "QuorumK", message: "a quorum line needs QuorumK" });
  if (lineMode !== "quorum" && input.QuorumK !== undefined) throw approvalErrors.error("invalidWorkItem", { field: "QuorumK", message: "QuorumK belongs to a quorum line only" });
  let requestedScope: string | null = null;
  if (input.docType === "permission") {
    if (input.RequestedScope === undefined) throw approvalErrors.error("invalidWorkItem", { field: "RequestedScope", message: "a permission form names the scope it grants" });
    requestedScope = validateScopes([input.RequestedScope], "RequestedScope")[0]!;
    if (!coversAll(caller.actor.scopes, [requestedScope])) throw permissionErrors.error("permissionDenied", { scope: requestedScope, field: "RequestedScope", message: "you cannot define a form granting a scope you do not hold" });
  } else {
    for (const field of ["RequestedScope", "uses"] as const) {
      if (input[field] !== undefined) throw approvalErrors.error("invalidWorkItem", { field, message: `${field} belongs to permission forms only` });
    }
  }
  const now = deps.clock.now();
  return deps.db.write(async (tx) => {
    const [row] = await tx
      .insert(approvalWorkItems)
      .values({
        id: newId(),
        orgId: caller.org.id,
        name,
        docType: input.docType,
        lineMode,
        quorumK: input.QuorumK ?? null,
        riskLevel: input.RiskLevel ?? DEFAULT_RISK_LEVEL,
        language: input.language ?? "en",
        requestedScope,
        uses: input.uses ?? null,
        positions: [],
        archivedAt: null,
        createdBy: madeBy(caller.actor),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const w = row!;
    await recordEvent(
      tx,
      caller,
      auditEvent(APPROVAL_EVENTS.workItemCreated, { workItemId: w.id, name, docType: w.docType, lineMode, quorumK: w.quorumK, riskLevel: w.riskLevel, language: w.language, requestedScope, uses: w.uses }),
      now,
    );
    return workItemView(w);
  });
}

/** Renames a form, changes its line mode, quorum, risk level or language, or archives it. What a form grants (docType, scope, uses) never changes. */
export async function updateWorkItem(deps: ApprovalDeps, caller: AdminCaller, id: string, input: typeof WorkItemChange.static): Promise<WorkItemView> {
  requireAdmin(caller.actor);
  const name = input.Name === undefined ? undefined : cleanName(input.Name);
  const now = deps.clock.now();
  return deps.db.write(async (tx) => {
    const item = await workItemOr404(tx, caller.org.id, id);
    const next = {
      name: name ?? item.name,
      lineMode: input.LineMode ?? item.lineMode,
      quorumK: input.QuorumK === undefined ? item.quorumK : input.QuorumK,
      riskLevel: input.RiskLevel ?? item.riskLevel,
      language: input.language ?? item.language,
      archivedAt: input.Archived === undefined ? item.archivedAt : input.Archived ? (item.archivedAt ?? now) : null,
    };
    if (next.lineMode !== "quorum") {
      if (input.QuorumK !== undefined && input.QuorumK !== null) throw approvalErrors.error("invalidWorkItem", { field: "QuorumK", message: "QuorumK belongs to a quorum line only" });
      next.quorumK = null;
    } else if (next.quorumK === null) {
      throw approvalErrors.error("invalidWorkItem", { field: "QuorumK", message: "a quorum line needs QuorumK" });
    }
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    for (const key of ["name", "lineMode", "quorumK", "riskLevel", "language"] as const) if (next[key] !== item[key]) changes[key] = { from: item[key], to: next[key] };
    if ((next.archivedAt === null) !== (item.archivedAt === null)) changes.archived = { from: item.archivedAt !== null, to: next.archivedAt !== null };
    if (Object.keys(changes).length === 0) return workItemView(item);
    const [row] = await tx
      .update(approvalWorkItems)
      .set({ ...next, updatedAt: now })
      .where(eq(approvalWorkItems.id, item.id))
      .returning();
    await recordEvent(tx, caller, auditEvent(APPROVAL_EVENTS.workItemUpdated, { workItemId: item.id, changes }), now);
    return workItemView(row!);
  });
}

function lineView(item: WorkItemRow): ApprovalLineView {
  return {
    workItemId: item.id,
    positions: item.positions,
    isDefault: item.positions.length === 0,
    defaultColumns: DEFAULT_COLUMNS,
    updatedAt: new Date(item.updatedAt).toISOString(),
  };
}

export async function getApprovalLine(deps: ApprovalDeps, caller: GovernanceCaller, id: string): Promise<ApprovalLineView> {
  assertCan(caller.actor, APPROVAL_SCOPES.workItemRead);
  return lineView(await workItemOr404(deps.db.read, caller.org.id, id));
}

const clean = (label: string | null | undefined) => (label === undefined || label === null || label.trim() === "" ? null : label.trim());

/** Checks each position's shape (400) and what it names in the organization (404 / 400), and returns the line as stored. */
async function checkedPositions(tx: Tx, orgId: string, input: typeof LineReplace.static["positions"]): Promise<LinePosition[]> {
  const shaped = input.map((p, i) => {
    const field = `positions[${i}]`;
    const position: LinePosition = {
      labelKo: clean(p.labelKo),
      labelEn: clean(p.labelEn),
      labelJa: clean(p.labelJa),
      resolveType: p.resolveType,
      resolveRoleId: p.resolveRoleId ?? null,
      resolveMemberConnectedId: p.resolveMemberConnectedId ?? null,
    };
    if (!position.labelKo && !position.labelEn && !position.labelJa) throw approvalErrors.error("invalidPosition", { field: `${field}.labelEn`, message: "a position needs a label in at least one language" });
    const refuse = (name: "resolveRoleId" | "resolveMemberConnectedId", message: string) => approvalErrors.error("invalidPosition", { field: `${field}.${name}`, message });
    if (position.resolveType === "drafter") {
      if (position.resolveRoleId) throw refuse("resolveRoleId", "a drafter position is the requester: it names no role");
      if (position.resolveMemberConnectedId) throw refuse("resolveMemberConnectedId", "a drafter position is the requester: it names no member");
    } else if (position.resolveType === "role") {
      if (!position.resolveRoleId) throw refuse("resolveRoleId", "a role position names the role to look for up the reporting tree");
    } else {
      if (!position.resolveMemberConnectedId) throw refuse("resolveMemberConnectedId", "a member position names its approver");
      if (position.resolveRoleId) throw refuse("resolveRoleId", "a member position names no role");
    }
    return position;
  });
  const state = await loadGraph(tx, orgId);
  for (const [i, p] of shaped.entries()) {
    if (p.resolveRoleId && !(await isRoleOfOrg(tx, orgId, p.resolveRoleId))) {
      throw approvalErrors.error("roleNotFound", { field: `positions[${i}].resolveRoleId`, message: "no such role: a built-in role key or a custom role's id of this organization" });
    }
    if (p.resolveMemberConnectedId) {
      const field = `positions[${i}].resolveMemberConnectedId`;
      const badge = state.badges.get(p.resolveMemberConnectedId);
      if (!badge) throw governanceErrors.error("connectedIdNotFound", { field, message: "no such ConnectedId in this organization" });
      if (badge.status === "revoked" || badge.type !== "person") throw governanceErrors.error("badgeNotEligible", { field, message: "an approver is a person's badge that is not revoked" });
    }
  }
  return shaped;
}

/**
 * Replaces the whole line (an empty list restores the default columns) and records
 * reporting.approvalline.changed (RPT038, aggregateId the work item). The same line
 * again changes nothing and records nothing. Documents already submitted keep the line
 * they were resolved with.
 */
export async function replaceApprovalLine(deps: ApprovalDeps, caller: AdminCaller, id: string, input: typeof LineReplace.static): Promise<ApprovalLineView> {
  requireAdmin(caller.actor);
  const now = deps.clock.now();
  return deps.db.write(async (tx) => {
    const item = await workItemOr404(tx, caller.org.id, id);
    const positions = await checkedPositions(tx, caller.org.id, input.positions);
    if (canonicalJson(positions) === canonicalJson(item.positions)) return lineView(item);
    const [row] = await tx.update(approvalWorkItems).set({ positions, updatedAt: now }).where(eq(approvalWorkItems.id, item.id)).returning();
    await recordEvent(tx, caller, auditEvent(APPROVAL_EVENTS.lineChanged, { aggregateId: item.id, positions }), now);
    return lineView(row!);
  });
}

/** The caller as a requester: their badge (a machine's is its service account's), or 403 requester_badge_required. */
export function requesterOf(caller: GovernanceCaller): { connectedId: string; kind: "person" | "machine" } {
  const connectedId = caller.actor.connectedId;
  if (!connectedId) {
    throw approvalErrors.error("requesterBadgeRequired", {
      message: caller.actor.kind === "m2m" ? "an M2M token requests through a key bound to a service account (its badge)" : "you have no badge in this organization",
    });
  }
  return { connectedId, kind: caller.actor.kind === "m2m" ? "machine" : "person" };
}

/** resolve-line: who would approve a document the caller submitted on this form now (nothing is written). */
export async function previewLine(deps: ApprovalDeps, caller: GovernanceCaller, id: string): Promise<LinePreviewView> {
  assertCan(caller.actor, APPROVAL_SCOPES.workItemRead);
  const item = await workItemOr404(deps.db.read, caller.org.id, id);
  const requester = requesterOf(caller);
  const line = resolveLine(await loadResolutionContext(deps.db.read, caller.org.id), item, requester);
  return {
    workItemId: item.id,
    requesterConnectedId: requester.connectedId,
    requesterKind: requester.kind,
    linePath: line.linePath,
    riskLevel: line.riskLevel,
    lineMode: line.lineMode,
    approverCount: line.approvers.length,
    requiredApprovals: line.requiredApprovals,
    routing: line.routing,
    approvers: line.approvers.map((a) => ({ connectedId: a.connectedId, displayName: a.displayName, label: a.label, basis: a.basis })),
    skipped: line.skipped,
  };
}

/**
 * The live permission forms of the organization that grant exactly `scope`, oldest first:
 * where a machine (an agent's axowl_request_permission) files a request for that scope.
 * No scope is asked here; the caller submits through `submitInstance`, which checks its own.
 */
export async function permissionFormsFor(reader: Queryable, orgId: string, scope: string): Promise<WorkItemView[]> {
  const rows = await reader
    .select()
    .from(approvalWorkItems)
    .where(and(eq(approvalWorkItems.orgId, orgId), eq(approvalWorkItems.docType, "permission"), eq(approvalWorkItems.requestedScope, scope), isNull(approvalWorkItems.archivedAt)))
    .orderBy(asc(approvalWorkItems.createdAt), asc(approvalWorkItems.id));
  return rows.map(workItemView);
}
