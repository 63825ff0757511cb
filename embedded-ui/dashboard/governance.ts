/**
 * What the governance pages share: the wire shapes of teams, the reporting graph,
 * approvals, the board and meetings, taken from the server's models (type-only imports: the bundle carries none
 * of the server's code), who may change them, and the reporting-cycle refusal in words.
 */
import type { EdgeView, GraphView, ManagerView, TeamMemberView, TeamView } from "../../src/modules/governance/model";
import type { ApprovalLineView, InstanceView, LinePreviewView, PositionInput, StepView, WorkItemCreate, WorkItemView } from "../../src/modules/governance/approvals/model";
import type { BoardMemberView, BoardView } from "../../src/modules/governance/board/model";
import type { AgendaItemView, ClosePreview, CompiledMinutes, CompleteResult, JudgementView, MeetingCreate, MeetingDetailView, MeetingView, ParticipantView, VoteView } from "../../src/modules/governance/meetings/model";
import { ApiProblem } from "./api";
import type { Translate } from "./language";
import type { Org } from "./session";

export type Team = TeamView;
export type TeamMember = TeamMemberView;
export type Manager = ManagerView;
export type Edge = EdgeView;
export type Graph = GraphView;
export type Person = GraphView["people"][number];
export type WorkItem = WorkItemView;
export type WorkItemInput = typeof WorkItemCreate.static;
export type ApprovalLine = ApprovalLineView;
export type Position = typeof PositionInput.static;
export type LinePreview = LinePreviewView;
export type Instance = InstanceView;
export type Step = StepView;
export type Board = BoardView;
export type Director = BoardMemberView;
export type Meeting = MeetingView;
export type MeetingDetail = MeetingDetailView;
export type MeetingInput = typeof MeetingCreate.static;
export type Participant = ParticipantView;
export type AgendaItem = AgendaItemView;
export type Vote = VoteView;
export type Judgement = JudgementView;
export type OutcomePreview = typeof ClosePreview.static;
export type Completed = typeof CompleteResult.static;
export type Compiled = typeof CompiledMinutes.static;

/** The body of 409 needs_resolution (docs/governance.md, Members and needsResolution). */
export interface NeedsResolution {
  error: "needs_resolution";
  needsResolution: true;
  existingManagers: Manager[];
  message: string;
}

/** Teams, lines and approval forms are changed by the owner and admins (the pages hide the controls from everyone else). */
export function isOwnerOrAdmin(org: Org): boolean {
  return org.role === "owner" || org.role === "admin";
}

/** A badge's name from the graph, or a short form of its id when it is not there (revoked). */
export function namer(graph: Graph | undefined): (id: string | null | undefined) => string {
  const names = new Map<string, string>();
  for (const p of graph?.people ?? []) names.set(p.connectedId, p.displayName);
  for (const t of graph?.teams ?? []) names.set(t.id, t.name);
  return (id) => (id ? (names.get(id) ?? `${id.slice(0, 8)}…`) : "—");
}


/**
 * 400 reporting_cycle with the people named: `cycle` lists the ConnectedIds along the
 * loop, starting with the source of the new line, each reporting to the next.
 */
export function explainCycle(error: unknown, nameOf: (id: string) => string, t: Translate): unknown {
  if (!(error instanceof ApiProblem) || error.code !== "reporting_cycle" || !Array.isArray(error.body.cycle)) return error;
  const ids = (error.body.cycle as string[]).filter((id) => typeof id === "string");
  if (ids.length < 2) return error;
  const [first, second, ...rest] = ids;
  const chain = rest.map((id) => t("governance.cycleStep", { name: nameOf(id) })).join("");
  return new Error(t("governance.cycle", { first: nameOf(first!), second: nameOf(second!), chain }));
}

/** Runs a change and turns a reporting-cycle refusal into a sentence with names. */
export async function naming<T>(nameOf: (id: string) => string, t: Translate, change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (e) {
    throw explainCycle(e, nameOf, t);
  }
}
