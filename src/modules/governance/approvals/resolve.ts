/**
 * Who approves a document (spec 4.7 rules 2 and 3): the work item's line resolved for one
 * requester on the organization's reporting graph, as it is now. Pure once the graph and
 * the members' authority are read; the preview (resolve-line) and the submit share it.
 *
 * - positions path (the line has positions): drafter is the requester (no step); role is
 *   the nearest holder of resolveRoleId up the requester's reporting edges (breadth first,
 *   older edges first on a tie), falling back to resolveMemberConnectedId; member is that
 *   badge.
 * - tree path (no positions: the default staff, team-lead and executive columns): the
 *   requester's primary chain (each badge's oldest reporting edge), one column per level
 *   up to the risk level, which is at least 2 for a machine requester.
 *
 * An approver is a person who can stamp: an active person badge of a member, not the
 * requester. Someone in two columns stamps once (the first column keeps them). On a
 * permission form each approver must also hold the requested scope themselves (the
 * ceiling): who does not is left out ("below_ceiling"). Routing then follows rule 3: no
 * approver at all is an automatic grant for a human and unroutable for a machine; a line
 * whose people are all below the ceiling is unroutable for anyone.
 */
import { coversAll, memberAuthorityOf, type MemberAuthority } from "../../orgs/index";
import type { Queryable } from "../../../platform/db/database";
import { type GraphState, loadGraph, managersOf } from "../graph";
import type { LineMode, Routing, StepBasis, StepLabel, WorkItemRow } from "./schema";

export const MACHINE_RISK_FLOOR = 2;

/** The default columns (spec 4.7: "empty means default staff, team-lead, executive columns"). */
export const DEFAULT_COLUMNS = [
  { key: "staff" as const, labelKo: "담당", labelEn: "Staff", labelJa: "担当", level: 0 },
  { key: "team_lead" as const, labelKo: "팀장", labelEn: "Team lead", labelJa: "チームリーダー", level: 1 },
  { key: "executive" as const, labelKo: "임원", labelEn: "Executive", labelJa: "役員", level: 2 },
];

function treeLabel(level: number): StepLabel {
  const column = DEFAULT_COLUMNS[Math.min(level, 2)]!;
  const suffix = level > 2 ? ` (${level})` : "";
  return { ko: column.labelKo + suffix, en: column.labelEn + suffix, ja: column.labelJa + suffix };
}

export interface Requester {
  connectedId: string;
  kind: "person" | "machine";
}

export interface ResolvedApprover {
  connectedId: string;
  userId: string;
  displayName: string;
  label: StepLabel;
  basis: StepBasis;
}

export type SkipReason = "nobody_found" | "not_a_person" | "inactive" | "requester" | "duplicate" | "below_ceiling";

export interface ResolvedLine {
  linePath: "positions" | "tree";
  riskLevel: number;
  lineMode: LineMode;
  approvers: ResolvedApprover[];
  skipped: Array<{ label: StepLabel; connectedId: string | null; reason: SkipReason }>;
  routing: Routing;
  requiredApprovals: number;
}

export interface ResolutionContext {
  state: GraphState;
  /** Members' roles and scopes by user id. */
  authority: Map<string, MemberAuthority>;
}

/** The graph and every member's authority, read one query after another (a transaction is one connection). */
export async function loadResolutionContext(reader: Queryable, orgId: string): Promise<ResolutionContext> {
  const state = await loadGraph(reader, orgId);
  const authority = await memberAuthorityOf(reader, orgId);
  return { state, authority };
}

/** Why a badge cannot stamp, or null when it can. */
export function approverProblem(context: ResolutionContext, connectedId: string, requesterId: string): Exclude<SkipReason, "nobody_found" | "duplicate" | "below_ceiling"> | null {
  if (connectedId === requesterId) return "requester";
  const badge = context.state.badges.get(connectedId);
  if (!badge || badge.type !== "person" || !badge.userId || !context.authority.has(badge.userId)) return "not_a_person";
  if (badge.status !== "active") return "inactive";
  return null;
}

/** The requester's primary chain: level 1 is the target of their oldest reporting edge, and so on up. */
export function primaryChain(state: GraphState, connectedId: string, levels: number): string[] {
  const chain: string[] = [];
  let current = connectedId;
  const seen = new Set([connectedId]);
  while (chain.length < levels) {
    const next = managersOf(state, current)[0]?.connectedId;
    if (!next || seen.has(next)) break;
    chain.push(next);
    seen.add(next);
    current = next;
  }
  return chain;
}

