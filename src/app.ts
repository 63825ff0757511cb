/**
 * Builds the Elysia app from a context. It never listens: main.ts does, and tests
 * drive it through `app.handle(new Request(…))`.
 */
import { Elysia } from "elysia";
import type { AppContext } from "./context";
import { collectBodyLimits, httpKernel } from "./platform/http/kernel";
import { apiReference } from "./platform/http/openapi";
import { systemRoutes } from "./surfaces/system/routes";
import { devRoutes } from "./surfaces/dev/routes";
import { pageRoutes } from "./surfaces/pages/routes";
import { accountRoutes } from "./modules/identity/routes";
import { passkeyRoutes } from "./modules/identity/passkeys/routes";
import { linkedIdentityRoutes } from "./modules/identity/linked-identities/routes";
import { orgRoutes } from "./modules/orgs/routes";
import { otpRoutes } from "./modules/orgs/otp-routes";
import { memberRoutes } from "./modules/orgs/members/routes";
import { keyRoutes } from "./modules/access/machine/routes";
import { publicV1Routes } from "./modules/access/public-v1/routes";
import { auditRoutes } from "./modules/trust/audit/routes";
import { permitRoutes } from "./modules/trust/permits/routes";
import { fileRoutes } from "./modules/storage/files/routes";
import { fileSharingRoutes } from "./modules/storage/sharing/routes";
import { lifecycleRoutes } from "./modules/storage/lifecycle/routes";
import { appRoutes } from "./modules/customers/apps/routes";
import { endUserRoutes } from "./modules/customers/end-users/routes";
import { endUserPasskeyRoutes } from "./modules/customers/end-users/passkeys/routes";
import { socialRoutes } from "./modules/customers/end-users/social/routes";
import { endUserMfaRoutes } from "./modules/customers/end-users/mfa/routes";
import { endUserImportRoutes } from "./modules/customers/end-users/import/routes";
import { hostedLoginRoutes } from "./modules/customers/end-users/hosted-login/routes";
import { analyticsRoutes } from "./modules/analytics/routes";
import { addonRoutes } from "./modules/billing/addons/routes";

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
