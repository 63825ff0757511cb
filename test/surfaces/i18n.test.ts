/**
 * The message catalogs of the dashboard, the hosted login and the share viewer: every
 * key in English, Korean and Japanese, none empty, the same {placeholders} in each; every
 * key a static page names (data-i18n, data-i18n-attr) is in its catalog; and the
 * language negotiation from the browser's languages (its Accept-Language).
 */
import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { LANGUAGES, negotiateLanguage, type Catalog } from "../../embedded-ui/i18n";
import { dashboardCatalog } from "../../embedded-ui/dashboard/locales";
import { loginCatalog } from "../../embedded-ui/locales/login";
import { shareCatalog } from "../../embedded-ui/locales/share";

const CATALOGS: [string, Catalog][] = [
  ["dashboard", dashboardCatalog],
  ["hosted login", loginCatalog],
  ["share viewer", shareCatalog],
];

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe("message catalogs", () => {
  for (const [surface, catalog] of CATALOGS) {
    test(`${surface}: every key in all three languages, none empty, with the same placeholders`, () => {
      const keys = Object.keys(catalog.en).sort();
      expect(keys.length).toBeGreaterThan(5);
      for (const language of LANGUAGES) {
        expect({ language, keys: Object.keys(catalog[language]).sort() }).toEqual({ language, keys });
        for (const key of keys) {
          const text = catalog[language][key]!;
          expect({ language, key, empty: text.trim() === "" }).toEqual({ language, key, empty: false });
          expect({ language, key, placeholders: placeholders(text) }).toEqual({ language, key, placeholders: placeholders(catalog.en[key]!) });
        }
      }
      // Korean and Japanese are translations, not copies of the English.
      for (const language of ["ko", "ja"] as const) expect(keys.filter((k) => catalog[language][k] === catalog.en[k])).toEqual([]);
    });
  }

  for (const [page, catalog] of [
    ["login.html", loginCatalog],
    ["share.html", shareCatalog],
  ] as const) {
    test(`${page}: every key the page names is in its catalog`, async () => {
      const html = await Bun.file(join(import.meta.dir, "../../embedded-ui", page)).text();
      const named = [...html.matchAll(/data-i18n="([^"]+)"/g)].map((m) => m[1]!);
      for (const attr of html.matchAll(/data-i18n-attr="([^"]+)"/g)) named.push(...attr[1]!.split(/\s+/).map((pair) => pair.split(":")[1]!));
      expect(named.length).toBeGreaterThan(1);
      expect(named.filter((key) => !(key in catalog.en))).toEqual([]);
    });
  }
});

describe("choosing the language", () => {
  test("the first of the browser's languages Signet speaks, by primary subtag; else English", () => {
    expect(negotiateLanguage(["ko-KR", "en-US"])).toBe("ko");
    expect(negotiateLanguage(["fr-FR", "ja", "en"])).toBe("ja");
    expect(negotiateLanguage(["JA_jp"])).toBe("ja");
    expect(negotiateLanguage(["de", "fr"])).toBe("en");
    expect(negotiateLanguage([])).toBe("en");
  });
});
