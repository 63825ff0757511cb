/**
 * The pages the server sends (the dashboard and its server-rendered sign-in pages, the
 * hosted login, the share viewer) arrive in
 * the request's language: the switcher's cookie, else Accept-Language, else English;
 * `<html lang>`, the static pages' marked words, Content-Language and Vary.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { createTestApp, type TestApp } from "../support/harness";
import { createFixture, type Fixture } from "../modules/customers/end-users/flows-support";

setDefaultTimeout(60_000);

let t: TestApp;
let fx: Fixture;
beforeAll(async () => {
  t = await createTestApp();
  fx = await createFixture(t, "owner@lang.example", "Lang Co");
});
afterAll(() => t.close());

const page = (path: string, headers: Record<string, string> = {}) => t.request("GET", path, { headers });
const langOf = (html: string) => /<html[^>]*\slang="([^"]+)"/.exec(html)?.[1];

describe("pages in the request's language", () => {
  test("Accept-Language ko-KR: every page is Korean, says so, and varies by the header", async () => {
    for (const path of ["/", "/orgs/acme/files", `/login/${fx.clientKey}`, "/f/some-share-token"]) {
      const r = await page(path, { "accept-language": "ko-KR,ko;q=0.9,en-US;q=0.8" });
      expect({ path, status: r.status, lang: langOf(r.text) }).toEqual({ path, status: 200, lang: "ko" });
      expect(r.headers.get("content-language")).toBe("ko");
      expect(r.headers.get("vary")).toContain("Accept-Language");
      expect(r.headers.get("content-type")).toContain("text/html");
    }
  });

  test("the hosted login's static words are already translated, attributes included", async () => {
    const ko = await page(`/login/${fx.clientKey}`, { "accept-language": "ko" });
    expect(ko.text).toContain(">불러오는 중…</p>");
    expect(ko.text).toContain(">로그인 링크를 이메일로 받기</button>");
    expect(ko.text).toContain('aria-label="로그인 방법"');
    expect(ko.text).toContain("<title data-i18n=\"signIn\">로그인</title>");
    expect(ko.text).not.toContain("E-mail me a sign-in link");
    const ja = await page(`/login/${fx.clientKey}/verify`, { "accept-language": "ja-JP" });
    expect(langOf(ja.text)).toBe("ja");
    expect(ja.text).toContain(">サインインリンクをメールで受け取る</button>");
    // The state the page's script reads is left as the server wrote it.
    expect(ja.text).toContain(`&quot;appKey&quot;:&quot;${fx.clientKey}&quot;`);
  });

  test("an unknown application's not-found page is translated too (404)", async () => {
    const r = await page("/login/no-such-app", { "accept-language": "ja" });
    expect(r.status).toBe(404);
    expect(langOf(r.text)).toBe("ja");
    expect(r.headers.get("content-language")).toBe("ja");
    expect(r.text).toContain("このサインインページは存在しません。");
  });

  test("the share viewer's words in Japanese", async () => {
    const r = await page("/f/some-share-token", { "accept-language": "ja" });
    expect(r.text).toContain(">共有ファイルを開いています…</p>");
    expect(r.text).toContain(">ダウンロード</a>");
  });

  test("weights decide, not order; q=0 refuses a language", async () => {
    expect(langOf((await page("/", { "accept-language": "en;q=0.2, ja;q=0.9, ko;q=0.5" })).text)).toBe("ja");
    expect(langOf((await page("/", { "accept-language": "ko;q=0, ja;q=0.1" })).text)).toBe("ja");
  });

  test("the switcher's cookie wins over Accept-Language; a cookie naming no language Signet speaks is ignored", async () => {
    const chosen = await page(`/login/${fx.clientKey}`, { "accept-language": "ko-KR", cookie: "other=1; signet_lang=ja" });
    expect(langOf(chosen.text)).toBe("ja");
    expect(chosen.headers.get("vary")).toContain("Cookie");
    const bogus = await page("/", { "accept-language": "ko-KR", cookie: "signet_lang=<script>" });
    expect(langOf(bogus.text)).toBe("ko");
  });

  test("the dashboard's server-rendered sign-in pages: the form, the inbox page and a bad link's page", async () => {
    const form = await page("/login", { "accept-language": "ko-KR" });
    expect({ status: form.status, lang: langOf(form.text), language: form.headers.get("content-language") }).toEqual({ status: 200, lang: "ko", language: "ko" });
    expect(form.text).toContain("<h1>Signet에 로그인</h1>");
    expect(form.text).toContain(">로그인 링크를 이메일로 받기</button>");
    // The passkey script's message is a JSON string in the page's language.
    expect(form.text).toContain('"패스키로 로그인하지 못했습니다. 대신 이메일 링크를 사용해 주세요."');
    const sent = await t.request("POST", "/login", {
      body: new URLSearchParams({ email: "reader@lang.example" }),
      headers: { "content-type": "application/x-www-form-urlencoded", "accept-language": "ja" },
    });
    expect(sent.status).toBe(200);
    expect(langOf(sent.text)).toBe("ja");
    expect(sent.text).toContain("<strong>reader@lang.example</strong> にサインインリンクを送信しました。1 回だけ使え、15 分で期限切れになります。");
    const refused = await t.request("POST", "/login", {
      body: new URLSearchParams({ email: "<b>not-an-address" }),
      headers: { "content-type": "application/x-www-form-urlencoded", "accept-language": "ko" },
    });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('<p class="error" role="alert">올바른 이메일 주소를 입력해 주세요.</p>');
    expect(refused.text).not.toContain("<b>not-an-address");
    const bad = await page("/api/auth/magic-link/verify?token=nope", { cookie: "signet_lang=ja" });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain("<h1>このリンクではサインインできません</h1>");
    expect(bad.headers.get("content-language")).toBe("ja");
  });

  test("no header, a language Signet does not speak, or garbage: English", async () => {
    for (const headers of [{}, { "accept-language": "de-DE,fr;q=0.8" }, { "accept-language": ";;;,q=abc,*" }] as Record<string, string>[]) {
      const r = await page(`/login/${fx.clientKey}`, headers);
      expect(r.status).toBe(200);
      expect(langOf(r.text)).toBe("en");
      expect(r.headers.get("content-language")).toBe("en");
      expect(r.text).toContain(">E-mail me a sign-in link</button>");
    }
  });
});
