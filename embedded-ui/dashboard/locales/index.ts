/**
 * The dashboard's one catalog, in every language Signet speaks: the shell's words and each
 * page's, one file per page in this folder. Keys are prefixed by their file ("members.…"),
 * so no two parts define the same key (test/surfaces/i18n.test.ts checks it).
 */
import type { Catalog, Language } from "../../i18n";
import { LANGUAGES } from "../../i18n";
import { agentsCatalog } from "./agents";
import { appCatalog } from "./app";
import { appDataSourcesCatalog } from "./app-data-sources";
import { appDomainsCatalog } from "./app-domains";
import { appGroupExtrasCatalog } from "./app-group-extras";
import { appQuickstartCatalog } from "./app-quickstart";
import { appsCatalog } from "./apps";
import { auditCatalog } from "./audit";
import { billingCatalog } from "./billing";
import { commerceCatalog } from "./commerce";
import { componentsCatalog } from "./components";
import { filesCatalog } from "./files";
import { integrationsCatalog } from "./integrations";
import { keysCatalog } from "./keys";
import { koreanCatalog } from "./korean";
import { settingsCatalog } from "./settings";
import { shellCatalog } from "./shell";
import { ssoCatalog } from "./sso";
import { webhooksCatalog } from "./webhooks";

/** Every part of the dashboard's catalog; a new page's catalog joins this list. */
export const dashboardCatalogParts = [
  agentsCatalog,
  appCatalog,
  appDataSourcesCatalog,
  appDomainsCatalog,
  appGroupExtrasCatalog,
  appQuickstartCatalog,
  appsCatalog,
  auditCatalog,
  billingCatalog,
  commerceCatalog,
  componentsCatalog,
  filesCatalog,
  integrationsCatalog,
  keysCatalog,
  koreanCatalog,
  settingsCatalog,
  shellCatalog,
  ssoCatalog,
  webhooksCatalog,
] as const;

type KeyOf<C> = C extends Catalog<infer K> ? K : never;
export type DashboardKey = KeyOf<(typeof dashboardCatalogParts)[number]>;

export const dashboardCatalog = Object.fromEntries(
  LANGUAGES.map((language) => [language, Object.assign({}, ...dashboardCatalogParts.map((part) => part[language]))]),
) as Catalog<DashboardKey> satisfies Record<Language, unknown>;
