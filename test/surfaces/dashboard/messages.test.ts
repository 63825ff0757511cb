/**
 * The dashboard's refusals in plain words and its formatting, in each language Signet
 * speaks (embedded-ui/dashboard/messages.ts with locales/errors.ts): a code's sentence,
 * the sentences worded from a refusal's details, the fallbacks, and numbers, sizes,
 * times and money written the language's way. English stays what it was.
 */
import { describe, expect, test } from "bun:test";
import { translator } from "../../../embedded-ui/i18n";
import { ApiProblem } from "../../../embedded-ui/dashboard/api";
import { explainCycle } from "../../../embedded-ui/dashboard/governance";
import { dashboardCatalog } from "../../../embedded-ui/dashboard/locales/index";
import { describeError, formatBytes, formatNumber, formatTime, minorMoney, plural, pluralForm } from "../../../embedded-ui/dashboard/messages";

const refusal = (status: number, body: Record<string, unknown>) => new ApiProblem(status, typeof body.error === "string" ? body.error : "", body);

describe("describeError", () => {
  test("a known code in English (the default), Korean and Japanese", () => {
    const taken = refusal(409, { error: "slug_taken" });
    expect(describeError(taken)).toBe("Another organization already uses that address (slug).");
    expect(describeError(taken, "en")).toBe(describeError(taken));
    expect(describeError(taken, "ko")).toBe("다른 조직이 이미 그 주소(slug)를 쓰고 있습니다.");
    expect(describeError(taken, "ja")).toBe("そのアドレス（slug）は別の組織がすでに使っています。");
  });

  test("the field a refusal names follows the sentence", () => {
    const invalid = refusal(400, { error: "invalid_email", field: "email" });
    expect(describeError(invalid)).toBe("Enter a valid e-mail address. (field: email)");
    expect(describeError(invalid, "ko")).toBe("올바른 이메일 주소를 입력하세요. (필드: email)");
    expect(describeError(refusal(400, { error: "invalid_request", field: "name", message: "too long" }), "ja")).toBe("項目「name」が有効ではありません: too long");
  });

  test("sentences worded from the details carry the numbers in the language's format", () => {
    const sso = refusal(403, { error: "UPGRADE_REQUIRED", feature: "sso_connections", limit: 1, current: 1 });
    expect(describeError(sso)).toBe("Your plan allows 1 active single sign-on connection and 1 is on. Upgrade the plan on the Billing page, or deactivate a connection.");
    expect(describeError(refusal(403, { error: "UPGRADE_REQUIRED", feature: "sso_connections", limit: 3, current: 2 }))).toContain("3 active single sign-on connections and 2 are on");
    expect(describeError(sso, "ko")).toContain("1개까지 허용하며, 지금 1개가 켜져 있습니다");
    expect(describeError(refusal(403, { error: "UPGRADE_REQUIRED", feature: "sso_connections", limit: 0 }), "ja")).toBe(
      "ご利用のプランではシングルサインオン接続を使えません。請求ページでプランをアップグレードするか、接続を無効にしてください。",
    );
    const quota = refusal(413, { error: "storage_quota_exceeded", usedBytes: 5 * 1024 * 1024, limitBytes: 10 * 1024 * 1024 });
    expect(describeError(quota)).toEndWith("(5.0 MB of 10 MB used.)");
    expect(describeError(quota, "ko")).toEndWith("(10 MB 중 5.0 MB 사용.)");
    const credit = refusal(402, { error: "insufficient_credit", balance: 1000, required: 2500, currency: "USD" });
    expect(describeError(credit)).toBe("The prepaid credit ($10.00) does not cover the $25.00 this costs. Top up first; nothing was changed.");
    expect(describeError(credit, "ja")).toContain("$10.00");
  });

  test("a plan gate names its feature in the language", () => {
    expect(describeError(refusal(403, { error: "UPGRADE_REQUIRED", feature: "meetings" }), "ko")).toBe("회의는 Pro 이상 요금제가 필요합니다.");
    expect(describeError(refusal(403, { error: "UPGRADE_REQUIRED", feature: "audit_analytics" }), "ja")).toBe("上位のプランが必要です（監査分析、Pro 以上）。");
    expect(describeError(refusal(403, { error: "UPGRADE_REQUIRED", feature: "new_feature" }))).toBe("This needs a higher plan (new_feature).");
  });

  test("an unknown code falls back to the body's message, then the status, then the bare status", () => {
    expect(describeError(refusal(400, { error: "something_new", message: "The server's own words." }), "ko")).toBe("The server's own words.");
    expect(describeError(refusal(429, { error: "something_new" }), "ja")).toBe("試行回数が多すぎます。しばらく待ってから、もう一度お試しください。");
    expect(describeError(refusal(418, { error: "teapot" }))).toBe("The server answered 418 (teapot).");
    expect(describeError(refusal(418, {}), "ko")).toBe("서버가 418(으)로 응답했습니다.");
  });

  test("a cancelled passkey prompt and plain errors", () => {
    expect(describeError(new DOMException("cancelled", "NotAllowedError"), "ja")).toBe("パスキーの確認がキャンセルされたか、タイムアウトしました。");
    expect(describeError(new Error("Choose a file."), "ko")).toBe("Choose a file.");
  });
});

