/**
 * Data sources: registered external PostgreSQL databases and managed databases of app
 * groups, with the 3.6 state machine and a sealed write log per managed database
 * (docs/datasources.md). It sits above customers (app groups) and billing (the credit
 * gate, the delinquency port it subscribes to).
 */
import type { AppContext } from "../../context";
import { newId } from "../../platform/ids";
import { defineModule } from "../../platform/module";
import { registerDelinquencyHook, unregisterDelinquencyHook } from "../billing/index";
import { datasourceErrors } from "./errors";
import { DATASOURCE_EVENTS } from "./events";
import { anchorJob, suspendedClockJob } from "./jobs";
import { suspendManagedForNonPayment } from "./managed";
import { datasourceRoutes } from "./routes";
import * as tables from "./schema";

// The delinquency port is process-wide; each context (several in one test process) subscribes under its own name.
const hookNames = new WeakMap<AppContext, string>();

export const datasourcesModule = defineModule<AppContext>({
  name: "datasources",
  errors: [datasourceErrors],
  events: Object.values(DATASOURCE_EVENTS),
  tags: [
    {
      name: "Data sources",
      description: "An app group's databases: registered external PostgreSQL and managed databases whose writes are sealed (spec 2.12, 3.6, 4.4).",
    },
  ],
  tables,
  // Spec 3.7: when the non-payment grace runs out, managed databases suspend.
  init: (ctx) => {
    const name = `datasources.suspend:${newId()}`;
    hookNames.set(ctx, name);
    registerDelinquencyHook(name, async (event) => {
      if (event.stage === "enforced" && ctx.config.managedDatabases) await suspendManagedForNonPayment(ctx, event.orgId);
    });
    return {};
  },
  stop: async (ctx) => {
    const name = hookNames.get(ctx);
    if (name) unregisterDelinquencyHook(name);
  },
  routes: (ctx) => [datasourceRoutes(ctx)],
  jobs: (ctx) => [suspendedClockJob(ctx), anchorJob(ctx)],
});
