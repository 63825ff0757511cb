/**
 * The languages Signet speaks (English, Korean, Japanese) and how one is chosen, shared
 * by the browser pages (embedded-ui/i18n.ts) and the server (the pages it sends, the
 * mails and texts it words): one negotiation, one catalog shape, one placeholder syntax.
 * Pure code, no DOM and no server API, so both bundles can import it.
 */

export const LANGUAGES = ["en", "ko", "ja"] as const;
export type Language = (typeof LANGUAGES)[number];
/** Each language in its own words, as the switchers list it. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: "English", ko: "한국어", ja: "日本語" };

/** The cookie a page's language switcher writes, so the server sends the next page already in that language. */
export const LANGUAGE_COOKIE = "signet_lang";

/** One surface's messages: the same keys in every language (test/surfaces/i18n.test.ts checks it). */
export type Catalog<K extends string = string> = Record<Language, Record<K, string>>;

export const isLanguage = (value: unknown): value is Language => typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);

/** The first of `preferred` (BCP 47 tags, most wanted first) that Signet speaks, by primary subtag; else English. */
export function negotiateLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
    if (isLanguage(primary)) return primary;
  }
  return "en";
}

/**
 * The tags of an Accept-Language header, most wanted first (RFC 9110 §12.5.4): ordered by
 * q, ties in the header's order; q=0 means "not this one" and is dropped; `*` names nothing.
 */
export function acceptedLanguages(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .split(",")
    .slice(0, 32)
    .map((part, index) => {
      const [tag = "", ...params] = part.split(";").map((p) => p.trim());
      const q = params.find((p) => /^q=/i.test(p));
      const weight = q === undefined ? 1 : Number(q.slice(2));
      return { tag, weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter(({ tag, weight }) => tag !== "" && tag !== "*" && weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map(({ tag }) => tag);
}

/** The value of one cookie in a Cookie header, or null. */
function cookieValue(header: string | null, name: string): string | null {
  for (const pair of (header ?? "").split(";")) {
    const [key, ...rest] = pair.split("=");
    if (key?.trim() === name) return rest.join("=").trim();
  }
  return null;
}

/** What a request asks for: the switcher's cookie, else its Accept-Language, else English. */
export function requestLanguage(headers: Pick<Headers, "get">): Language {
  const chosen = cookieValue(headers.get("cookie"), LANGUAGE_COOKIE);
  if (isLanguage(chosen)) return chosen;
  return negotiateLanguage(acceptedLanguages(headers.get("accept-language")));
}

/** Fills `{name}` placeholders from `values`; a placeholder with no value stays as written. */
export function fillPlaceholders(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** A lookup into one language of a catalog, falling back to English for a missing key. */
export function translator<K extends string>(catalog: Catalog<K>, language: Language) {
  const messages = catalog[language];
  return (key: K, values: Record<string, string | number> = {}): string => fillPlaceholders(messages[key] ?? catalog.en[key], values);
}
