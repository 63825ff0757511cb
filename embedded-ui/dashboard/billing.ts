/**
 * What the billing page shares: the wire shapes of billing and add-ons, taken from the
 * server's models (type-only imports: the bundle carries none of the server's code), and
 * money in the account's currency. Amounts travel as whole minor units (cents; won for
 * KRW); people read and type them in major units.
 */
import type { BillingSummary, Invoice, InvoiceLine, LedgerEntryView, PlanChangeResult, TopUpResult, Verification, WithdrawalQuote, WithdrawalResult } from "../../src/modules/billing/model";
import type { AddonView } from "../../src/modules/billing/addons/service";
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
export function toMinor(text: string, currency: string): number {
  const exponent = exponentOf(currency);
  const value = text.trim().replace(/,/g, "");
  const shape = exponent === 0 ? /^\d+$/ : new RegExp(`^\\d+(\\.\\d{1,${exponent}})?$`);
  if (!shape.test(value)) throw new Error(exponent === 0 ? `Enter a whole amount of ${currency}, such as 50000.` : `Enter an amount of ${currency} such as 25 or 25.50 (at most ${exponent} decimals).`);
  const [whole, fraction = ""] = value.split(".");
  const minor = Number(whole) * 10 ** exponent + Number(fraction.padEnd(exponent, "0") || "0");
  if (minor < 1) throw new Error("Enter an amount above zero.");
  return minor;
}

/** A yyyyMM period as "January 2026". */
export function periodName(period: string): string {
  const at = new Date(Date.UTC(Number(period.slice(0, 4)), Number(period.slice(4)) - 1, 1));
  return at.toLocaleDateString(undefined, { month: "long", year: "numeric", timeZone: "UTC" });
}

export const CATEGORY_NAMES: Record<string, string> = {
  plan: "Plan",
  proration: "Prorated",
  addon: "Add-on",
  sso: "SSO",
  usage: "Usage",
  other: "Other",
};

/** The ledger's money in and out, which are not invoice lines, named by their refId prefix. */
export function entryKind(entry: LedgerEntry): string {
  const prefix = entry.refId.split(":")[0]!;
  const moves: Record<string, string> = {
    topup: "Top-up",
    bonus: "Bonus",
    withdrawal: "Withdrawal",
    clawback: "Bonus clawback",
    reversal: "Reversal",
    "legacy-topup": "Top-up",
    fee: "Fee",
    adjustment: "Adjustment",
  };
  return moves[prefix] ?? CATEGORY_NAMES[entry.category] ?? entry.category;
}

export const SETTLEMENT_NAMES: Record<InvoiceView["settlement"], string> = {
  settled: "Settled",
  partial: "Partly settled",
  awaiting_credit: "Awaiting credit",
  none: "Nothing to pay",
};
