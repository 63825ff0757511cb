/**
 * The dashboard's one catalog, in every language Signet speaks: the shell's words and each
 * page's, one file per page in this folder. Keys are prefixed by their file ("members.…"),
 * so no two parts define the same key (test/surfaces/i18n.test.ts checks it).
 */
import type { Catalog, Language } from "../../i18n";
import { LANGUAGES } from "../../i18n";
import { accountCatalog } from "./account";
import { agentsCatalog } from "./agents";
import { analyticsCatalog } from "./analytics";
import { appCatalog } from "./app";
import { appDataSourcesCatalog } from "./app-data-sources";
import { appDomainsCatalog } from "./app-domains";
import { appGroupExtrasCatalog } from "./app-group-extras";
import { appQuickstartCatalog } from "./app-quickstart";
import { approvalsCatalog } from "./approvals";
import { appsCatalog } from "./apps";
import { auditCatalog } from "./audit";
import { auditHistoryCatalog } from "./audit-history";
import { badgesCatalog } from "./badges";
import { billingCatalog } from "./billing";
import { billingWordsCatalog } from "./billing-words";
import { boardCatalog } from "./board";
import { chartsCatalog } from "./charts";
import { commerceCatalog } from "./commerce";
import { componentsCatalog } from "./components";
import { domainsCatalog } from "./domains";
import { errorsCatalog } from "./errors";
import { federationCatalog } from "./federation";
import { filesCatalog } from "./files";
import { governanceCatalog } from "./governance";
import { homeCatalog } from "./home";
import { integrationsCatalog } from "./integrations";
import { inviteCatalog } from "./invite";
import { keysCatalog } from "./keys";
import { koreanCatalog } from "./korean";
import { lifecycleCatalog } from "./lifecycle";
import { mailboxCatalog } from "./mailbox";
import { meetingCatalog } from "./meeting";
import { meetingsCatalog } from "./meetings";
import { membersCatalog } from "./members";
import { orgChartCatalog } from "./org-chart";
import { overviewCatalog } from "./overview";
import { rolesCatalog } from "./roles";
import { serviceAccountsCatalog } from "./service-accounts";
import { settingsCatalog } from "./settings";
import { shellCatalog } from "./shell";
import { ssoCatalog } from "./sso";
import { teamsCatalog } from "./teams";
import { webhooksCatalog } from "./webhooks";

/** Every part of the dashboard's catalog; a new page's catalog joins this list. */
export const dashboardCatalogParts = [
  accountCatalog,
  agentsCatalog,
  analyticsCatalog,
  appCatalog,
  appDataSourcesCatalog,
  appDomainsCatalog,
  appGroupExtrasCatalog,
  appQuickstartCatalog,
  approvalsCatalog,
  appsCatalog,
  auditCatalog,
  auditHistoryCatalog,
  badgesCatalog,
  billingCatalog,
  billingWordsCatalog,
  boardCatalog,
  chartsCatalog,
  commerceCatalog,
  componentsCatalog,
  domainsCatalog,
  errorsCatalog,
  federationCatalog,
  filesCatalog,
  governanceCatalog,
  homeCatalog,
  integrationsCatalog,
  inviteCatalog,
  keysCatalog,
  koreanCatalog,
  lifecycleCatalog,
  mailboxCatalog,
  meetingCatalog,
  meetingsCatalog,
  membersCatalog,
  orgChartCatalog,
  overviewCatalog,
  rolesCatalog,
  serviceAccountsCatalog,
  settingsCatalog,
  shellCatalog,
  ssoCatalog,
  teamsCatalog,
  webhooksCatalog,
] as const;

type KeyOf<C> = C extends Catalog<infer K> ? K : never;
export type DashboardKey = KeyOf<(typeof dashboardCatalogParts)[number]>;

export const dashboardCatalog = Object.fromEntries(
  LANGUAGES.map((language) => [language, Object.assign({}, ...dashboardCatalogParts.map((part) => part[language]))]),
) as Catalog<DashboardKey> satisfies Record<Language, unknown>;
