/**
 * Builds the Elysia app from a context. It never listens: main.ts does, and tests
 * drive it through `app.handle(new Request(…))`.
 */
import { Elysia } from "elysia";
import type { AppContext } from "./context";
import { collectBodyLimits, httpKernel } from "./platform/http/kernel";
import { checkDeclaredErrors, kernelErrors, mergeCatalogs } from "./platform/http/error-catalog";
import { apiReference } from "./platform/http/openapi";
import { collectRequiredScopes } from "./modules/access/public-v1/guard";

export function createApp(ctx: AppContext) {
  const bodyLimits = new Map<string, number>();
  const mounted = ctx.modules.filter((m) => !m.mountedWhen || m.mountedWhen(ctx));
  const errorCodes = mergeCatalogs([kernelErrors, ...ctx.modules.flatMap((m) => m.errors ?? [])]);
  const app = new Elysia()
    .use(httpKernel({ logger: ctx.logger, trustedProxies: ctx.config.trustedProxies, bodyLimits, hsts: ctx.config.tls !== null, accessLogSample: ctx.config.accessLogSample, refusalObservers: mounted.flatMap((m) => m.refusals?.(ctx) ?? []) }))
    .use(apiReference(ctx, mounted.flatMap((m) => m.tags ?? []), errorCodes));
  for (const module of mounted) for (const routes of module.routes?.(ctx) ?? []) app.use(routes);
  // Routes declare a body limit other than the default, what a key needs to call them and the errors they answer, in `detail` (documented there too).
  collectBodyLimits(app.routes, bodyLimits);
  collectRequiredScopes(app.routes);
  checkDeclaredErrors(app.routes, errorCodes);
  return app;
}

export type App = ReturnType<typeof createApp>;
