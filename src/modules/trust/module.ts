/** The audit chain (checkpoints, retention, verification), the organization's keys and seals. */
import type { AppContext } from "../../context";
import { defineModule } from "../../platform/module";
import { TRUST_EVENTS } from "./events";
import { checkpointJob, retentionJob, verifyJob } from "./audit/jobs";
import { auditErrors } from "./audit/errors";
import { auditLimits } from "./audit/limits";
import { auditRoutes } from "./audit/routes";
import * as auditTables from "./audit/schema";
import { signingKeyErrors } from "./keys/errors";
import { Keyring } from "./keys/keyring";
import * as keyTables from "./keys/schema";
import { signingKeyRecords } from "./keys/sealed-records";

export const trustModule = defineModule<AppContext>({
  name: "trust",
  events: Object.values(TRUST_EVENTS),
  limits: [auditLimits],
  tags: [
    { name: "Audit", description: "The sealed audit chain: queries, verification, checkpoints, integrity, retention and exports (/api/v1/admin)." },
  ],
  tables: { ...auditTables, ...keyTables },
  sealedRecords: [signingKeyRecords],
  errors: [auditErrors, signingKeyErrors],
  init: (deps) => ({ keyring: new Keyring(deps) }),
  stop: (deps) => deps.keyring.close(),
  routes: (ctx) => [auditRoutes(ctx)],
  jobs: (ctx) => [checkpointJob(ctx), verifyJob(ctx), retentionJob(ctx)],
});
