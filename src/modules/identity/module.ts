/** Dashboard users: accounts, sessions, magic links, passkeys and personal seals, linked identities. */
import type { AppContext } from "../../context";
import { defineModule } from "../../platform/module";
import { signInArtifactsPruneJob } from "./jobs";
import { linkedIdentityRoutes } from "./linked-identities/routes";
import { passkeyErrors } from "./passkeys/errors";
import { passkeyRoutes } from "./passkeys/routes";
import { accountRoutes } from "./routes";
import * as tables from "./schema";
import { createSessionManager } from "./sessions";

export const identityModule = defineModule<AppContext>({
  name: "identity",
  tables,
  errors: [passkeyErrors],
  init: (deps) => ({ sessions: createSessionManager(deps, { secureCookies: deps.config.dashboardBase.startsWith("https:") }) }),
  routes: (ctx) => [accountRoutes(ctx), passkeyRoutes(ctx), linkedIdentityRoutes(ctx)],
  jobs: (ctx) => [signInArtifactsPruneJob(ctx)],
});
