/** App groups and applications, and their end users: sign-in methods, MFA, passkeys, social, import, hosted login. */
import type { AppContext } from "../../context";
import { defineModule } from "../../platform/module";
import { CUSTOMER_EVENTS } from "./events";
import { appRoutes } from "./apps/routes";
import { monetizationLimits } from "./apps/monetization-limits";
import { loginDomainSettings } from "./domains/settings";
import { customDomainHostGate } from "./domains/host-gate";
import { customDomainRoutes } from "./domains/routes";
import { createCustomDomainServices } from "./domains/service";
import * as domainTables from "./domains/schema";
import { liveGroup } from "./apps/service";
import * as appTables from "./apps/schema";
import { hostedLoginRoutes } from "./end-users/hosted-login/routes";
import { endUserImportRoutes } from "./end-users/import/routes";
import { endUsersPruneJob } from "./end-users/jobs";
import { registerSmsCodeLedger } from "../messaging/index";
import { mfaSmsLedger } from "./end-users/mfa/codes";
import { endUserMfaPruneJob } from "./end-users/mfa/jobs";
import { endUserMfaRoutes } from "./end-users/mfa/routes";
import { endUserPasskeyRoutes } from "./end-users/passkeys/routes";
import { endUserRoutes } from "./end-users/routes";
import * as endUserTables from "./end-users/schema";
import { socialRoutes } from "./end-users/social/routes";
import { appErrors } from "./apps/errors";
import { loginDomainErrors } from "./domains/errors";
import { endUserErrors } from "./end-users/errors";
import { importErrors } from "./end-users/import/errors";
import { mfaErrors } from "./end-users/mfa/errors";
import { endUserPasskeyErrors } from "./end-users/passkeys/errors";
import { socialErrors } from "./end-users/social/errors";

export const customersModule = defineModule<AppContext>({
  name: "customers",
  events: Object.values(CUSTOMER_EVENTS),
  limits: [monetizationLimits],
  settings: [loginDomainSettings],
  errors: [appErrors, endUserErrors, socialErrors, endUserPasskeyErrors, mfaErrors, importErrors, loginDomainErrors],
  tags: [
    { name: "App groups", description: "App groups (one per brand) and their applications: keys, origins, callback URLs, OIDC and SAML settings (spec 2.2, 2.3)." },
    { name: "End-user sign-in", description: "How your application's end users sign in: login methods, magic links, passkeys, social, SMS MFA, and the sessions and RS256 tokens that result (spec 4.1)." },
    { name: "Custom login domains", description: "A brand's own hostname for its hosted login, share viewer and end-user API: DNS ownership and routing checks, auto-configure at the DNS provider, and the resolve route a TLS front asks (spec 5.8; docs/custom-domains.md)." },
    { name: "End users", description: "End users of your applications: import and the partner routes that act for them (spec 4.2)." },
  ],
  tables: { ...appTables, ...endUserTables, ...domainTables },
  init: async (ctx) => {
    registerSmsCodeLedger("end-user-mfa", mfaSmsLedger);
    const customDomains = createCustomDomainServices(ctx);
    await customDomains.hosts.ready();
    return { appGroups: { find: liveGroup }, customDomains };
  },
  stop: (ctx) => ctx.customDomains.hosts.close(),
  routes: (ctx) => [
    // First: the Host decides which site a request is for before any route runs.
    customDomainHostGate(ctx),
    customDomainRoutes(ctx),
    appRoutes(ctx),
    endUserRoutes(ctx),
    endUserPasskeyRoutes(ctx),
    socialRoutes(ctx),
    endUserMfaRoutes(ctx),
    endUserImportRoutes(ctx),
    hostedLoginRoutes(ctx),
  ],
  jobs: (ctx) => [endUsersPruneJob(ctx), endUserMfaPruneJob(ctx)],
});