/** Everyone above a badge in the reporting graph, nearest first (breadth first, older edges first). */
export function ancestors(state: GraphState, connectedId: string): string[] {
  const found: string[] = [];
  const seen = new Set([connectedId]);
  const queue = [connectedId];
  while (queue.length) {
    const node = queue.shift()!;
    for (const manager of managersOf(state, node)) {
      if (seen.has(manager.connectedId)) continue;
      seen.add(manager.connectedId);
      found.push(manager.connectedId);
      queue.push(manager.connectedId);
    }
  }
  return found;
}

/** The nearest badge up the requester's reporting tree whose member holds `roleId` and can stamp. */
function nearestHolder(context: ResolutionContext, requesterId: string, roleId: string): string | null {
  for (const id of ancestors(context.state, requesterId)) {
    const badge = context.state.badges.get(id);
    const authority = badge?.userId ? context.authority.get(badge.userId) : undefined;
    if (authority?.role === roleId && approverProblem(context, id, requesterId) === null) return id;
  }
  return null;
}

type Form = Pick<WorkItemRow, "docType" | "lineMode" | "quorumK" | "riskLevel" | "requestedScope" | "positions">;

export function resolveLine(context: ResolutionContext, form: Form, requester: Requester): ResolvedLine {
  const linePath = form.positions.length > 0 ? "positions" : "tree";
  const riskLevel = linePath === "tree" && requester.kind === "machine" ? Math.max(form.riskLevel, MACHINE_RISK_FLOOR) : form.riskLevel;
  const columns: Array<{ label: StepLabel; connectedId: string | null; basis: StepBasis }> = [];
  if (linePath === "tree") {
    const chain = primaryChain(context.state, requester.connectedId, riskLevel);
    for (let level = 1; level <= riskLevel; level++) columns.push({ label: treeLabel(level), connectedId: chain[level - 1] ?? null, basis: { kind: "tree", level } });
  } else {
    for (const p of form.positions) {
      const label = { ko: p.labelKo, en: p.labelEn, ja: p.labelJa };
      if (p.resolveType === "drafter") continue;
      if (p.resolveType === "member") {
        columns.push({ label, connectedId: p.resolveMemberConnectedId, basis: { kind: "member" } });
        continue;
      }
      const holder = nearestHolder(context, requester.connectedId, p.resolveRoleId!);
      columns.push(
        holder
          ? { label, connectedId: holder, basis: { kind: "role", roleId: p.resolveRoleId!, fallback: false } }
          : { label, connectedId: p.resolveMemberConnectedId, basis: { kind: "role", roleId: p.resolveRoleId!, fallback: true } },
      );
    }
  }

  const approvers: ResolvedApprover[] = [];
  const skipped: ResolvedLine["skipped"] = [];
  for (const column of columns) {
    const skip = (reason: SkipReason) => skipped.push({ label: column.label, connectedId: column.connectedId, reason });
    if (column.connectedId === null) {
      skip("nobody_found");
      continue;
    }
    const problem = approverProblem(context, column.connectedId, requester.connectedId);
    if (problem) {
      skip(problem);
      continue;
    }
    if (approvers.some((a) => a.connectedId === column.connectedId)) {
      skip("duplicate");
      continue;
    }
    const badge = context.state.badges.get(column.connectedId)!;
    if (form.docType === "permission" && form.requestedScope && !coversAll(context.authority.get(badge.userId!)!.scopes, [form.requestedScope])) {
      skip("below_ceiling");
      continue;
    }
    approvers.push({ connectedId: badge.id, userId: badge.userId!, displayName: badge.displayName, label: column.label, basis: column.basis });
  }

  let routing: Routing;
  if (form.docType === "report") routing = "notified";
  else if (approvers.length > 0) routing = "routed";
  else if (skipped.some((s) => s.reason === "below_ceiling")) routing = "unroutable";
  else routing = requester.kind === "person" ? "auto_granted" : "unroutable";
  return { linePath, riskLevel, lineMode: form.lineMode, approvers, skipped, routing, requiredApprovals: requiredApprovals(form, approvers.length, routing) };
}

/** Stamps a routed document needs: 1 single, all for chain and parallel, min(K, N) for quorum. */
export function requiredApprovals(form: Pick<Form, "lineMode" | "quorumK">, approverCount: number, routing: Routing): number {
  if (routing !== "routed") return 0;
  switch (form.lineMode) {
    case "single":
      return 1;
    case "quorum":
      return Math.min(form.quorumK ?? 1, approverCount);
    default:
      return approverCount;
  }
}
