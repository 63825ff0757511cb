/**
 * The message catalogs of the dashboard, the hosted login and the share viewer: every
 * key in English, Korean and Japanese, none empty, the same {placeholders} in each; every
 * key a static page names (data-i18n, data-i18n-attr) is in its catalog; and the
 * language negotiation from the browser's languages (its Accept-Language).
 */
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { LANGUAGES, negotiateLanguage, type Catalog } from "../../embedded-ui/i18n";
import { dashboardCatalog, dashboardCatalogParts } from "../../embedded-ui/dashboard/locales/index";
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

/** Text a dashboard file shows as a literal: JSX text and the wording props, which should come from the catalog. */
function literalWords(source: string): string[] {
  const text = [...source.matchAll(/(?<!=)>([^<>{}=;()]*[A-Za-z]{2,}[^<>{}=;()]*)</g)].map((m) => m[1]!.trim()).filter(Boolean);
  const props = [...source.matchAll(/\b(?:label|title|placeholder|submitLabel|what|aria-label|hint|alt|kept)="([^"]*[A-Za-z]{2,}[^"]*)"/g)].map((m) => m[0]);
  return [...text, ...props];
}

const DASHBOARD = join(import.meta.dir, "../../embedded-ui/dashboard");
const DASHBOARD_FILES = [...readdirSync(join(DASHBOARD, "pages")).map((file) => `pages/${file}`), "components.tsx", "app.tsx"];
/** Files whose words are not yet in the catalog: they speak English in every language. */
const STILL_ENGLISH = new Set<string>([
  "pages/analytics.tsx",
  "pages/teams.tsx",
  "pages/home.tsx",
  "pages/members.tsx",
  "pages/overview.tsx",
  "pages/meeting.tsx",
  "pages/org-chart.tsx",
  "pages/roles.tsx",
  "pages/lifecycle.tsx",
  "pages/badges.tsx",
  "pages/meetings.tsx",
  "pages/board.tsx",
  "pages/service-accounts.tsx",
  "pages/account.tsx",
  "pages/approvals.tsx",
  "pages/mailbox.tsx",
  "pages/invite.tsx",
  "pages/audit-history.tsx",
]);

describe("dashboard pages speak from the catalog", () => {
  test("no key is defined by two parts of the dashboard's catalog", () => {
    const seen = new Map<string, number>();
    for (const part of dashboardCatalogParts) for (const key of Object.keys(part.en)) seen.set(key, (seen.get(key) ?? 0) + 1);
    expect([...seen].filter(([, count]) => count > 1)).toEqual([]);
  });

  for (const file of DASHBOARD_FILES) {
    const words = literalWords(readFileSync(join(DASHBOARD, file), "utf8"));
    if (STILL_ENGLISH.has(file)) test(`${file}: still English (listed until translated)`, () => expect(words.length).toBeGreaterThan(0));
    else test(`${file}: no literal words outside the catalog`, () => expect(words).toEqual([]));
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
