/** Machine access: API keys, M2M tokens, plugin tokens, partner assertions, and the public v1 family. */
import type { AppContext } from "../../context";
import { defineModule } from "../../platform/module";
import { looksLikeM2mToken } from "./machine/m2m-token";
import { resolveMachineAccess } from "./machine/m2m";
import { keyRoutes } from "./machine/routes";
import * as tables from "./machine/schema";
import { publicV1Routes } from "./public-v1/routes";

export const accessModule = defineModule<AppContext>({
  name: "access",
  tables,
  init: (deps) => ({ machineTokens: { looksLikeToken: looksLikeM2mToken, resolve: (token, slug) => resolveMachineAccess(deps, token, slug) } }),
  routes: (ctx) => [keyRoutes(ctx), publicV1Routes(ctx)],
});
