/**
 * Builds the Elysia app from a context. It never listens: main.ts does, and tests
 * drive it through `app.handle(new Request(…))`.
 */
import { Elysia } from "elysia";
import type { AppContext } from "./context";
import { collectBodyLimits, httpKernel } from "./platform/http/kernel";
import { apiReference } from "./platform/http/openapi";
import { systemRoutes } from "./modules/system/routes";
import { devRoutes } from "./modules/dev/routes";
import { pageRoutes } from "./modules/pages/routes";
import { accountRoutes } from "./modules/accounts/routes";
import { passkeyRoutes } from "./modules/passkeys/routes";
import { linkedIdentityRoutes } from "./modules/linked-identities/routes";
import { orgRoutes } from "./modules/orgs/routes";
import { otpRoutes } from "./modules/orgs/otp-routes";
import { memberRoutes } from "./modules/members/routes";
import { keyRoutes } from "./modules/keys/routes";
import { publicV1Routes } from "./modules/public-v1/routes";
import { auditRoutes } from "./modules/audit/routes";
import { permitRoutes } from "./modules/permits/routes";
import { fileRoutes } from "./modules/files/routes";
import { fileSharingRoutes } from "./modules/file-sharing/routes";
import { lifecycleRoutes } from "./modules/lifecycle/routes";
import { appRoutes } from "./modules/apps/routes";
import { endUserRoutes } from "./modules/end-users/routes";
import { endUserPasskeyRoutes } from "./modules/end-user-passkeys/routes";
import { socialRoutes } from "./modules/social/routes";
import { endUserMfaRoutes } from "./modules/end-user-mfa/routes";
import { endUserImportRoutes } from "./modules/end-user-import/routes";
import { hostedLoginRoutes } from "./modules/hosted-login/routes";
import { analyticsRoutes } from "./modules/analytics/routes";
import { addonRoutes } from "./modules/addons/routes";

export function createApp(ctx: AppContext) {
  const bodyLimits = new Map<string, number>();
  const app = new Elysia()
    .use(httpKernel({ logger: ctx.logger, trustedProxies: ctx.config.trustedProxies, bodyLimits }))
    .use(apiReference(ctx))
    .use(systemRoutes(ctx))
    .use(accountRoutes(ctx))
    .use(passkeyRoutes(ctx))
    .use(linkedIdentityRoutes(ctx))
    .use(orgRoutes(ctx))
    .use(otpRoutes(ctx))
    .use(memberRoutes(ctx))
    .use(keyRoutes(ctx))
    .use(publicV1Routes(ctx))
    .use(auditRoutes(ctx))
    .use(permitRoutes(ctx))
    .use(fileRoutes(ctx))
    .use(fileSharingRoutes(ctx))
    .use(lifecycleRoutes(ctx))
    .use(appRoutes(ctx))
    .use(endUserRoutes(ctx))
    .use(endUserPasskeyRoutes(ctx))
    .use(socialRoutes(ctx))
    .use(endUserMfaRoutes(ctx))
    .use(endUserImportRoutes(ctx))
    .use(hostedLoginRoutes(ctx))
    .use(analyticsRoutes(ctx))
    .use(addonRoutes(ctx))
    .use(pageRoutes(ctx));
  if (ctx.config.dev) app.use(devRoutes(ctx));
  // Routes declare a body limit other than the default in `detail` (it is documented there too).
  collectBodyLimits(app.routes, bodyLimits);
  return app;
}

export type App = ReturnType<typeof createApp>;
