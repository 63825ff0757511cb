/**
 * The compiled binary, from an empty directory, speaks the request's language: its pages
 * arrive with <html lang> and their static words in it, and an end user's sign-in mail and
 * a dashboard account's mail are in Korean or Japanese as asked (read from the dev outbox).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { TestApp } from "../support/harness";
import { requestOverSocket, startBinary, type RunningBinary } from "./support";

const ORIGIN = "https://shop.languages.example";

let server: RunningBinary;
let request: TestApp["request"];
let bootstrap: { slug: string; sessionToken: string };
let clientKey: string;

beforeAll(async () => {
  server = await startBinary({ dev: true, baseHost: "localhost" });
  request = requestOverSocket(server);
  const r = await server.cli(["admin", "bootstrap", "--email", "operator@languages.example", "--org", "Hangul Shop"]);
  if (r.code !== 0) throw new Error(`bootstrap: ${r.stderr}`);
  bootstrap = JSON.parse(r.stdout);
  const group = await request("POST", `/api/org/${bootstrap.slug}/app-groups`, { token: bootstrap.sessionToken, json: { name: "Shop" } });
  if (group.status !== 201) throw new Error(`app group: ${group.status} ${group.text}`);
  const application = group.body.applications[0];
  const updated = await request("PUT", `/api/org/${bootstrap.slug}/applications/${application.id}`, {
    token: bootstrap.sessionToken,
    json: { allowedOrigins: [ORIGIN], callbackUrls: [`${ORIGIN}/cb`] },
  });
  if (updated.status !== 200) throw new Error(`application: ${updated.status} ${updated.text}`);
  clientKey = application.clientKey;
}, 120_000);

afterAll(() => server?.stop());

const langOf = (html: string) => /<html[^>]*\slang="([^"]+)"/.exec(html)?.[1];

async function newestMail(to: string): Promise<{ subject: string | null; text: string }> {
  const r = await server.fetch(`/api/dev/outbox?to=${encodeURIComponent(to)}&limit=1`);
  const { messages } = (await r.json()) as { messages: Array<{ subject: string | null; text: string }> };
  if (!messages[0]) throw new Error(`no mail to ${to}`);
  return messages[0];
}

describe("languages in the binary", () => {
  test("Accept-Language ko-KR: the dashboard, its sign-in page, the hosted login and the share viewer arrive in Korean", async () => {
    for (const path of ["/", "/login", `/login/${clientKey}`, "/f/some-share-token"]) {
      const r = await server.fetch(path, { headers: { "accept-language": "ko-KR,ko;q=0.9,en;q=0.8" } });
      const html = await r.text();
      expect({ path, status: r.status, lang: langOf(html) }).toEqual({ path, status: 200, lang: "ko" });
      expect(r.headers.get("content-language")).toBe("ko");
      expect(r.headers.get("vary")).toContain("Accept-Language");
    }
    const login = await (await server.fetch(`/login/${clientKey}`, { headers: { "accept-language": "ko-KR" } })).text();
    expect(login).toContain(">로그인 링크를 이메일로 받기</button>");
    const share = await (await server.fetch("/f/some-share-token", { headers: { "accept-language": "ja" } })).text();
    expect(share).toContain(">共有ファイルを開いています…</p>");
  });

  test("no Accept-Language, or one Signet does not speak: English", async () => {
    for (const headers of [{}, { "accept-language": "fr-FR" }] as Record<string, string>[]) {
      const r = await server.fetch(`/login/${clientKey}`, { headers });
      expect(langOf(await r.text())).toBe("en");
    }
  });

  test("a Korean end user's magic link mail is Korean; a French one's is English", async () => {
    const send = (email: string, language: string) =>
      request("POST", `/api/public/apps/${clientKey}/auth/magic-link/send`, { json: { email }, headers: { origin: ORIGIN, "accept-language": language } });
    expect((await send("minji@languages.example", "ko-KR")).status).toBe(200);
    const korean = await newestMail("minji@languages.example");
    expect(korean.subject).toBe("Shop 로그인");
    expect(korean.text).toContain("아래 링크를 열어 Shop에 로그인하세요");
    expect((await send("pierre@languages.example", "fr-FR")).status).toBe(200);
    expect((await newestMail("pierre@languages.example")).subject).toBe("Sign in to Shop");
  });

  test("a dashboard account that chose Japanese gets its sign-in link in Japanese", async () => {
    const chosen = await request("PATCH", "/api/auth/account", { token: bootstrap.sessionToken, json: { language: "ja" } });
    expect(chosen.status).toBe(200);
    await request("POST", "/api/auth/magic-link/send", { json: { email: "operator@languages.example" }, headers: { "accept-language": "ko" } });
    expect((await newestMail("operator@languages.example")).subject).toBe("Signet へのサインイン");
  });
});
