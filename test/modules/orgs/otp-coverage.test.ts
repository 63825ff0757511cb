/**
 * The SMS coverage table of spec §8: 76 countries in three groups, E.164 parsing,
 * longest-prefix matching, and the shared +1 and +7 calling codes.
 */
import { describe, expect, test } from "bun:test";
import { classifyPhone, COVERED_COUNTRIES, DAILY_CODES_PER_NUMBER } from "../../../src/modules/messaging/sms-coverage";

// §8 "SMS country groups", word for word.
const SPEC_GROUPS = {
  standard:
    "United States (including Puerto Rico and the U.S. Virgin Islands), Canada, Guam, South Korea, Japan, Taiwan, Hong Kong, Singapore, Australia, New Zealand, United Kingdom, Ireland, France, Germany, Netherlands, Belgium, Luxembourg, Switzerland, Austria, Liechtenstein, Spain, Portugal, Italy, Greece, Malta, Cyprus, Gibraltar, Denmark, Sweden, Norway, Finland, Iceland, Poland, Czech Republic, Slovakia, Slovenia, Croatia, Hungary, Romania, Bulgaria, Estonia, Latvia, Lithuania, Israel",
  limited:
    "Mexico, Brazil, Argentina, Chile, Peru, India, Indonesia, Malaysia, Thailand, Philippines, Vietnam, United Arab Emirates, Saudi Arabia, Qatar, Kuwait, Turkey, South Africa, Kenya",
  restricted: "Pakistan, Bangladesh, Nepal, Sri Lanka, Myanmar, Uzbekistan, Kyrgyzstan, Kazakhstan, Azerbaijan, Russia, Fiji, Nigeria, Ghana, Tanzania",
} as const;

function specNames(group: keyof typeof SPEC_GROUPS): string[] {
  return SPEC_GROUPS[group]
    .replace(" (including Puerto Rico and the U.S. Virgin Islands)", "")
    .split(", ")
    .sort();
}

function covered(input: string) {
  const r = classifyPhone(input);
  if (r.kind !== "covered") throw new Error(`${input}: expected covered, got ${JSON.stringify(r)}`);
  return { phone: r.phone, iso: r.country.iso, group: r.country.group };
}

describe("the coverage table", () => {
  test("has 76 countries: Standard 44, Limited 18, Restricted 14, named as §8 names them", () => {
    expect(COVERED_COUNTRIES).toHaveLength(76);
    for (const group of ["standard", "limited", "restricted"] as const) {
      const names = COVERED_COUNTRIES.filter((c) => c.group === group).map((c) => c.name).sort();
      expect(names).toEqual(specNames(group));
    }
    expect(COVERED_COUNTRIES.filter((c) => c.group === "standard")).toHaveLength(44);
    expect(COVERED_COUNTRIES.filter((c) => c.group === "limited")).toHaveLength(18);
    expect(COVERED_COUNTRIES.filter((c) => c.group === "restricted")).toHaveLength(14);
  });

  test("each country has its own ISO code and prefixes, and no prefix is listed twice", () => {
    const isos = COVERED_COUNTRIES.map((c) => c.iso);
    expect(new Set(isos).size).toBe(76);
    const prefixes = COVERED_COUNTRIES.flatMap((c) => c.prefixes);
    expect(new Set(prefixes).size).toBe(prefixes.length);
    for (const p of prefixes) expect(p).toMatch(/^[1-9]\d*$/);
  });

  test("a number under each country's prefixes is that country, in its group", () => {
    for (const country of COVERED_COUNTRIES) {
      for (const prefix of country.prefixes) {
        // The US owns "1" as the fallback of +1: pick a geographic area code for it.
        const number = prefix === "1" ? "+12125550123" : `+${prefix}${"2".repeat(11 - prefix.length)}`;
        expect({ number, ...covered(number) }).toEqual({ number, phone: number, iso: country.iso, group: country.group });
      }
    }
  });

  test("the §8 daily caps per number", () => {
    expect(DAILY_CODES_PER_NUMBER).toEqual({ standard: null, limited: 2, restricted: 1 });
  });
});

