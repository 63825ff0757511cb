/**
 * The languages of Signet's pages (the dashboard, the hosted login, the share viewer):
 * English, Korean and Japanese. A page takes the person's own choice (kept in
 * localStorage by the switcher) or else the first of the browser's languages
 * (navigator.languages, which the browser also sends as Accept-Language) that Signet
 * speaks, else English. Each surface keeps its catalog in embedded-ui/locales/.
 */

export const LANGUAGES = ["en", "ko", "ja"] as const;
export type Language = (typeof LANGUAGES)[number];
/** Each language in its own words, as the switcher lists it. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: "English", ko: "한국어", ja: "日本語" };

/** One surface's messages: the same keys in every language (test/surfaces/i18n.test.ts checks it). */
export type Catalog<K extends string = string> = Record<Language, Record<K, string>>;

const STORAGE_KEY = "signet.language";

const isLanguage = (value: unknown): value is Language => typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);

/** The first of `preferred` (BCP 47 tags, most wanted first) that Signet speaks, by primary subtag. */
export function negotiateLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
    if (isLanguage(primary)) return primary;
  }
  return "en";
}

/** The person's stored choice, else the browser's languages. */
export function chooseLanguage(): Language {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    if (isLanguage(stored)) return stored;
  } catch {
    // Storage refused (a sandboxed frame): the browser's languages decide.
  }
  return negotiateLanguage(navigator.languages?.length ? navigator.languages : [navigator.language ?? "en"]);
}

export function rememberLanguage(language: Language): void {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Not kept: the choice lasts until the page reloads.
  }
}

/** A lookup into one language of a catalog; `{name}` placeholders are filled from `values`. */
export function translator<K extends string>(catalog: Catalog<K>, language: Language) {
  const messages = catalog[language];
  return (key: K, values: Record<string, string | number> = {}): string =>
    (messages[key] ?? catalog.en[key]).replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
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
