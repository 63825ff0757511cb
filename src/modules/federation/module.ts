/**
 * Federation: an organization's people sign in to the dashboard through the
 * organization's own identity provider (OIDC or SAML), with just-in-time membership
 * (spec 2.11, 4.4; docs/federation.md). It sits above identity (accounts, sessions) and
 * orgs (members, roles, plans) and reaches them through their doors.
 */
import type { AppContext } from "../../context";
import { defineModule } from "../../platform/module";
import { federationErrors } from "./errors";
import { FEDERATION_EVENTS } from "./events";
import { flowPruneJob } from "./flows";
import { ssoLimits } from "./limits";
import { federationRoutes } from "./routes";
import * as tables from "./schema";

export const federationModule = defineModule<AppContext>({
  name: "federation",
  errors: [federationErrors],
  events: Object.values(FEDERATION_EVENTS),
  limits: [ssoLimits],
  tags: [
    { name: "IdP connections", description: "The organization's identity-provider connections (OIDC, SAML) and its federation policy (spec 2.11, 4.4)." },
    { name: "IdP sign-in", description: "Dashboard sign-in through the organization's identity provider, with just-in-time membership; the SAML service-provider metadata." },
  ],
  tables,
  routes: (ctx) => federationRoutes(ctx),
  jobs: (ctx) => [flowPruneJob(ctx)],
});
