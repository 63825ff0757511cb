/**
 * The dashboard helpers' words (embedded-ui/dashboard/domains.ts, billing.ts,
 * federation.ts, passkeys.ts) in each language Signet speaks: English exactly as the pages showed it
 * before the catalog, Korean and Japanese from locales/domains.ts, billing-words.ts and
 * federation.ts.
 */
import { describe, expect, test } from "bun:test";
import { translator } from "../../../embedded-ui/i18n";
import { ApiProblem } from "../../../embedded-ui/dashboard/api";
import { autoConfigureErrorText, domainProblem, servingErrorText, statusText } from "../../../embedded-ui/dashboard/domains";
import { categoryName, entryKind, settlementName, toMinor, type LedgerEntry } from "../../../embedded-ui/dashboard/billing";
import { CONNECTION_TYPES, typeInfo } from "../../../embedded-ui/dashboard/federation";
import { dashboardCatalog } from "../../../embedded-ui/dashboard/locales/index";
import { describeError } from "../../../embedded-ui/dashboard/messages";
import { NoPasskey } from "../../../embedded-ui/dashboard/passkeys";

const en = translator(dashboardCatalog, "en");
const ko = translator(dashboardCatalog, "ko");
const ja = translator(dashboardCatalog, "ja");

const entry = (refId: string, category: string) => ({ refId, category }) as LedgerEntry;
const thrown = (run: () => unknown) => {
  try {
    run();
  } catch (e) {
    return (e as Error).message;
  }
  return "nothing thrown";
};

describe("custom login domain words", () => {
  test("a status in one sentence, the reason after it; served names the address", () => {
    const notServed = { verified: true, served: false, servingError: "cname_mismatch" };
    expect(statusText(en, notServed, "login.brand.com", "edge.signet.test")).toBe("Verified, not served yet. The CNAME of login.brand.com points to another name, not to edge.signet.test.");
    expect(statusText(en, { ...notServed, servingError: "cname_mismatch" }, "login.brand.com", null)).toBe("Verified, not served yet. The CNAME of login.brand.com points to another name.");
    expect(statusText(en, { verified: false, served: false, servingError: null }, "login.brand.com", null)).toBe("Not verified.");
    expect(statusText(en, { verified: true, served: true, servingError: null }, "login.brand.com", null)).toBe("Verified and served: end users sign in at https://login.brand.com.");
    expect(statusText(ko, notServed, "login.brand.com", "edge.signet.test")).toBe("검증되었지만 아직 제공되지 않습니다. login.brand.com의 CNAME이 edge.signet.test이(가) 아닌 다른 이름을 가리킵니다.");
    expect(statusText(ja, { verified: false, served: false, servingError: "txt_record_missing" }, "login.brand.com", null)).toBe("検証されていません。_service-challenge.login.brand.com に TXT レコードが見つかりませんでした。");
  });

  test("the serving reasons keep English as it was; an unknown code shows as it came", () => {
    expect(servingErrorText(en, "address_mismatch", "login.brand.com", null)).toBe("login.brand.com has an address that is not the target's (a proxy left on?).");
    expect(servingErrorText(en, "address_mismatch", "login.brand.com", "edge.signet.test")).toBe("login.brand.com has an address that is not edge.signet.test's (a proxy left on?).");
    expect(servingErrorText(ko, "dns_lookup_failed", "x.test", null)).toBe("DNS가 응답하지 않았습니다(시간 초과 또는 거부). 잠시 후 다시 시도하세요.");
    expect(servingErrorText(ja, "something_new", "x.test", null)).toBe("something_new");
  });

  test("auto-configure's errors, with the default when no code came", () => {
    expect(autoConfigureErrorText(en, "zone_not_found", "login.brand.com")).toBe("The token sees no zone that holds login.brand.com.");
    expect(autoConfigureErrorText(en, null, "login.brand.com")).toBe("The records were not created.");
    expect(autoConfigureErrorText(ko, "provider_error", "login.brand.com")).toBe("Cloudflare가 변경을 거부했습니다.");
    expect(autoConfigureErrorText(ja, "not_configured", "login.brand.com")).toBe(servingErrorText(ja, "not_configured", "login.brand.com", null));
  });

  test("a refused hostname in words; other refusals pass through for describeError", () => {
    const refusal = (code: string) => new ApiProblem(409, code, { error: code });
    expect((domainProblem(en, refusal("domain_in_use"), "login.brand.com") as Error).message).toBe("Another organization already uses login.brand.com.");
    expect((domainProblem(ja, refusal("domain_in_use"), "login.brand.com") as Error).message).toBe("login.brand.com は別の組織がすでに使っています。");
    expect((domainProblem(ko, refusal("unknown_app_group"), "login.brand.com") as Error).message).toBe("이 앱 그룹은 더 이상 없습니다. 페이지를 새로 고치세요.");
    const other = refusal("rate_limited");
    expect(domainProblem(ko, other, "login.brand.com")).toBe(other);
  });
});

