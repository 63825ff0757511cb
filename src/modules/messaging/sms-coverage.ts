/**
 * SMS coverage (spec §8): the 76 countries codes are texted to, their groups, and the
 * daily limits of each group. Pure data and functions, no I/O; docs/sms-coverage.md
 * explains the readings below.
 *
 * A number is matched by the longest prefix of its digits (after the "+") in one table
 * that holds the covered countries and the named regions that share their calling
 * code but are not covered (Caribbean +1 area codes, the Crown Dependencies under +44).
 */

export type CoverageGroup = "standard" | "limited" | "restricted";

export interface CoveredCountry {
  /** ISO 3166-1 alpha-2. */
  iso: string;
  /** As §8 names it. */
  name: string;
  group: CoverageGroup;
  /** Digit prefixes (calling code, then area code where the calling code is shared). */
  prefixes: readonly string[];
}

/**
 * Delivered codes per number in any 24 hours, by group; null is no daily cap (the 60 s
 * resend throttle still applies).
 */
export const DAILY_CODES_PER_NUMBER: Readonly<Record<CoverageGroup, number | null>> = { standard: null, limited: 2, restricted: 1 };

/** The groups that draw on the shared fuse. */
export const FUSED_GROUPS: readonly CoverageGroup[] = ["limited", "restricted"];

// Canada's NANP area codes (CRTC), geographic and in service or announced. Any +1 area
// code that is neither here, nor a US territory below, nor not-covered, nor
// non-geographic is read as the United States: US and Canada are both Standard, so a
// code this list misses still lands in the right group.
const CANADA_AREA_CODES = [
  // Alberta
  "368", "403", "587", "780", "825",
  // British Columbia
  "236", "250", "257", "604", "672", "778",
  // Manitoba
  "204", "431", "584",
  // New Brunswick
  "428", "506",
  // Newfoundland and Labrador
  "709", "879",
  // Nova Scotia and Prince Edward Island
  "782", "902",
  // Ontario
  "226", "249", "289", "343", "365", "382", "387", "416", "437", "519", "548", "613", "647", "683", "705", "742", "753", "807", "905", "942",
  // Quebec
  "263", "354", "367", "418", "438", "450", "468", "514", "579", "581", "819", "873",
  // Saskatchewan
  "306", "474", "639",
  // Yukon, Northwest Territories, Nunavut
  "867",
];

const nanp = (...areaCodes: string[]) => areaCodes.map((code) => `1${code}`);
const uk = (...ranges: string[]) => ranges.map((range) => `44${range}`);

