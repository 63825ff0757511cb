/** Governance: teams and the reporting graph, the board, meetings and approvals. */
import type { AppContext } from "../../context";
import { defineModule } from "../../platform/module";
import { boardErrors } from "./board/errors";
import { BOARD_EVENTS } from "./board/events";
import { boardRecords, boardSeatRecords } from "./board/records";
import { boardRoutes } from "./board/routes";
import * as boardTables from "./board/schema";
import { BOARD_ROLE_SCOPES } from "./board/scopes";
import { approvalErrors } from "./approvals/errors";
import { APPROVAL_EVENTS } from "./approvals/events";
import { approvalRoutes } from "./approvals/routes";
import * as approvalTables from "./approvals/schema";
import { APPROVAL_ROLE_SCOPES } from "./approvals/scopes";
import { governanceErrors } from "./errors";
import { GOVERNANCE_EVENTS } from "./events";
import { meetingErrors } from "./meetings/errors";
import { MEETING_EVENTS } from "./meetings/events";
import { voteRecords } from "./meetings/records";
import { meetingRoutes } from "./meetings/routes";
import * as meetingTables from "./meetings/schema";
import { MEETING_ROLE_SCOPES } from "./meetings/scopes";
import { governanceRoutes } from "./routes";
import * as tables from "./schema";
import { GOVERNANCE_ROLE_SCOPES } from "./scopes";

/** The built-in roles' scopes of each part, merged per role. */
function roleScopes(...parts: ReadonlyArray<Readonly<Record<string, readonly string[]>>>): Record<string, string[]> {
  const merged: Record<string, string[]> = {};
  for (const part of parts) for (const [role, scopes] of Object.entries(part)) merged[role] = [...(merged[role] ?? []), ...scopes];
  return merged;
}

export const governanceModule = defineModule<AppContext>({
  name: "governance",
  errors: [governanceErrors, boardErrors, meetingErrors, approvalErrors],
  events: [...Object.values(GOVERNANCE_EVENTS), ...Object.values(BOARD_EVENTS), ...Object.values(MEETING_EVENTS), ...Object.values(APPROVAL_EVENTS)],
  scopes: roleScopes(GOVERNANCE_ROLE_SCOPES, BOARD_ROLE_SCOPES, MEETING_ROLE_SCOPES, APPROVAL_ROLE_SCOPES),
  sealedRecords: [boardRecords, boardSeatRecords, voteRecords],
  tags: [
    { name: "Teams", description: "Teams: group ConnectedIds with a kind, a parent team, a lead and members who report to the lead (spec 2.10, 4.7)." },
    { name: "Reporting graph", description: "People, teams and the member_of, reporting and reference edges between them; reporting never cycles (spec 4.7)." },
    { name: "Board", description: "The board of directors of a Corporation or Project (SPV): a group ConnectedId, its directors and chairman; composition changes need a personal seal (spec 2.10, 4.7)." },
    { name: "Meetings", description: "Meetings with agenda items, attendance and votes sealed by personal seals; outcomes judged on quorum, minutes filed on completion (spec 2.8, 3.1, 3.2, 4.6)." },
    { name: "Approvals", description: "Work items (approval forms) and their lines, documents sealed with passkeys, numbered and stamped up the reporting tree (spec 2.10, 3.8, 4.7)." },
  ],
  tables: { ...tables, ...boardTables, ...meetingTables, ...approvalTables },
  routes: (ctx) => [governanceRoutes(ctx), boardRoutes(ctx), meetingRoutes(ctx), approvalRoutes(ctx)],
});