describe("billing words", () => {
  test("categories, ledger moves and settlements; unknown ones show as they came", () => {
    expect([categoryName(en, "proration"), categoryName(ko, "proration"), categoryName(ja, "proration")]).toEqual(["Prorated", "일할 계산", "日割り"]);
    expect(categoryName(ko, "new_category")).toBe("new_category");
    expect([entryKind(en, entry("legacy-topup:1", "other")), entryKind(ko, entry("topup:2", "other")), entryKind(ja, entry("clawback:3", "other"))]).toEqual(["Top-up", "충전", "ボーナスの回収"]);
    expect(entryKind(en, entry("inv:4", "addon"))).toBe("Add-on");
    expect(entryKind(ja, entry("inv:5", "mystery"))).toBe("mystery");
    expect([settlementName(en, "awaiting_credit"), settlementName(ko, "none"), settlementName(ja, "partial")]).toEqual(["Awaiting credit", "결제할 금액 없음", "一部精算"]);
  });

  test("an amount typed in major units; what to type, in the person's language", () => {
    expect(toMinor(en, "25.5", "USD")).toBe(2550);
    expect(toMinor(ko, "50,000", "KRW")).toBe(50000);
    expect(thrown(() => toMinor(en, "25.505", "USD"))).toBe("Enter an amount of USD such as 25 or 25.50 (at most 2 decimals).");
    expect(thrown(() => toMinor(en, "1.5", "KRW"))).toBe("Enter a whole amount of KRW, such as 50000.");
    expect(thrown(() => toMinor(ko, "abc", "KRW"))).toBe("KRW 금액을 50000처럼 정수로 입력하세요.");
    expect(thrown(() => toMinor(ja, "0", "USD"))).toBe("0 より大きい金額を入力してください。");
  });
});

describe("connection type words", () => {
  test("generic types are named in the language; brands keep their own names; hints from the catalog", () => {
    expect(typeInfo(en, "custom-oidc").name).toBe("OpenID Connect (any provider)");
    expect(typeInfo(ko, "custom-saml").name).toBe("SAML 2.0(모든 공급자)");
    expect(typeInfo(ja, "custom-oidc").name).toBe("OpenID Connect（任意のプロバイダー）");
    expect(typeInfo(ja, "named-okta").name).toBe("Okta");
    expect(typeInfo(en, "named-auth0").issuerHint).toBe("https://{tenant}.{region}.auth0.com/ (with the trailing slash)");
    expect(typeInfo(ko, "named-google-workspace")).toMatchObject({ protocol: "oidc", domainRequired: true, issuerOptional: true });
    expect(typeInfo(ko, "named-google-workspace").issuerHint).toContain("이메일 도메인은 필수입니다");
    expect(typeInfo(en, "custom-saml").issuerHint).toBe("");
  });

  test("every type has a name in every language, and an unknown type keeps its code", () => {
    for (const t of [en, ko, ja]) for (const choice of CONNECTION_TYPES) expect(typeInfo(t, choice.type).name).not.toBe(choice.type);
    expect(typeInfo(ko, "named-future")).toMatchObject({ name: "named-future", protocol: "oidc", issuerHint: "" });
  });
});

describe("passkey prompt words", () => {
  test("no passkey answered or created: the English as before, and Korean and Japanese through describeError", () => {
    const unanswered = new NoPasskey("errors.noPasskeyAnswered");
    expect(unanswered.message).toBe("No passkey answered.");
    expect(describeError(unanswered)).toBe("No passkey answered.");
    expect(describeError(unanswered, "ko")).toBe("응답한 패스키가 없습니다.");
    const uncreated = new NoPasskey("errors.noPasskeyCreated");
    expect(describeError(uncreated)).toBe("No passkey was created.");
    expect(describeError(uncreated, "ja")).toBe("パスキーは作成されませんでした。");
  });
});
