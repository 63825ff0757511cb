/** Beacon ingest, daily rollups sealed into the audit chain, and the reports. */
import type { AppContext } from "../../context";
import { defineModule } from "../../platform/module";
import { ANALYTICS_EVENTS } from "./events";
import { analyticsRollupJob } from "./rollups";
import { analyticsRoutes } from "./routes";
import * as tables from "./schema";
import { analyticsErrors } from "./errors";

export const analyticsModule = defineModule<AppContext>({
  name: "analytics",
  events: Object.values(ANALYTICS_EVENTS),
  errors: [analyticsErrors],
  tags: [
    { name: "Analytics", description: "The behavior beacon and its daily rollups, and sign-in analytics (spec 2.5, 4.1, 4.5)." },
  ],
  tables,
  routes: (ctx) => [analyticsRoutes(ctx)],
  jobs: (ctx) => [analyticsRollupJob(ctx)],
});
