/**
 * Surfaces: routes with no domain rules. System routes come first; the dashboard's
 * pages last (they answer what no API route does); the dev routes only with SIGNET_DEV.
 */
import type { AppContext } from "../context";
import { defineModule } from "../platform/module";
import { devRoutes } from "./dev/routes";
import { pageRoutes } from "./pages/routes";
import { systemRoutes } from "./system/routes";

export const systemModule = defineModule<AppContext>({
  name: "surfaces.system",
  tags: [{ name: "System", description: "Liveness and readiness probes for load balancers and orchestrators." }],
  routes: (ctx) => [systemRoutes(ctx)],
});
export const pagesModule = defineModule<AppContext>({ name: "surfaces.pages", routes: (ctx) => [pageRoutes(ctx)] });
export const devModule = defineModule<AppContext>({
  name: "surfaces.dev",
  tags: [{ name: "Dev", description: "Development helpers, served only when SIGNET_DEV=1." }],
  routes: (ctx) => [devRoutes(ctx)],
  mountedWhen: (ctx) => ctx.config.dev,
});
