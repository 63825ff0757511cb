/** Dashboard users: accounts, sessions, magic links, passkeys and personal seals, linked identities. */
import type { AppContext } from "../../context";
import { defineModule } from "../../platform/module";
import { signInArtifactsPruneJob } from "./jobs";
import { linkedIdentityRoutes } from "./linked-identities/routes";
import { passkeyErrors } from "./passkeys/errors";
import { accountErrors } from "./errors";
import { linkErrors } from "./linked-identities/errors";
import { passkeyRoutes } from "./passkeys/routes";
import { accountRoutes } from "./routes";
import * as tables from "./schema";
import { createSessionManager } from "./sessions";

export const identityModule = defineModule<AppContext>({
  name: "identity",
  tags: [
    { name: "Auth", description: "Dashboard sign-in (magic link, passkeys) and sessions." },
    { name: "Seals", description: "Personal seals: passkey step-up assertions bound to a purpose and a subject." },
    { name: "Linked identities", description: "Linking another dashboard account and switching to it (5.6)." },
  ],
  tables,
  errors: [accountErrors, linkErrors, passkeyErrors],
  init: (deps) => ({ sessions: createSessionManager(deps, { secureCookies: deps.config.dashboardBase.startsWith("https:") }) }),
  routes: (ctx) => [accountRoutes(ctx), passkeyRoutes(ctx), linkedIdentityRoutes(ctx)],
  jobs: (ctx) => [signInArtifactsPruneJob(ctx)],
});
