/** Files, sharing and lifecycle rules. */
import type { AppContext } from "../../context";
import { defineModule } from "../../platform/module";
import { trashRetentionJob } from "./files/jobs";
import { fileRoutes } from "./files/routes";
import * as tables from "./files/schema";
import { lifecycleRoutes } from "./lifecycle/routes";
import { lifecycleJob } from "./lifecycle/runner";
import { fileSharingRoutes } from "./sharing/routes";

export const storageModule = defineModule<AppContext>({
  name: "storage",
  tables,
  routes: (ctx) => [fileRoutes(ctx), fileSharingRoutes(ctx), lifecycleRoutes(ctx)],
  jobs: (ctx) => [trashRetentionJob(ctx), lifecycleJob(ctx)],
});