describe("classifyPhone", () => {
  test("one number per group", () => {
    expect(covered("+14155550123")).toEqual({ phone: "+14155550123", iso: "US", group: "standard" });
    expect(covered("+821012345678")).toEqual({ phone: "+821012345678", iso: "KR", group: "standard" });
    expect(covered("+525512345678")).toEqual({ phone: "+525512345678", iso: "MX", group: "limited" });
    expect(covered("+923001234567")).toEqual({ phone: "+923001234567", iso: "PK", group: "restricted" });
  });

  test("+1: the US with Puerto Rico and the U.S. Virgin Islands, Canada and Guam are Standard by area code", () => {
    expect(covered("+17875550123").iso).toBe("US"); // Puerto Rico
    expect(covered("+19395550123").iso).toBe("US"); // Puerto Rico
    expect(covered("+13405550123").iso).toBe("US"); // U.S. Virgin Islands
    expect(covered("+16715550123")).toMatchObject({ iso: "GU", group: "standard" });
    for (const npa of ["613", "416", "604", "514", "403", "902", "709", "867", "942", "257", "382", "468", "584", "474"]) {
      expect(covered(`+1${npa}5550123`)).toMatchObject({ iso: "CA", group: "standard" });
    }
    for (const npa of ["212", "305", "808", "907", "202"]) expect(covered(`+1${npa}5550123`).iso).toBe("US");
  });

  test("+1 Caribbean, Atlantic and Pacific area codes outside the list are region_not_supported, with the country", () => {
    const cases: Array<[string, string]> = [
      ["876", "JM"],
      ["658", "JM"],
      ["242", "BS"],
      ["246", "BB"],
      ["264", "AI"],
      ["268", "AG"],
      ["284", "VG"],
      ["345", "KY"],
      ["441", "BM"],
      ["473", "GD"],
      ["649", "TC"],
      ["664", "MS"],
      ["670", "MP"],
      ["684", "AS"],
      ["721", "SX"],
      ["758", "LC"],
      ["767", "DM"],
      ["784", "VC"],
      ["809", "DO"],
      ["829", "DO"],
      ["849", "DO"],
      ["868", "TT"],
      ["869", "KN"],
    ];
    for (const [npa, iso] of cases) {
      expect({ npa, ...classifyPhone(`+1${npa}5550123`) }).toMatchObject({ npa, kind: "not_supported", phone: `+1${npa}5550123`, region: iso });
    }
  });

  test("+1 non-geographic codes (toll-free, premium, N11, reserved) are not supported", () => {
    for (const npa of ["800", "833", "844", "855", "866", "877", "888", "900", "500", "533", "600", "700", "710", "456", "211", "911", "295"]) {
      expect({ npa, kind: classifyPhone(`+1${npa}5550123`).kind }).toEqual({ npa, kind: "not_supported" });
    }
  });

  test("+7 is Kazakhstan for 6xx and 7xx, Russia otherwise; both Restricted", () => {
    expect(covered("+77012345678")).toEqual({ phone: "+77012345678", iso: "KZ", group: "restricted" });
    expect(covered("+76012345678").iso).toBe("KZ");
    expect(covered("+79161234567")).toEqual({ phone: "+79161234567", iso: "RU", group: "restricted" });
    expect(covered("+74951234567").iso).toBe("RU");
  });

  test("+44 is the United Kingdom, but the Crown Dependencies are not part of it", () => {
    expect(covered("+447400123456")).toMatchObject({ iso: "GB", group: "standard" });
    expect(covered("+442071234567").iso).toBe("GB");
    expect(classifyPhone("+441534123456")).toMatchObject({ kind: "not_supported", region: "JE" });
    expect(classifyPhone("+447797123456")).toMatchObject({ kind: "not_supported", region: "JE" });
    expect(classifyPhone("+441481123456")).toMatchObject({ kind: "not_supported", region: "GG" });
    expect(classifyPhone("+447781123456")).toMatchObject({ kind: "not_supported", region: "GG" });
    expect(covered("+447911223456").iso).toBe("GB"); // 7911 is Guernsey's only for 79111 and 79117
    expect(classifyPhone("+447624123456")).toMatchObject({ kind: "not_supported", region: "IM" });
  });

  test("three-digit calling codes win over shorter look-alikes", () => {
    expect(covered("+35020012345").iso).toBe("GI");
    expect(covered("+4236601234").iso).toBe("LI");
    expect(covered("+85291234567").iso).toBe("HK");
    expect(covered("+886912345678").iso).toBe("TW");
    expect(covered("+353851234567").iso).toBe("IE");
    expect(covered("+359881234567").iso).toBe("BG");
    expect(covered("+971501234567")).toMatchObject({ iso: "AE", group: "limited" });
    expect(covered("+2348031234567")).toMatchObject({ iso: "NG", group: "restricted" });
    expect(covered("+6791234567")).toMatchObject({ iso: "FJ", group: "restricted" });
  });

  test("other countries are not supported: China, Macau, Egypt, Réunion, an unassigned code", () => {
    for (const n of ["+8613812345678", "+85361234567", "+201001234567", "+262692123456", "+99912345678"]) {
      expect({ n, ...classifyPhone(n) }).toMatchObject({ n, kind: "not_supported", phone: n });
    }
  });

  test("a number without a leading + is outside the coverage list (5.8)", () => {
    for (const n of ["14155550123", "004915112345678", "01012345678", "phone"]) {
      expect(classifyPhone(n)).toEqual({ kind: "not_supported", phone: null, region: null, regionName: null });
    }
  });

  test("a + number that is not plausible E.164 is invalid", () => {
    for (const n of ["+", "+1415abc0123", "+1234567", "+1234567890123456", "+0123456789", "+1-415-555-0123x9", "++14155550123", "+1415555012", "+114155501234", "+10155550123", "+14150550123", "+44 20 7123 4567 ext"]) {
      expect({ n, kind: classifyPhone(n).kind }).toEqual({ n, kind: "invalid" });
    }
  });

  test("spaces, hyphens, dots and parentheses are read as visual separators", () => {
    expect(covered(" +1 (415) 555-0123 ").phone).toBe("+14155550123");
    expect(covered("+44 20.7123.4567").phone).toBe("+442071234567");
  });
});
