/** Machine access: API keys, M2M tokens, plugin tokens, partner assertions, signed permits, and the public v1 family. */
import type { AppContext } from "../../context";
import { defineModule } from "../../platform/module";
import { ACCESS_EVENTS } from "./events";
import { apiKeyRevocationMarkers } from "./machine/api-keys";
import { looksLikeM2mToken } from "./machine/m2m-token";
import { resolveMachineAccess } from "./machine/m2m";
import { looksLikeAgentCredential, resolveAgentAccess } from "./machine/agent-credentials";
import { machineErrors } from "./machine/errors";
import { apiKeySettings } from "./machine/key-settings";
import { keyRoutes } from "./machine/routes";
import * as machineTables from "./machine/schema";
import { apiKeyRecords } from "./machine/sealed-records";
import { permitIdempotencyPruneJob } from "./permits/jobs";
import { permitErrors } from "./permits/service";
import { permitRoutes } from "./permits/routes";
import * as permitTables from "./permits/schema";
import { publicV1Routes } from "./public-v1/routes";

export const accessModule = defineModule<AppContext>({
  name: "access",
  events: Object.values(ACCESS_EVENTS),
  settings: [apiKeySettings],
  tags: [
    { name: "Keys", description: "The Org Master Seal, the organization's signing keys and JWKS, and org API keys." },
    { name: "Machine access", description: "M2M tokens: an org API key exchanged for a short-lived access token for /api/org/{slug}/* (spec 4.3, 5.2)." },
    { name: "Public v1", description: "The stable public API for developers, with an org API key in X-Api-Key (spec 4.2)." },
    { name: "Permits", description: "Signed permits: short-lived RS256 statements that a badge holds a scope, verifiable with the org's JWKS (5.5)." },
  ],
  tables: { ...machineTables, ...permitTables },
  sealedRecords: [apiKeyRecords],
  errors: [machineErrors, permitErrors],
  init: (deps) => {
    deps.keyring.readMarkersWith(apiKeyRevocationMarkers);
    // An agent's credential is presented like an M2M token and resolved here too; the agents
    // module provides the roster it is checked against (`agentRoster`) at its own init.
    return {
      machineTokens: {
        looksLikeToken: (bearer) => looksLikeM2mToken(bearer) || looksLikeAgentCredential(bearer),
        resolve: (token, slug) => (looksLikeAgentCredential(token) ? resolveAgentAccess(deps, token, slug) : resolveMachineAccess(deps, token, slug)),
      },
    };
  },
  routes: (ctx) => [keyRoutes(ctx), permitRoutes(ctx), publicV1Routes(ctx)],
  jobs: (ctx) => [permitIdempotencyPruneJob(ctx)],
});