export const COVERED_COUNTRIES: readonly CoveredCountry[] = [
  // Standard (44)
  { iso: "US", name: "United States", group: "standard", prefixes: ["1", ...nanp("787", "939", "340")] }, // with Puerto Rico and the U.S. Virgin Islands
  { iso: "CA", name: "Canada", group: "standard", prefixes: nanp(...CANADA_AREA_CODES) },
  { iso: "GU", name: "Guam", group: "standard", prefixes: nanp("671") },
  { iso: "KR", name: "South Korea", group: "standard", prefixes: ["82"] },
  { iso: "JP", name: "Japan", group: "standard", prefixes: ["81"] },
  { iso: "TW", name: "Taiwan", group: "standard", prefixes: ["886"] },
  { iso: "HK", name: "Hong Kong", group: "standard", prefixes: ["852"] },
  { iso: "SG", name: "Singapore", group: "standard", prefixes: ["65"] },
  { iso: "AU", name: "Australia", group: "standard", prefixes: ["61"] },
  { iso: "NZ", name: "New Zealand", group: "standard", prefixes: ["64"] },
  { iso: "GB", name: "United Kingdom", group: "standard", prefixes: ["44"] },
  { iso: "IE", name: "Ireland", group: "standard", prefixes: ["353"] },
  { iso: "FR", name: "France", group: "standard", prefixes: ["33"] },
  { iso: "DE", name: "Germany", group: "standard", prefixes: ["49"] },
  { iso: "NL", name: "Netherlands", group: "standard", prefixes: ["31"] },
  { iso: "BE", name: "Belgium", group: "standard", prefixes: ["32"] },
  { iso: "LU", name: "Luxembourg", group: "standard", prefixes: ["352"] },
  { iso: "CH", name: "Switzerland", group: "standard", prefixes: ["41"] },
  { iso: "AT", name: "Austria", group: "standard", prefixes: ["43"] },
  { iso: "LI", name: "Liechtenstein", group: "standard", prefixes: ["423"] },
  { iso: "ES", name: "Spain", group: "standard", prefixes: ["34"] },
  { iso: "PT", name: "Portugal", group: "standard", prefixes: ["351"] },
  { iso: "IT", name: "Italy", group: "standard", prefixes: ["39"] },
  { iso: "GR", name: "Greece", group: "standard", prefixes: ["30"] },
  { iso: "MT", name: "Malta", group: "standard", prefixes: ["356"] },
  { iso: "CY", name: "Cyprus", group: "standard", prefixes: ["357"] },
  { iso: "GI", name: "Gibraltar", group: "standard", prefixes: ["350"] },
  { iso: "DK", name: "Denmark", group: "standard", prefixes: ["45"] },
  { iso: "SE", name: "Sweden", group: "standard", prefixes: ["46"] },
  { iso: "NO", name: "Norway", group: "standard", prefixes: ["47"] },
  { iso: "FI", name: "Finland", group: "standard", prefixes: ["358"] },
  { iso: "IS", name: "Iceland", group: "standard", prefixes: ["354"] },
  { iso: "PL", name: "Poland", group: "standard", prefixes: ["48"] },
  { iso: "CZ", name: "Czech Republic", group: "standard", prefixes: ["420"] },
  { iso: "SK", name: "Slovakia", group: "standard", prefixes: ["421"] },
  { iso: "SI", name: "Slovenia", group: "standard", prefixes: ["386"] },
  { iso: "HR", name: "Croatia", group: "standard", prefixes: ["385"] },
  { iso: "HU", name: "Hungary", group: "standard", prefixes: ["36"] },
  { iso: "RO", name: "Romania", group: "standard", prefixes: ["40"] },
  { iso: "BG", name: "Bulgaria", group: "standard", prefixes: ["359"] },
  { iso: "EE", name: "Estonia", group: "standard", prefixes: ["372"] },
  { iso: "LV", name: "Latvia", group: "standard", prefixes: ["371"] },
  { iso: "LT", name: "Lithuania", group: "standard", prefixes: ["370"] },
  { iso: "IL", name: "Israel", group: "standard", prefixes: ["972"] },
  // Limited (18): 2 delivered codes per number per 24 h
  { iso: "MX", name: "Mexico", group: "limited", prefixes: ["52"] },
  { iso: "BR", name: "Brazil", group: "limited", prefixes: ["55"] },
  { iso: "AR", name: "Argentina", group: "limited", prefixes: ["54"] },
  { iso: "CL", name: "Chile", group: "limited", prefixes: ["56"] },
  { iso: "PE", name: "Peru", group: "limited", prefixes: ["51"] },
  { iso: "IN", name: "India", group: "limited", prefixes: ["91"] },
  { iso: "ID", name: "Indonesia", group: "limited", prefixes: ["62"] },
  { iso: "MY", name: "Malaysia", group: "limited", prefixes: ["60"] },
  { iso: "TH", name: "Thailand", group: "limited", prefixes: ["66"] },
  { iso: "PH", name: "Philippines", group: "limited", prefixes: ["63"] },
  { iso: "VN", name: "Vietnam", group: "limited", prefixes: ["84"] },
  { iso: "AE", name: "United Arab Emirates", group: "limited", prefixes: ["971"] },
  { iso: "SA", name: "Saudi Arabia", group: "limited", prefixes: ["966"] },
  { iso: "QA", name: "Qatar", group: "limited", prefixes: ["974"] },
  { iso: "KW", name: "Kuwait", group: "limited", prefixes: ["965"] },
  { iso: "TR", name: "Turkey", group: "limited", prefixes: ["90"] },
  { iso: "ZA", name: "South Africa", group: "limited", prefixes: ["27"] },
  { iso: "KE", name: "Kenya", group: "limited", prefixes: ["254"] },
  // Restricted (14): 1 delivered code per number per 24 h
  { iso: "PK", name: "Pakistan", group: "restricted", prefixes: ["92"] },
  { iso: "BD", name: "Bangladesh", group: "restricted", prefixes: ["880"] },
  { iso: "NP", name: "Nepal", group: "restricted", prefixes: ["977"] },
  { iso: "LK", name: "Sri Lanka", group: "restricted", prefixes: ["94"] },
  { iso: "MM", name: "Myanmar", group: "restricted", prefixes: ["95"] },
  { iso: "UZ", name: "Uzbekistan", group: "restricted", prefixes: ["998"] },
  { iso: "KG", name: "Kyrgyzstan", group: "restricted", prefixes: ["996"] },
  { iso: "KZ", name: "Kazakhstan", group: "restricted", prefixes: ["76", "77"] }, // +7 6xx and 7xx; the rest of +7 is Russia
  { iso: "AZ", name: "Azerbaijan", group: "restricted", prefixes: ["994"] },
  { iso: "RU", name: "Russia", group: "restricted", prefixes: ["7"] },
  { iso: "FJ", name: "Fiji", group: "restricted", prefixes: ["679"] },
  { iso: "NG", name: "Nigeria", group: "restricted", prefixes: ["234"] },
  { iso: "GH", name: "Ghana", group: "restricted", prefixes: ["233"] },
  { iso: "TZ", name: "Tanzania", group: "restricted", prefixes: ["255"] },
];

