/**
 * What the billing page shares: the wire shapes of billing and add-ons, taken from the
 * server's models (type-only imports: the bundle carries none of the server's code), and
 * money in the account's currency. Amounts travel as whole minor units (cents; won for
 * KRW); people read and type them in major units.
 */
import type { BillingSummary, Invoice, InvoiceLine, LedgerEntryView, PlanChangeResult, TopUpResult, Verification, WithdrawalQuote, WithdrawalResult } from "../../src/modules/billing/model";
import type { AddonView } from "../../src/modules/billing/addons/service";
import type { Translate } from "./language";
import type { DashboardKey } from "./locales/index";
import { minorMoney } from "./messages";

export type Summary = typeof BillingSummary.static;
export type PlanChange = typeof PlanChangeResult.static;
export type LedgerEntry = typeof LedgerEntryView.static;
export type TopUp = typeof TopUpResult.static;
export type Quote = typeof WithdrawalQuote.static;
export type Withdrawal = typeof WithdrawalResult.static;
export type InvoiceView = typeof Invoice.static;
export type Line = typeof InvoiceLine.static;
export type VerificationView = typeof Verification.static;
export type Addon = AddonView;
export interface AddonList {
  addons: Addon[];
  creditBalanceCents: number;
}
export type AddonEnabled = Addon & { chargedCents: number; creditBalanceCents: number };

/** The self-serve plans in order; Enterprise is set by an operator (400 plan_not_self_serve). */
export const SELF_SERVE_PLANS = ["free", "pro", "pro_plus", "business"] as const;

/** Digits after the decimal point in a currency (USD 2, KRW 0), as the browser's Intl knows it. */
export function exponentOf(currency: string): number {
  try {
    return new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** Minor units as money: 2900 USD → "$29.00", 39000 KRW → "₩39,000". */
export const money = minorMoney;

/** What a person typed ("25", "25.5", "25.50") in whole minor units, never rounded; an Error says what to type. */
export function toMinor(t: Translate, text: string, currency: string): number {
  const exponent = exponentOf(currency);
  const value = text.trim().replace(/,/g, "");
  const shape = exponent === 0 ? /^\d+$/ : new RegExp(`^\\d+(\\.\\d{1,${exponent}})?$`);
  if (!shape.test(value)) throw new Error(exponent === 0 ? t("billing-words.wholeAmount", { currency }) : t("billing-words.decimalAmount", { currency, exponent }));
  const [whole, fraction = ""] = value.split(".");
  const minor = Number(whole) * 10 ** exponent + Number(fraction.padEnd(exponent, "0") || "0");
  if (minor < 1) throw new Error(t("billing-words.aboveZero"));
  return minor;
}

/** A yyyyMM period as "January 2026". */
export function periodName(period: string): string {
  const at = new Date(Date.UTC(Number(period.slice(0, 4)), Number(period.slice(4)) - 1, 1));
  return at.toLocaleDateString(undefined, { month: "long", year: "numeric", timeZone: "UTC" });
}

const CATEGORY_KEYS: Record<string, DashboardKey> = {
  plan: "billing-words.category.plan",
  proration: "billing-words.category.proration",
  addon: "billing-words.category.addon",
  sso: "billing-words.category.sso",
  usage: "billing-words.category.usage",
  other: "billing-words.category.other",
};

/** An invoice line's or ledger entry's category in words; a category this page does not know shows as it came. */
export function categoryName(t: Translate, category: string): string {
  const key = CATEGORY_KEYS[category];
  return key ? t(key) : category;
}

/** The ledger's money in and out, which are not invoice lines, by their refId prefix. */
const MOVE_KEYS: Record<string, DashboardKey> = {
  topup: "billing-words.move.topup",
  bonus: "billing-words.move.bonus",
  withdrawal: "billing-words.move.withdrawal",
  clawback: "billing-words.move.clawback",
  reversal: "billing-words.move.reversal",
  "legacy-topup": "billing-words.move.topup",
  fee: "billing-words.move.fee",
  adjustment: "billing-words.move.adjustment",
};

/** A ledger entry named by its refId prefix, else by its category. */
export function entryKind(t: Translate, entry: LedgerEntry): string {
  const key = MOVE_KEYS[entry.refId.split(":")[0]!];
  return key ? t(key) : categoryName(t, entry.category);
}

const SETTLEMENT_KEYS: Record<InvoiceView["settlement"], DashboardKey> = {
  settled: "billing-words.settlement.settled",
  partial: "billing-words.settlement.partial",
  awaiting_credit: "billing-words.settlement.awaiting_credit",
  none: "billing-words.settlement.none",
};

/** How far an invoice is paid, in words. */
export function settlementName(t: Translate, settlement: InvoiceView["settlement"]): string {
  return t(SETTLEMENT_KEYS[settlement]);
}
