/** The dashboard's language: chosen once (embedded-ui/i18n.ts), changed by the header's switcher, read by components through useT(). */
import { createContext } from "preact";
import { useContext } from "preact/hooks";
import { translator, type Language } from "../i18n";
import { dashboardCatalog, type DashboardKey } from "./locales/index";
import { api } from "./api";

export interface LanguageState {
  language: Language;
  setLanguage: (language: Language) => void;
}

export const LanguageContext = createContext<LanguageState>({ language: "en", setLanguage: () => undefined });

export function useLanguage(): LanguageState {
  return useContext(LanguageContext);
}

/**
 * Keeps the switcher's choice on the signed-in account as well (PATCH /api/auth/account),
 * so Signet's mails to the person are in it (docs/languages.md). Signed out, or if the
 * call fails, the browser's own copy (localStorage and cookie) still holds the choice.
 */
export async function keepLanguageOnAccount(language: Language): Promise<void> {
  await api("PATCH", "/api/auth/account", { language }, { redirectOn401: false }).catch(() => undefined);
}

/** The current language's lookup, as useT() returns it; helpers that word things for a page take it from the page. */
export type Translate = (key: DashboardKey, values?: Record<string, string | number>) => string;

/** The lookup for the current language. */
export function useT(): Translate {
  return translator(dashboardCatalog, useContext(LanguageContext).language);
}

/** The navigation's words by page path; a page missing here keeps its English label. */
export const NAV_KEYS: Record<string, DashboardKey> = {
  "": "nav.overview",
  "/members": "nav.members",
  "/roles": "nav.roles",
  "/service-accounts": "nav.serviceAccounts",
  "/badges": "nav.badges",
  "/teams": "nav.teams",
  "/org-chart": "nav.orgChart",
  "/approvals": "nav.approvals",
  "/board": "nav.board",
  "/meetings": "nav.meetings",
  "/keys": "nav.keys",
  "/apps": "nav.apps",
  "/files": "nav.files",
  "/audit": "nav.audit",
  "/analytics": "nav.analytics",
  "/sso": "nav.sso",
  "/billing": "nav.billing",
  "/settings": "nav.settings",
  "/agents": "nav.agents",
  "/integrations": "nav.integrations",
  "/webhooks": "nav.webhooks",
  "/monetization": "nav.monetization",
  "/korean-package": "nav.koreanPackage",
};