interface UncoveredRegion {
  iso: string;
  name: string;
  prefixes: readonly string[];
}

/**
 * Regions that share a covered calling code but are not covered, named so a refusal
 * can say where the number is. Every NANP member outside the US, Canada and Guam, and
 * the Crown Dependencies (not part of the United Kingdom) under +44.
 */
const UNCOVERED_REGIONS: readonly UncoveredRegion[] = [
  { iso: "BS", name: "Bahamas", prefixes: nanp("242") },
  { iso: "BB", name: "Barbados", prefixes: nanp("246") },
  { iso: "AI", name: "Anguilla", prefixes: nanp("264") },
  { iso: "AG", name: "Antigua and Barbuda", prefixes: nanp("268") },
  { iso: "VG", name: "British Virgin Islands", prefixes: nanp("284") },
  { iso: "KY", name: "Cayman Islands", prefixes: nanp("345") },
  { iso: "BM", name: "Bermuda", prefixes: nanp("441") },
  { iso: "GD", name: "Grenada", prefixes: nanp("473") },
  { iso: "TC", name: "Turks and Caicos Islands", prefixes: nanp("649") },
  { iso: "MS", name: "Montserrat", prefixes: nanp("664") },
  { iso: "MP", name: "Northern Mariana Islands", prefixes: nanp("670") },
  { iso: "AS", name: "American Samoa", prefixes: nanp("684") },
  { iso: "SX", name: "Sint Maarten", prefixes: nanp("721") },
  { iso: "LC", name: "Saint Lucia", prefixes: nanp("758") },
  { iso: "DM", name: "Dominica", prefixes: nanp("767") },
  { iso: "VC", name: "Saint Vincent and the Grenadines", prefixes: nanp("784") },
  { iso: "DO", name: "Dominican Republic", prefixes: nanp("809", "829", "849") },
  { iso: "TT", name: "Trinidad and Tobago", prefixes: nanp("868") },
  { iso: "KN", name: "Saint Kitts and Nevis", prefixes: nanp("869") },
  { iso: "JM", name: "Jamaica", prefixes: nanp("876", "658") },
  // Crown Dependencies: fixed lines and the mobile ranges Ofcom assigned to them (as libphonenumber has them).
  { iso: "GG", name: "Guernsey", prefixes: uk("1481", "7781", "7839", "79111", "79117") },
  { iso: "JE", name: "Jersey", prefixes: uk("1534", "7509", "7829", "7937", "77003", "77007", "77008", "7797") },
  { iso: "IM", name: "Isle of Man", prefixes: uk("1624", "74576", "7524", "7924", "76240", "76241", "76242", "76243", "76244", "762450", "762456", "76246", "76248", "76249") },
];

