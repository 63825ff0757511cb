/** Governance: teams and the reporting graph (later the board, meetings and approvals). */
import type { AppContext } from "../../context";
import { defineModule } from "../../platform/module";
import { governanceErrors } from "./errors";
import { GOVERNANCE_EVENTS } from "./events";
import { governanceRoutes } from "./routes";
import * as tables from "./schema";
import { GOVERNANCE_ROLE_SCOPES } from "./scopes";

export const governanceModule = defineModule<AppContext>({
  name: "governance",
  errors: [governanceErrors],
  events: Object.values(GOVERNANCE_EVENTS),
  scopes: GOVERNANCE_ROLE_SCOPES,
  tags: [
    { name: "Teams", description: "Teams: group ConnectedIds with a kind, a parent team, a lead and members who report to the lead (spec 2.10, 4.7)." },
    { name: "Reporting graph", description: "People, teams and the member_of, reporting and reference edges between them; reporting never cycles (spec 4.7)." },
  ],
  tables,
  routes: (ctx) => [governanceRoutes(ctx)],
});