describe("a refused reporting cycle, with the people named", () => {
  test("in English as before, and in Korean and Japanese", () => {
    const names: Record<string, string> = { a: "Grace", b: "Ledger Bot", c: "Ada" };
    const cycle = refusal(400, { error: "reporting_cycle", cycle: ["a", "b", "c", "a"] });
    const words = (language: "en" | "ko" | "ja") => (explainCycle(cycle, (id) => names[id]!, translator(dashboardCatalog, language)) as Error).message;
    expect(words("en")).toBe("Nothing was changed: Grace would report to Ledger Bot, who reports to Ada, who reports to Grace. Reporting lines cannot go round in a circle.");
    expect(words("ko")).toContain("Grace → Ledger Bot → Ada → Grace");
    expect(words("ja")).toContain("Grace → Ledger Bot → Ada → Grace");
    // Any other refusal passes through untouched.
    const other = refusal(409, { error: "relationship_exists" });
    expect(explainCycle(other, (id) => id, translator(dashboardCatalog, "ko"))).toBe(other);
  });
});

describe("formatting by language", () => {
  test("counts, sizes and plural forms", () => {
    expect(formatNumber(1234567, "en")).toBe("1,234,567");
    expect(formatNumber(1234567, "ko")).toBe("1,234,567");
    expect(formatBytes(512)).toBe("512 B");
    expect(formatBytes(2048)).toBe("2.0 KB");
    expect(formatBytes(123 * 1024 * 1024, "ja")).toBe("123 MB");
    expect([pluralForm(1), pluralForm(0), pluralForm(2)]).toEqual(["one", "other", "other"]);
    expect([pluralForm(1, "ko"), pluralForm(1, "ja")]).toEqual(["other", "other"]);
    expect([plural(1, "file"), plural(1200, "file")]).toEqual(["1 file", "1,200 files"]);
  });

  test("times and money", () => {
    const moment = "2026-11-26T12:00:00Z"; // noon UTC: the same date in every time zone from UTC-11 to UTC+11
    expect(formatTime(null, "ko")).toBe("—");
    expect(formatTime(moment, "ko")).toContain("2026. 11. 26.");
    expect(formatTime(moment, "ja")).toContain("2026/11/26");
    expect(formatTime(moment, "en")).toContain("Nov 26, 2026");
    expect(minorMoney(123456, "KRW", "ko")).toBe("₩123,456");
    expect(minorMoney(1999, "USD")).toBe("$19.99");
    expect(minorMoney(5, "XYZ-not-a-currency")).toBe("5 XYZ-not-a-currency");
  });
});
