/**
 * The Korean package (spec 4.4; docs/commerce.md): the KRW billing key through a fake
 * Toss Payments, business and address lookups with §8's daily limits counted in the
 * database, the Popbill membership, each app group's Kakao channel (link, change, unlink,
 * member, popups, the appgroup.kakao.* events), verification codes as alimtalk with SMS
 * fallback through the MFA flow, and the legal business record for clients in Korea.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { commerceKoreanPackage, commerceLookupCounts } from "../../../src/modules/commerce/schema";
import { validBusinessNumber } from "../../../src/modules/commerce/korean";
import { endUserMfaCodes } from "../../../src/modules/customers/end-users/schema";
import { addMember, createAppGroup, createOrg, type TestOrg } from "../../support/accounts";
import { createTestApp, type TestApp } from "../../support/harness";
import { createMfaFixture, recordingGateway, SETUP_TIMEOUT_MS } from "../customers/end-users/mfa/support";
import { type FakePeers, startFakePeers } from "./fake-peers";
import { eventsOf, groupApi, orgApi } from "./support";

// Valid check digits (the NTS rule): 123-45-67891 and 220-81-62517.
const ACTIVE = "1234567891";
const SAMSUNG = "2208162517";

let t: TestApp;
let peers: FakePeers;
const sms = recordingGateway();
beforeAll(async () => {
  peers = startFakePeers();
  t = await createTestApp({ env: { ...peers.env(), SIGNET_COUNTRY_HEADER: "cf-ipcountry", SIGNET_LEGAL_BUSINESS_INFO: JSON.stringify({ companyName: "Signet Korea", address: "서울특별시 중구 세종대로 110" }) }, sms: sms.sender });
}, SETUP_TIMEOUT_MS);
afterAll(async () => {
  await t.close();
  peers.close();
});

async function linkPopbill(org: TestOrg) {
  const r = await orgApi(t, org, "POST", "/korean-package/popbill-member", { corpNum: "123-45-67891", corpName: "Acme", ceoName: "Kim", userId: "acmeadmin", contactEmail: "ops@acme.test" });
  expect(r.status).toBe(200);
  return r.body;
}

describe("business and address lookups", () => {
  test("the check digit", () => {
    expect(validBusinessNumber(ACTIVE)).toBe(true);
    expect(validBusinessNumber(SAMSUNG)).toBe(true);
    for (const bad of ["1234567890", "220816251", "22081625170", "abcdefghij", ""]) expect(validBusinessNumber(bad)).toBe(false);
  });

  test("statuses from the NTS; a bad check digit is 400 and spends nothing; 30 a day, then 429 with Retry-After until the next UTC day", async () => {
    const org = await createOrg(t, "owner@lookup.test", "Lookup");
    peers.businesses.set(ACTIVE, "01");
    peers.businesses.set(SAMSUNG, "03");
    const first = await orgApi(t, org, "GET", `/billing/business-lookup?number=123-45-67891`);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ number: ACTIVE, status: "active", taxType: "부가가치세 일반과세자", closedOn: null, remainingToday: 29 });
    expect((await orgApi(t, org, "GET", `/billing/business-lookup?number=${SAMSUNG}`)).body).toMatchObject({ status: "closed", closedOn: "20240101", remainingToday: 28 });
    const asked = peers.requests.filter((r) => r.path.startsWith("/api/nts-businessman")).length;
    const bad = await orgApi(t, org, "GET", "/billing/business-lookup?number=1234567890");
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe("invalid_business_number");
    expect((await orgApi(t, org, "GET", "/billing/business-lookup?number=")).status).toBe(400);
    expect(peers.requests.filter((r) => r.path.startsWith("/api/nts-businessman")).length).toBe(asked);
    // A provider failure gives the lookup back.
    peers.failNext("/api/nts-businessman", 500, "SERVER_ERROR");
    expect((await orgApi(t, org, "GET", `/billing/business-lookup?number=${ACTIVE}`)).body.error).toBe("provider_failed");
    for (let i = 0; i < 28; i++) expect((await orgApi(t, org, "GET", `/billing/business-lookup?number=${ACTIVE}`)).status).toBe(200);
    const over = await orgApi(t, org, "GET", `/billing/business-lookup?number=${ACTIVE}`);
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ error: "lookup_limit_reached", kind: "business", limit: 30 });
    // The test clock is 12:00 UTC: twelve hours to the next day.
    expect(over.headers.get("retry-after")).toBe(String(12 * 3600));
    const [count] = await t.ctx.db.read.select().from(commerceLookupCounts).where(eq(commerceLookupCounts.orgId, org.orgId));
    expect(count!.used).toBe(30);
    // Another organization has its own 30; tomorrow this one has 30 again.
    const other = await createOrg(t, "owner@lookup-other.test", "LookupOther");
    expect((await orgApi(t, other, "GET", `/billing/business-lookup?number=${ACTIVE}`)).body.remainingToday).toBe(29);
    t.clock.advance(12 * 3600_000);
    expect((await orgApi(t, org, "GET", `/billing/business-lookup?number=${ACTIVE}`)).body.remainingToday).toBe(29);
  });

  test("parallel lookups never pass the limit", async () => {
    const org = await createOrg(t, "owner@lookup-race.test", "LookupRace");
    const answers = await Promise.all(Array.from({ length: 40 }, () => orgApi(t, org, "GET", `/billing/business-lookup?number=${ACTIVE}`)));
    expect(answers.filter((a) => a.status === 200).length).toBe(30);
    expect(answers.filter((a) => a.status === 429).length).toBe(10);
  });

  test("address search: hits from juso, 400 for special characters without spending, 300 a day", async () => {
    const org = await createOrg(t, "owner@address.test", "Address");
    const r = await orgApi(t, org, "GET", `/billing/address-search?q=${encodeURIComponent("세종대로")}`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      query: "세종대로",
      total: 2,
      results: [
        { roadAddress: "세종대로 1", jibunAddress: "세종대로 지번 1", zipCode: "06001", buildingName: "빌딩" },
        { roadAddress: "세종대로 2", jibunAddress: "세종대로 지번 2", zipCode: "06002", buildingName: null },
      ],
      remainingToday: 299,
    });
    expect((await orgApi(t, org, "GET", `/billing/address-search?q=${encodeURIComponent("a' OR 1=1")}`)).body.error).toBe("invalid_query");
    expect((await orgApi(t, org, "GET", "/billing/address-search?q=x")).body.error).toBe("invalid_query");
    await t.ctx.db.write((tx) => tx.update(commerceLookupCounts).set({ used: 300 }).where(eq(commerceLookupCounts.orgId, org.orgId)));
    const over = await orgApi(t, org, "GET", "/billing/address-search?q=main");
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ error: "lookup_limit_reached", kind: "address", limit: 300 });
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  test("lookups are the owner's (view.billing)", async () => {
    const org = await createOrg(t, "owner@lookup-perm.test", "LookupPerm");
    const member = await addMember(t, org, "member@lookup-perm.test", "member");
    expect((await orgApi(t, org, "GET", `/billing/business-lookup?number=${ACTIVE}`, undefined, member.token)).body.error).toBe("PERMISSION_DENIED");
    expect((await orgApi(t, org, "GET", "/billing/address-search?q=main", undefined, member.token)).body.error).toBe("PERMISSION_DENIED");
    expect(await t.ctx.db.read.select().from(commerceLookupCounts).where(eq(commerceLookupCounts.orgId, org.orgId))).toEqual([]);
  });
});

describe("KRW billing key and Popbill", () => {
  test("the billing key is issued with the server's customerKey, sealed and never answered; a refused card changes nothing", async () => {
    const org = await createOrg(t, "owner@krw.test", "Krw");
    const before = (await orgApi(t, org, "GET", "/korean-package")).body;
    expect(before.krwBillingKey).toMatchObject({ registered: false, customerKey: `signet-${org.orgId}` });
    const refused = await orgApi(t, org, "POST", "/billing/krw/billing-key/issue", { authKey: "refused" });
    expect(refused.status).toBe(502);
    expect(refused.body).toMatchObject({ error: "provider_failed", providerCode: "INVALID_CARD" });
    expect(await t.ctx.db.read.select().from(commerceKoreanPackage).where(eq(commerceKoreanPackage.id, org.orgId))).toEqual([]);
    expect((await orgApi(t, org, "POST", "/billing/krw/billing-key/issue", { authKey: "a", customerKey: "someone-else" })).status).toBe(400);

    const issued = await orgApi(t, org, "POST", "/billing/krw/billing-key/issue", { authKey: "auth_from_card_window" });
    expect(issued.status).toBe(200);
    expect(issued.body).toMatchObject({ registered: true, provider: "toss", currency: "KRW", cardCompany: "신한", cardNumberMasked: "4330****1234****" });
    expect(peers.requests.filter((r) => r.path === "/v1/billing/authorizations/issue").at(-1)!.json).toEqual({ authKey: "auth_from_card_window", customerKey: `signet-${org.orgId}` });
    const [row] = await t.ctx.db.read.select().from(commerceKoreanPackage).where(eq(commerceKoreanPackage.id, org.orgId));
    expect(row!.billingKeySealed).not.toContain("billing_fake_");
    expect(JSON.stringify((await orgApi(t, org, "GET", "/korean-package")).body)).not.toContain("billing_fake_");
    const events = await eventsOf(t, org, "org.krw.billing_key_issued");
    expect(events).toHaveLength(1);
    expect(JSON.stringify(events[0])).not.toContain("billing_fake_");
  });

  test("popbill-member links the organization under its business number; a bad number is 400 before Popbill is asked", async () => {
    const org = await createOrg(t, "owner@popbill.test", "Popbill");
    const member = await addMember(t, org, "member@popbill.test", "member");
    const body = { corpNum: "1234567890", corpName: "Acme", ceoName: "Kim", userId: "acmeadmin", contactEmail: "ops@acme.test" };
    expect((await orgApi(t, org, "POST", "/korean-package/popbill-member", body)).body.error).toBe("invalid_business_number");
    expect((await orgApi(t, org, "POST", "/korean-package/popbill-member", { ...body, corpNum: ACTIVE }, member.token)).body.error).toBe("PERMISSION_DENIED");
    expect((await orgApi(t, org, "POST", "/korean-package/popbill-member", { ...body, corpNum: ACTIVE, extra: 1 })).status).toBe(400);
    const linked = await linkPopbill(org);
    expect(linked).toMatchObject({ linked: true, corpNum: ACTIVE, userId: "acmeadmin" });
    expect(peers.requests.filter((r) => r.path === "/Join").at(-1)!.json).toMatchObject({ LinkID: "FAKELINK", CorpNum: ACTIVE, ID: "acmeadmin" });
    expect((await orgApi(t, org, "GET", "/korean-package")).body.popbill).toMatchObject({ linked: true, corpNum: ACTIVE, userId: "acmeadmin" });
  });
});

describe("Kakao channel per app group", () => {
  test("link, change, member, popups and unlink, each audited; Popbill first; another organization's group is 404", async () => {
    const org = await createOrg(t, "owner@kakao.test", "Kakao");
    const group = await createAppGroup(t, org, "Shop");
    const link = { channelId: "@acme", templateCode: "TPL_OTP_1", senderNumber: "02-1234-5678" };
    expect((await groupApi(t, org, group.id, "GET", "/kakao")).body).toMatchObject({ linked: false, channelId: null });
    expect((await groupApi(t, org, group.id, "PUT", "/kakao", link)).body.error).toBe("popbill_not_linked");
    expect((await groupApi(t, org, group.id, "POST", "/kakao/popup/channel", {})).body.error).toBe("popbill_not_linked");
    await linkPopbill(org);
    expect((await groupApi(t, org, group.id, "PUT", "/kakao", { ...link, senderNumber: "12" })).status).toBe(400);
    expect((await groupApi(t, org, group.id, "PUT", "/kakao", { ...link, senderNumber: "1234-5678" })).body.error).toBe("invalid_sender_number");
    expect((await groupApi(t, org, group.id, "PUT", "/kakao", { channelId: "@acme", senderNumber: "0212345678" })).body).toMatchObject({ error: "invalid_request", field: "templateCode" });
    expect((await groupApi(t, org, group.id, "POST", "/kakao/member", { memberId: "manager1" })).body.error).toBe("kakao_not_linked");

    const linked = await groupApi(t, org, group.id, "PUT", "/kakao", link);
    expect(linked.body).toMatchObject({ linked: true, channelId: "@acme", templateCode: "TPL_OTP_1", senderNumber: "0212345678", memberId: null });
    expect((await groupApi(t, org, group.id, "PUT", "/kakao", link)).status).toBe(200);
    expect((await groupApi(t, org, group.id, "PUT", "/kakao", { ...link, templateCode: "TPL_OTP_2" })).body.templateCode).toBe("TPL_OTP_2");
    expect((await groupApi(t, org, group.id, "POST", "/kakao/member", { memberId: "manager1" })).body.memberId).toBe("manager1");
    for (const kind of ["channel", "template", "sender"]) {
      const popup = await groupApi(t, org, group.id, "POST", `/kakao/popup/${kind}`, {});
      expect(popup.body.url).toBe(`https://popbill.fake.test/kakao/${{ channel: "PLUSFRIEND", template: "TEMPLATE", sender: "SENDER" }[kind]}?user=acmeadmin`);
    }
    expect((await groupApi(t, org, group.id, "POST", "/kakao/popup/other", {})).status).toBe(400);
    expect((await eventsOf(t, org, "appgroup.kakao.channel_linked")).length).toBe(1);
    expect((await eventsOf(t, org, "appgroup.kakao.channel_changed")).map((e) => (e.payload as any).fields)).toEqual([["templateCode"]]);
    expect((await eventsOf(t, org, "appgroup.kakao.member_joined")).length).toBe(1);

    const other = await createOrg(t, "owner@kakao-other.test", "KakaoOther");
    expect((await groupApi(t, other, group.id, "GET", "/kakao")).status).toBe(404);
    expect((await groupApi(t, other, group.id, "PUT", "/kakao", { channelId: null })).status).toBe(404);

    expect((await groupApi(t, org, group.id, "PUT", "/kakao", { channelId: null })).body.linked).toBe(false);
    expect((await eventsOf(t, org, "appgroup.kakao.channel_unlinked")).length).toBe(1);
    expect((await groupApi(t, org, group.id, "PUT", "/kakao", { channelId: null })).body.linked).toBe(false);
    expect((await eventsOf(t, org, "appgroup.kakao.channel_unlinked")).length).toBe(1);
  });

  test(
    "with a linked channel, codes to Korean numbers go as alimtalk (channel alimtalk), Popbill's SMS fallback is reported as sms, other numbers and Popbill failures go as SMS",
    async () => {
      const fx = await createMfaFixture(t, "owner@alimtalk.test", "Alimtalk", "required");
      await linkPopbill(fx.org);
      expect((await groupApi(t, fx.org, fx.group.id, "PUT", "/kakao", { channelId: "@brand", templateCode: "TPL_CODE", senderNumber: "0212345678" })).status).toBe(200);
      const KOREA = "+821012345678";
      const US = "+14155550123";
      const atsCalls = () => peers.requests.filter((r) => r.path === "/ATS");

      const held = await fx.signInDirect("kim@alimtalk.test");
      const sent = await fx.mfa("enroll/send", { mfaToken: held.mfaToken, phone: KOREA });
      expect(sent.body).toEqual({ sent: true, channel: "alimtalk" });
      const ats = atsCalls().at(-1)!;
      expect(ats.json).toMatchObject({ templateCode: "TPL_CODE", snd: "0212345678", altSendType: "C" });
      expect(ats.json.msgs[0].rcv).toBe("01012345678");
      expect(ats.headers["x-pb-userid"]).toBe("acmeadmin");
      expect(sms.sentTo(KOREA)).toBe(0);
      const code = ats.json.msgs[0].msg.match(/\b(\d{6})\b/)[1];
      expect((await fx.mfa("verify", { mfaToken: held.mfaToken, code })).status).toBe(200);
      const [row] = await t.ctx.db.read.select().from(endUserMfaCodes).where(eq(endUserMfaCodes.phone, KOREA));
      expect(row!.channel).toBe("alimtalk");

      // The enrolled user signs in again: the challenge goes as alimtalk, and the login answer says so.
      t.clock.advance(3_600_000);
      const challenge = await fx.signIn("kim@alimtalk.test");
      expect(challenge).toMatchObject({ mfaRequired: true, mode: "challenge", smsDelivered: true, smsError: null, smsChannel: "alimtalk" });
      // Popbill could not deliver the alimtalk and sent the SMS instead.
      t.clock.advance(61_000);
      peers.fallBackToSmsNext();
      expect((await fx.mfa("challenge/resend", { mfaToken: challenge.mfaToken })).body).toEqual({ sent: true, channel: "sms" });
      // Popbill unreachable: the code goes through the service's own SMS gateway.
      t.clock.advance(61_000);
      peers.failNext("/ATS", 500, "-99999999");
      expect((await fx.mfa("challenge/resend", { mfaToken: challenge.mfaToken })).body).toEqual({ sent: true, channel: "sms" });
      expect(sms.sentTo(KOREA)).toBe(1);

      // A number outside Korea never goes as alimtalk.
      const calls = atsCalls().length;
      const other = await fx.signInDirect("lee@alimtalk.test");
      expect((await fx.mfa("enroll/send", { mfaToken: other.mfaToken, phone: US })).body).toEqual({ sent: true, channel: "sms" });
      expect(atsCalls().length).toBe(calls);

      // Unlinked: Korean numbers go as SMS again.
      await groupApi(t, fx.org, fx.group.id, "PUT", "/kakao", { channelId: null });
      const third = await fx.signInDirect("park@alimtalk.test");
      expect((await fx.mfa("enroll/send", { mfaToken: third.mfaToken, phone: "+821099998888" })).body).toEqual({ sent: true, channel: "sms" });
    },
    SETUP_TIMEOUT_MS,
  );
});

describe("the legal business record", () => {
  test("only to clients in Korea by the country header; everyone else gets 204", async () => {
    const kr = await t.request("GET", "/api/public/legal/business-info", { headers: { "cf-ipcountry": "KR" } });
    expect(kr.status).toBe(200);
    expect(kr.body).toEqual({ companyName: "Signet Korea", address: "서울특별시 중구 세종대로 110" });
    const others: Array<Record<string, string>> = [{}, { "cf-ipcountry": "US" }, { "cf-ipcountry": "" }, { "x-country": "KR" }];
    for (const headers of others) {
      const r = await t.request("GET", "/api/public/legal/business-info", { headers });
      expect(r.status).toBe(204);
      expect(r.text).toBe("");
    }
  });
});
