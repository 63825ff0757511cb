/**
 * The message catalogs of the dashboard, the hosted login, the share viewer and the mails
 * and texts messaging words (src/modules/messaging/locales/): every
 * key in English, Korean and Japanese, none empty, the same {placeholders} in each; every
 * key a static page names (data-i18n, data-i18n-attr) is in its catalog; and the
 * language negotiation from the browser's languages (its Accept-Language), shared by the
 * pages and the server.
 */
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { acceptedLanguages, LANGUAGES, negotiateLanguage, requestLanguage, type Catalog } from "../../src/platform/languages";
import { dashboardCatalog, dashboardCatalogParts } from "../../embedded-ui/dashboard/locales/index";
import { loginCatalog } from "../../embedded-ui/locales/login";
import { shareCatalog } from "../../embedded-ui/locales/share";
import { MESSAGE_TEMPLATES } from "../../src/modules/messaging/index";
import { pageWords } from "../../src/modules/identity/page-words";

const CATALOGS: [string, Catalog][] = [
  ["dashboard", dashboardCatalog],
  ["hosted login", loginCatalog],
  ["share viewer", shareCatalog],
  ["dashboard sign-in pages (server-rendered)", pageWords],
];

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

/** Every key in all three languages, none empty, the same placeholders; Korean and Japanese translated, not copied. */
function expectComplete(catalog: Catalog, minimumKeys: number): void {
  const keys = Object.keys(catalog.en).sort();
  expect(keys.length).toBeGreaterThanOrEqual(minimumKeys);
  for (const language of LANGUAGES) {
    expect({ language, keys: Object.keys(catalog[language]).sort() }).toEqual({ language, keys });
    for (const key of keys) {
      const text = catalog[language][key]!;
      expect({ language, key, empty: text.trim() === "" }).toEqual({ language, key, empty: false });
      expect({ language, key, placeholders: placeholders(text) }).toEqual({ language, key, placeholders: placeholders(catalog.en[key]!) });
    }
  }
  for (const language of ["ko", "ja"] as const) expect(keys.filter((k) => catalog[language][k] === catalog.en[k])).toEqual([]);
}

describe("message catalogs", () => {
  for (const [surface, catalog] of CATALOGS) {
    test(`${surface}: every key in all three languages, none empty, with the same placeholders`, () => expectComplete(catalog, 6));
  }

  test("messaging: every mail and text template in all three languages, with the same placeholders", () => {
    const templates = Object.entries(MESSAGE_TEMPLATES);
    expect(templates.length).toBeGreaterThan(5);
    for (const [name, catalog] of templates) {
      expect({ name, worded: "subject" in catalog.en || "text" in catalog.en }).toEqual({ name, worded: true });
      expectComplete(catalog, 1);
    }
  });

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

/** Text a dashboard file shows as a literal: JSX text and the wording props, which should come from the catalog. */
function literalWords(source: string): string[] {
  const text = [...source.matchAll(/(?<!=)>([^<>{}=;()]*[A-Za-z]{2,}[^<>{}=;()]*)</g)].map((m) => m[1]!.trim()).filter(Boolean);
  const props = [...source.matchAll(/\b(?:label|title|placeholder|submitLabel|what|aria-label|hint|alt|kept)="([^"]*[A-Za-z]{2,}[^"]*)"/g)].map((m) => m[0]);
  return [...text, ...props];
}

const DASHBOARD = join(import.meta.dir, "../../embedded-ui/dashboard");
const DASHBOARD_FILES = [...readdirSync(join(DASHBOARD, "pages")).map((file) => `pages/${file}`), "components.tsx", "app.tsx"];
describe("dashboard pages speak from the catalog", () => {
  test("no key is defined by two parts of the dashboard's catalog", () => {
    const seen = new Map<string, number>();
    for (const part of dashboardCatalogParts) for (const key of Object.keys(part.en)) seen.set(key, (seen.get(key) ?? 0) + 1);
    expect([...seen].filter(([, count]) => count > 1)).toEqual([]);
  });

  for (const file of DASHBOARD_FILES) {
    const words = literalWords(readFileSync(join(DASHBOARD, file), "utf8"));
    test(`${file}: no literal words outside the catalog`, () => expect(words).toEqual([]));
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

  test("Accept-Language read by weight (RFC 9110): ties keep their order, q=0 and * name nothing", () => {
    expect(acceptedLanguages("ko-KR,ko;q=0.9,en-US;q=0.8,en;q=0.7")).toEqual(["ko-KR", "ko", "en-US", "en"]);
    expect(acceptedLanguages("en;q=0.3, ja;q=0.8, fr, ko;q=0.8")).toEqual(["fr", "ja", "ko", "en"]);
    expect(acceptedLanguages("ko;q=0, *;q=0.5, ja;Q=0.1")).toEqual(["ja"]);
    expect(acceptedLanguages("ko;q=abc")).toEqual([]);
    expect(acceptedLanguages("")).toEqual([]);
    expect(acceptedLanguages(null)).toEqual([]);
  });

  test("a request: the switcher's cookie, else Accept-Language, else English", () => {
    const headers = (values: Record<string, string>) => new Headers(values);
    expect(requestLanguage(headers({ cookie: "a=b; signet_lang=ja", "accept-language": "ko" }))).toBe("ja");
    expect(requestLanguage(headers({ cookie: "signet_lang=fr", "accept-language": "ko" }))).toBe("ko");
    expect(requestLanguage(headers({ "accept-language": "de, ja;q=0.5" }))).toBe("ja");
    expect(requestLanguage(headers({}))).toBe("en");
  });
});
