/** Governance: teams and the reporting graph, approvals (later the board and meetings). */
import type { AppContext } from "../../context";
import { defineModule } from "../../platform/module";
import { approvalErrors } from "./approvals/errors";
import { APPROVAL_EVENTS } from "./approvals/events";
import { approvalRoutes } from "./approvals/routes";
import * as approvalTables from "./approvals/schema";
import { APPROVAL_ROLE_SCOPES } from "./approvals/scopes";
import { governanceErrors } from "./errors";
import { GOVERNANCE_EVENTS } from "./events";
import { governanceRoutes } from "./routes";
import * as tables from "./schema";
import { GOVERNANCE_ROLE_SCOPES } from "./scopes";

export const governanceModule = defineModule<AppContext>({
  name: "governance",
  errors: [governanceErrors, approvalErrors],
  events: [...Object.values(GOVERNANCE_EVENTS), ...Object.values(APPROVAL_EVENTS)],
  scopes: { member: [...GOVERNANCE_ROLE_SCOPES.member, ...APPROVAL_ROLE_SCOPES.member] },
  tags: [
    { name: "Teams", description: "Teams: group ConnectedIds with a kind, a parent team, a lead and members who report to the lead (spec 2.10, 4.7)." },
    { name: "Reporting graph", description: "People, teams and the member_of, reporting and reference edges between them; reporting never cycles (spec 4.7)." },
    { name: "Approvals", description: "Work items (approval forms) and their lines, documents sealed with passkeys, numbered and stamped up the reporting tree (spec 2.10, 3.8, 4.7)." },
  ],
  tables: { ...tables, ...approvalTables },
  routes: (ctx) => [governanceRoutes(ctx), approvalRoutes(ctx)],
});
