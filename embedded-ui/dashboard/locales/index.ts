/**
 * The dashboard's one catalog, in every language Signet speaks: the shell's words and each
 * page's, one file per page in this folder. Keys are prefixed by their file ("members.…"),
 * so no two parts define the same key (test/surfaces/i18n.test.ts checks it).
 */
import type { Catalog, Language } from "../../i18n";
import { LANGUAGES } from "../../i18n";
import { accountCatalog } from "./account";
import { analyticsCatalog } from "./analytics";
import { approvalsCatalog } from "./approvals";
import { auditHistoryCatalog } from "./audit-history";
import { badgesCatalog } from "./badges";
import { boardCatalog } from "./board";
import { chartsCatalog } from "./charts";
import { errorsCatalog } from "./errors";
import { governanceCatalog } from "./governance";
import { homeCatalog } from "./home";
import { inviteCatalog } from "./invite";
import { lifecycleCatalog } from "./lifecycle";
import { mailboxCatalog } from "./mailbox";
import { meetingCatalog } from "./meeting";
import { meetingsCatalog } from "./meetings";
import { membersCatalog } from "./members";
import { orgChartCatalog } from "./org-chart";
import { overviewCatalog } from "./overview";
import { rolesCatalog } from "./roles";
import { serviceAccountsCatalog } from "./service-accounts";
import { shellCatalog } from "./shell";
import { teamsCatalog } from "./teams";

/** Every part of the dashboard's catalog; a new page's catalog joins this list. */
export const dashboardCatalogParts = [
  accountCatalog,
  analyticsCatalog,
  approvalsCatalog,
  auditHistoryCatalog,
  badgesCatalog,
  boardCatalog,
  chartsCatalog,
  errorsCatalog,
  governanceCatalog,
  homeCatalog,
  inviteCatalog,
  lifecycleCatalog,
  mailboxCatalog,
  meetingCatalog,
  meetingsCatalog,
  membersCatalog,
  orgChartCatalog,
  overviewCatalog,
  rolesCatalog,
  serviceAccountsCatalog,
  shellCatalog,
  teamsCatalog,
] as const;

type KeyOf<C> = C extends Catalog<infer K> ? K : never;
export type DashboardKey = KeyOf<(typeof dashboardCatalogParts)[number]>;

export const dashboardCatalog = Object.fromEntries(
  LANGUAGES.map((language) => [language, Object.assign({}, ...dashboardCatalogParts.map((part) => part[language]))]),
) as Catalog<DashboardKey> satisfies Record<Language, unknown>;
