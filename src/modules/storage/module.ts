/** Files, sharing and lifecycle rules. */
import type { AppContext } from "../../context";
import { defineModule } from "../../platform/module";
import { STORAGE_EVENTS } from "./events";
import { trashRetentionJob } from "./files/jobs";
import { fileRoutes } from "./files/routes";
import { storageLimits } from "./files/limits";
import { fileErrors } from "./files/errors";
import { lifecycleErrors } from "./lifecycle/errors";
import { shareErrors } from "./sharing/errors";
import { lifecycleLimits } from "./lifecycle/limits";
import * as tables from "./files/schema";
import { lifecycleRoutes } from "./lifecycle/routes";
import { lifecycleJob } from "./lifecycle/runner";
import { fileSharingRoutes } from "./sharing/routes";

export const storageModule = defineModule<AppContext>({
  name: "storage",
  events: Object.values(STORAGE_EVENTS),
  limits: [storageLimits, lifecycleLimits],
  errors: [fileErrors, lifecycleErrors, shareErrors],
  tags: [
    { name: "Files", description: "Organization file storage: upload, list, download, trash and restore, quota (spec 3.4, 5.3)." },
    { name: "File sharing", description: "One-link sharing of a file and the public share view (spec 3.4, 4.1)." },
    { name: "Storage lifecycle", description: "Lifecycle rules that move unaccessed files to infrequent access or the trash (spec 2.4, 8)." },
  ],
  tables,
  routes: (ctx) => [fileRoutes(ctx), fileSharingRoutes(ctx), lifecycleRoutes(ctx)],
  jobs: (ctx) => [trashRetentionJob(ctx), lifecycleJob(ctx)],
});
