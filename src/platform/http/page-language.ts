/**
 * Pages sent in the language the request asks for (src/platform/languages.ts: the
 * switcher's cookie, else Accept-Language, else English): `<html lang>` set, and for a
 * static page with a catalog its marked words (data-i18n, data-i18n-attr, as the page's
 * own script writes them, embedded-ui/i18n.ts) already in that language, so the first
 * paint, a screen reader and a page without script all get the right language.
 */
import { translator, type Catalog, type Language } from "../languages";

/** The page depends on the request's Accept-Language and on the switcher's cookie. */
export function languageHeaders(language: Language): Record<string, string> {
  return { "content-language": language, vary: "Accept-Language, Cookie" };
}

export function localizePage(html: string, language: Language, catalog?: Catalog): string {
  const rewriter = new HTMLRewriter().on("html", {
    element(element) {
      element.setAttribute("lang", language);
    },
  });
  if (catalog) {
    const t = translator(catalog, language);
    const known = (key: string | null): key is string => key !== null && key in catalog.en;
    rewriter
      .on("[data-i18n]", {
        element(element) {
          const key = element.getAttribute("data-i18n");
          if (known(key)) element.setInnerContent(t(key));
        },
      })
      .on("[data-i18n-attr]", {
        element(element) {
          for (const pair of (element.getAttribute("data-i18n-attr") ?? "").split(/\s+/)) {
            const [attribute, key = null] = pair.split(":");
            if (attribute && known(key)) element.setAttribute(attribute, t(key));
          }
        },
      });
  }
  return rewriter.transform(html);
}
