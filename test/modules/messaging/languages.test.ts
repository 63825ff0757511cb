/**
 * Mails in the recipient's language (docs/languages.md), read from the outbox: an end
 * user's sign-in link in the language of the hosted login's request, a dashboard sign-in
 * link in the account's chosen language (PATCH /api/auth/account) or the request's,
 * invitations and organization codes in the recipient's, the organization's or the
 * sender's, an end user's SMS code in the language of the request that asked for it; a
 * language Signet does not speak falls back to English.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { eq } from "drizzle-orm";
import { users } from "../../../src/modules/identity/schema";
import { createOrg, signInAs, type TestOrg } from "../../support/accounts";
import { createTestApp, type TestApp } from "../../support/harness";
import { createFixture, mailsTo, type Fixture } from "../customers/end-users/flows-support";
import { createMfaFixture, recordingGateway } from "../customers/end-users/mfa/support";

setDefaultTimeout(60_000);

let t: TestApp;
let fx: Fixture;
let org: TestOrg;
beforeAll(async () => {
  t = await createTestApp();
  fx = await createFixture(t, "owner@mail-lang.example", "Hangul Co");
  org = await createOrg(t, "admin@org-lang.example", "Lang Org");
});
afterAll(() => t.close());

const newest = async (to: string) => {
  const [mail] = await mailsTo(t, to);
  if (!mail) throw new Error(`no mail to ${to}`);
  return mail;
};

describe("an end user's magic link", () => {
  test("Accept-Language ko-KR: the mail is Korean, and its link signs in", async () => {
    const r = await fx.call("POST", "/auth/magic-link/send", { email: "minji@example.kr" }, { "accept-language": "ko-KR,ko;q=0.9,en;q=0.5" });
    expect(r.status).toBe(200);
    const mail = await newest("minji@example.kr");
    expect(mail.subject).toBe("Hangul Co brand 로그인");
    expect(mail.text).toContain("아래 링크를 열어 Hangul Co brand에 로그인하세요");
    expect(mail.text).toContain("15분 후에 만료됩니다");
    expect(mail.text).not.toContain("Open this link");
    const token = new URL(mail.links.find((l) => l.includes("token="))!).searchParams.get("token");
    expect((await fx.call("POST", "/auth/magic-link/verify", { token })).status).toBe(200);
  });

  test("the hosted login's switcher cookie wins over Accept-Language: Japanese", async () => {
    await fx.call("POST", "/auth/magic-link/send", { email: "haruto@example.jp" }, { "accept-language": "ko-KR", cookie: "signet_lang=ja" });
    const mail = await newest("haruto@example.jp");
    expect(mail.subject).toBe("Hangul Co brand へのサインイン");
    expect(mail.text).toContain("15 分で期限切れになります");
  });

  test("a language Signet does not speak, or none: English", async () => {
    for (const [email, headers] of [
      ["pierre@example.fr", { "accept-language": "fr-FR,de;q=0.5" }],
      ["nobody@example.com", {}],
      ["bogus@example.com", { "accept-language": "ko;q=0", cookie: "signet_lang=xx" }],
    ] as const) {
      await fx.call("POST", "/auth/magic-link/send", { email }, headers);
      const mail = await newest(email);
      expect({ email, subject: mail.subject }).toEqual({ email, subject: "Sign in to Hangul Co brand" });
      expect(mail.text).toContain("It works once and expires in 15 minutes.");
    }
  });
});

describe("a dashboard account's language", () => {
  const send = (email: string, headers: Record<string, string>) => t.request("POST", "/api/auth/magic-link/send", { json: { email }, headers });

  test("without a choice, the sign-in link follows the request", async () => {
    expect((await send("new.person@lang.example", { "accept-language": "ja" })).status).toBe(202);
    expect((await newest("new.person@lang.example")).subject).toBe("Signet へのサインイン");
  });

  test("PATCH /api/auth/account keeps the switcher's choice; mails to the account use it whatever the request asks", async () => {
    const person = await signInAs(t, "chosen@lang.example");
    expect((await t.request("GET", "/api/auth/session", { token: person.token })).body.user.language).toBeNull();
    const r = await t.request("PATCH", "/api/auth/account", { token: person.token, json: { language: "ko" } });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ language: "ko" });
    expect((await t.request("GET", "/api/auth/session", { token: person.token })).body.user).toEqual({ id: person.userId, email: person.email, language: "ko" });
    await send("chosen@lang.example", { "accept-language": "ja" });
    const mail = await newest("chosen@lang.example");
    expect(mail.subject).toBe("Signet 로그인");
    expect(mail.text).toContain("아래 링크를 열어 Signet에 로그인하세요");
    // null forgets the choice: the request decides again.
    expect((await t.request("PATCH", "/api/auth/account", { token: person.token, json: { language: null } })).body).toEqual({ language: null });
    await send("chosen@lang.example", { "accept-language": "ja" });
    expect((await newest("chosen@lang.example")).subject).toBe("Signet へのサインイン");
  });

  test("bad input is refused and changes nothing; without a session, 401", async () => {
    const person = await signInAs(t, "careful@lang.example");
    await t.request("PATCH", "/api/auth/account", { token: person.token, json: { language: "ja" } });
    const bad: [Record<string, unknown>, number, string, string | undefined][] = [
      [{ json: { language: "fr" } }, 400, "invalid_request", "language"],
      [{ json: { language: "KO" } }, 400, "invalid_request", "language"],
      [{ json: { language: 1 } }, 400, "invalid_request", "language"],
      [{ json: {} }, 400, "invalid_request", "language"],
      [{ json: { language: "ko", displayName: "x" } }, 400, "invalid_request", "displayName"],
      [{ body: '{"language":', headers: { "content-type": "application/json" } }, 400, "invalid_json", undefined],
      [{ json: { language: "ko".repeat(600_000) } }, 413, "payload_too_large", undefined],
    ];
    for (const [options, status, error, field] of bad) {
      const r = await t.request("PATCH", "/api/auth/account", { token: person.token, ...options });
      expect({ status: r.status, error: r.body.error, field: r.body.field }).toEqual({ status, error, field });
    }
    expect((await t.request("PATCH", "/api/auth/account", { json: { language: "ko" } })).status).toBe(401);
    const [row] = await t.ctx.db.read.select({ language: users.language }).from(users).where(eq(users.id, person.userId));
    expect(row!.language).toBe("ja");
  });
});

describe("an organization's mails", () => {
  const invite = (email: string, headers: Record<string, string> = {}) =>
    t.request("POST", `/api/org/${org.slug}/invitations`, { token: org.owner.token, json: { email, role: "member" }, headers });
  const setLocale = async (locale: string | null) => {
    const r = await t.request("PUT", `/api/org/${org.slug}/settings/general`, { token: org.owner.token, json: { name: "Lang Org", ...(locale ? { locale } : {}) } });
    expect(r.status).toBe(200);
  };

  test("an invitation: the organization's locale when the invitee has no language of their own", async () => {
    await setLocale("ko-KR");
    expect((await invite("invitee.ko@lang.example", { "accept-language": "ja" })).status).toBe(201);
    const mail = await newest("invitee.ko@lang.example");
    expect(mail.subject).toBe("Lang Org에 초대되었습니다");
    expect(mail.text).toContain("admin@org-lang.example 님이 Lang Org에 Member(으)로 초대했습니다.");
    expect(mail.links.some((l) => l.includes("/invite/"))).toBe(true);
  });

  test("an invitee with an account that chose Japanese gets Japanese, whatever the organization's locale", async () => {
    const invitee = await signInAs(t, "invitee.ja@lang.example");
    await t.request("PATCH", "/api/auth/account", { token: invitee.token, json: { language: "ja" } });
    await invite("invitee.ja@lang.example");
    expect((await newest("invitee.ja@lang.example")).subject).toBe("Lang Org への招待");
  });

  test("no locale and no choice: the inviter's request; a locale Signet does not speak falls through to it", async () => {
    await setLocale(null);
    await invite("invitee.req@lang.example", { "accept-language": "ja-JP" });
    expect((await newest("invitee.req@lang.example")).subject).toBe("Lang Org への招待");
    await setLocale("fr-FR");
    await invite("invitee.en@lang.example", { "accept-language": "de" });
    expect((await newest("invitee.en@lang.example")).subject).toBe("You are invited to join Lang Org");
  });

  test("a notice to the owner: the organization's locale, unless the owner chose a language", async () => {
    await setLocale("ko-KR");
    const created = await t.request("POST", `/api/org/${org.slug}/app-groups`, { token: org.owner.token, json: { orgId: org.orgId, name: "Seoul Shop" } });
    expect(created.status).toBe(201);
    const korean = await newest(org.owner.email);
    expect(korean.subject).toBe("Lang Org에 새 앱 그룹 “Seoul Shop”이(가) 만들어졌습니다");
    expect(korean.text).toContain(`/app-groups/${created.body.id}`);
    await t.request("PATCH", "/api/auth/account", { token: org.owner.token, json: { language: "ja" } });
    await t.request("POST", `/api/org/${org.slug}/app-groups`, { token: org.owner.token, json: { orgId: org.orgId, name: "Tokyo Shop" } });
    expect((await newest(org.owner.email)).subject).toBe("Lang Org に新しいアプリグループ「Tokyo Shop」");
    await t.request("PATCH", "/api/auth/account", { token: org.owner.token, json: { language: null } });
  });

  test("the organization's e-mail code in the organization's locale", async () => {
    await setLocale("ja");
    const r = await t.request("POST", `/api/org/${org.slug}/otp/email/send`, { token: org.owner.token, json: { email: "ops@org-lang.example" } });
    expect(r.status).toBe(200);
    const mail = await newest("ops@org-lang.example");
    expect(mail.subject).toBe("Signet の確認コード");
    expect(mail.text).toMatch(/確認コードは \d{6} です。10 分で期限切れになります。/);
    expect(mail.text).toContain("組織「Lang Org」");
  });
});

describe("an end user's texted sign-in code", () => {
  test("in the language of the request that asks for it: Korean, Japanese by the cookie, else English", async () => {
    const gateway = recordingGateway();
    const sms = await createTestApp({ sms: gateway.sender });
    try {
      const fixture = await createMfaFixture(sms, "owner@sms-lang.example", "Sms Lang", "required");
      const cases: { email: string; phone: string; headers: Record<string, string>; text: RegExp }[] = [
        { email: "a@sms-lang.example", phone: "+821055550001", headers: { "accept-language": "ko-KR" }, text: /^로그인 코드는 \d{6}입니다\. 10분 후에 만료됩니다\.$/ },
        { email: "b@sms-lang.example", phone: "+821055550002", headers: { "accept-language": "ko", cookie: "signet_lang=ja" }, text: /^サインインコードは \d{6} です。10 分で期限切れになります。$/ },
        { email: "c@sms-lang.example", phone: "+821055550003", headers: { "accept-language": "fr" }, text: /^\d{6} is your sign-in code\. It expires in 10 minutes\.$/ },
      ];
      for (const { email, phone, headers, text } of cases) {
        const held = await fixture.signIn(email);
        expect(held).toMatchObject({ mfaRequired: true, mode: "enroll" });
        const sent = await fixture.call("POST", "/auth/mfa/enroll/send", { mfaToken: held.mfaToken, phone }, headers);
        expect(sent.status).toBe(200);
        expect({ phone, text: gateway.texts.at(-1)!.text }).toEqual({ phone, text: expect.stringMatching(text) });
        // The code in any language is the code: it completes the sign-in.
        expect((await fixture.mfa("verify", { mfaToken: held.mfaToken, code: gateway.lastCode(phone) })).status).toBe(200);
      }
    } finally {
      await sms.close();
    }
  });
});
