/**
 * The languages of Signet's pages (the dashboard, the hosted login, the share viewer):
 * English, Korean and Japanese. A page takes the person's own choice (kept in
 * localStorage and a cookie by the switcher) or else the first of the browser's languages
 * (navigator.languages, which the browser also sends as Accept-Language) that Signet
 * speaks, else English. The server makes the same choice from the cookie and
 * Accept-Language (src/platform/languages.ts), so a page arrives already in it. Each
 * surface keeps its catalog in embedded-ui/locales/.
 */

import { isLanguage, LANGUAGE_COOKIE, LANGUAGE_NAMES, LANGUAGES, negotiateLanguage, translator, type Catalog, type Language } from "../src/platform/languages";

export { LANGUAGE_NAMES, LANGUAGES, negotiateLanguage, translator, type Catalog, type Language };

const STORAGE_KEY = "signet.language";
/** A year: the choice outlives the session, like the localStorage copy. */
const COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** The switcher's cookie, which the server reads to send the next page in the same language. */
function cookieLanguage(): string | undefined {
  return document.cookie
    .split(";")
    .map((pair) => pair.trim().split("="))
    .find(([name]) => name === LANGUAGE_COOKIE)?.[1];
}

function writeCookie(language: Language | null): void {
  const secure = location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${LANGUAGE_COOKIE}=${language ?? ""}; Path=/; Max-Age=${language ? COOKIE_MAX_AGE_SECONDS : 0}; SameSite=Lax${secure}`;
}

/**
 * The person's stored choice, else the browser's languages. The cookie mirrors the stored
 * choice (written, or dropped when there is none) so the server's next page agrees.
 */
export function chooseLanguage(): Language {
  const cookie = cookieLanguage();
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    if (isLanguage(stored)) {
      if (cookie !== stored) writeCookie(stored);
      return stored;
    }
    if (cookie !== undefined) writeCookie(null);
  } catch {
    // Storage refused (a sandboxed frame): the browser's languages decide.
  }
  return negotiateLanguage(navigator.languages?.length ? navigator.languages : [navigator.language ?? "en"]);
}

/**
 * Keeps the choice in this browser: localStorage for the pages, and a cookie the server
 * reads so the next page it sends is already in this language (src/platform/languages.ts).
 */
export function rememberLanguage(language: Language): void {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Not kept: the choice lasts until the page reloads.
  }
  writeCookie(language);
}

/**
 * Writes a static page's words in `language`: the text of every element marked
 * data-i18n, and the attributes named by data-i18n-attr ("placeholder:key aria-label:key").
 */
export function translateDocument<K extends string>(catalog: Catalog<K>, language: Language, root: ParentNode = document): void {
  const t = translator(catalog, language);
  document.documentElement.lang = language;
  root.querySelectorAll<HTMLElement>("[data-i18n]").forEach((element) => {
    element.textContent = t(element.dataset.i18n as K);
  });
  root.querySelectorAll<HTMLElement>("[data-i18n-attr]").forEach((element) => {
    for (const pair of element.dataset.i18nAttr!.split(/\s+/).filter(Boolean)) {
      const [attribute, key] = pair.split(":");
      if (attribute && key) element.setAttribute(attribute, t(key as K));
    }
  });
}

/** A labelled language chooser for a static page: choosing stores the choice and reloads the page in it. */
export function languageSwitcher(label: string, current: Language): HTMLElement {
  const wrapper = document.createElement("div");
  wrapper.className = "language-switcher";
  const labelElement = document.createElement("label");
  labelElement.htmlFor = "language";
  labelElement.textContent = label;
  const select = document.createElement("select");
  select.id = "language";
  for (const language of LANGUAGES) {
    const option = document.createElement("option");
    option.value = language;
    option.lang = language;
    option.textContent = LANGUAGE_NAMES[language];
    option.selected = language === current;
    select.append(option);
  }
  select.addEventListener("change", () => {
    rememberLanguage(select.value as Language);
    location.reload();
  });
  wrapper.append(labelElement, select);
  return wrapper;
}
