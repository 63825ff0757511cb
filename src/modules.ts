/**
 * The one list of modules (DESIGN §3). The app's routes are mounted in this order; the
 * scheduler's jobs, the migration schema and the audit event catalog are assembled from
 * it. A new domain is one folder with a `module.ts` and one line here.
 */
import type { AppContext } from "./context";
import type { ModuleDefinition } from "./platform/module";
import { platformModule } from "./platform/manifest";
import { devModule, pagesModule, systemModule } from "./surfaces/module";
import { identityModule } from "./modules/identity/module";
import { orgsModule } from "./modules/orgs/module";
import { trustModule } from "./modules/trust/module";
import { accessModule } from "./modules/access/module";
import { storageModule } from "./modules/storage/module";
import { customersModule } from "./modules/customers/module";
import { billingModule } from "./modules/billing/module";
import { commerceModule } from "./modules/commerce/module";
import { governanceModule } from "./modules/governance/module";
import { agentsModule } from "./modules/agents/module";
import { integrationsModule } from "./modules/integrations/module";
import { provisioningModule } from "./modules/provisioning/module";
import { federationModule } from "./modules/federation/module";
import { analyticsModule } from "./modules/analytics/module";
import { datasourcesModule } from "./modules/datasources/module";

export const MODULES: readonly ModuleDefinition<AppContext>[] = [
  platformModule,
  systemModule,
  identityModule,
  orgsModule,
  trustModule,
  accessModule,
  storageModule,
  customersModule,
  billingModule,
  commerceModule,
  governanceModule,
  agentsModule,
  integrationsModule,
  provisioningModule,
  federationModule,
  datasourcesModule,
  analyticsModule,
  pagesModule,
  devModule,
];