type Region = { covered: true; country: CoveredCountry } | { covered: false; region: UncoveredRegion };

const BY_PREFIX = new Map<string, Region>();
for (const country of COVERED_COUNTRIES) for (const p of country.prefixes) BY_PREFIX.set(p, { covered: true, country });
for (const region of UNCOVERED_REGIONS) for (const p of region.prefixes) BY_PREFIX.set(p, { covered: false, region });
const LONGEST_PREFIX = Math.max(...[...BY_PREFIX.keys()].map((p) => p.length));

export type PhoneCoverage =
  /** `phone` is the number in canonical E.164. */
  | { kind: "covered"; phone: string; country: CoveredCountry }
  /** Outside the list: `phone` is null when the input had no leading "+"; `region` (ISO) when known. */
  | { kind: "not_supported"; phone: string | null; region: string | null; regionName: string | null }
  | { kind: "invalid"; reason: string };

// E.164: a country code that does not start with 0, at most 15 digits in all. Fewer
// than 8 digits is no mobile number in any covered country.
const E164 = /^\+[1-9]\d{7,14}$/;
// Visual separators people type; anything else (letters, "ext", a second "+") is not a number.
const SEPARATORS = /[\s\-.()]/g;
// NANP: area code and exchange each start with 2-9, then four digits.
const NANP_NUMBER = /^1[2-9]\d{2}[2-9]\d{6}$/;

/**
 * Where a phone number stands in the coverage list. Spaces, hyphens, dots and
 * parentheses are ignored; a number without a leading "+" is outside the list (5.8).
 */
export function classifyPhone(input: string): PhoneCoverage {
  const compact = input.replace(SEPARATORS, "");
  if (!compact.startsWith("+")) return { kind: "not_supported", phone: null, region: null, regionName: null };
  if (!E164.test(compact)) return { kind: "invalid", reason: "an E.164 number is + and 8 to 15 digits, the first not 0" };
  const digits = compact.slice(1);
  if (digits.startsWith("1")) {
    if (!NANP_NUMBER.test(digits)) return { kind: "invalid", reason: "a +1 number is +1 and 10 digits; area code and exchange start with 2-9" };
    if (isNonGeographicNanp(digits.slice(1, 4))) return { kind: "not_supported", phone: compact, region: null, regionName: "a non-geographic +1 code" };
  }
  const region = longestPrefixMatch(digits);
  if (!region) return { kind: "not_supported", phone: compact, region: null, regionName: null };
  if (!region.covered) return { kind: "not_supported", phone: compact, region: region.region.iso, regionName: region.region.name };
  return { kind: "covered", phone: compact, country: region.country };
}

/**
 * Toll-free, premium, personal-communications and service codes carry no place: the
 * NANP's easily recognisable codes (second and third digit alike: N11, N00, 8YY…),
 * 456 (inbound international), 710 (US government) and N9X (reserved for expansion).
 */
function isNonGeographicNanp(areaCode: string): boolean {
  return areaCode[1] === areaCode[2] || areaCode[1] === "9" || areaCode === "456" || areaCode === "710";
}

function longestPrefixMatch(digits: string): Region | null {
  for (let length = Math.min(LONGEST_PREFIX, digits.length); length > 0; length--) {
    const region = BY_PREFIX.get(digits.slice(0, length));
    if (region) return region;
  }
  return null;
}
