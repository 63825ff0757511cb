/**
 * Currencies the credit ledger keeps (DESIGN §4: money is an integer count of the
 * smallest unit, never a float). USD counts cents (exponent 2); KRW has no minor unit
 * (exponent 0), so one unit is one won, as Stripe counts it too. Each currency carries the
 * §8 amounts that are fixed in money: the $5 service reserve, the $0.30 part of the
 * withdrawal fee and the most one top-up may add, each converted once here for KRW.
 */
import { billingErrors } from "../errors";

export interface CurrencySpec {
  code: string;
  /** Digits after the decimal point of the currency's major unit. */
  exponent: number;
  /** §8 "the service reserve credit": $5, held back from withdrawals. */
  reserveMinor: number;
  /** §8 withdrawal fee: the fixed part ($0.30). */
  withdrawalFixedFeeMinor: number;
  /** The most one top-up may add ($100,000). */
  maxTopUpMinor: number;
}

export const CURRENCIES = {
  USD: { code: "USD", exponent: 2, reserveMinor: 5_00, withdrawalFixedFeeMinor: 30, maxTopUpMinor: 10_000_000 },
  KRW: { code: "KRW", exponent: 0, reserveMinor: 7_000, withdrawalFixedFeeMinor: 400, maxTopUpMinor: 140_000_000 },
} as const satisfies Record<string, CurrencySpec>;

export type CurrencyCode = keyof typeof CURRENCIES;
export const CURRENCY_CODES = Object.keys(CURRENCIES) as CurrencyCode[];
export const DEFAULT_CURRENCY: CurrencyCode = "USD";

/** §8 withdrawal fee, the percentage part: 2.9% in basis points. */
export const WITHDRAWAL_FEE_BPS = 290;

export function parseCurrency(value: string | undefined, field = "currency"): CurrencyCode {
  const code = (value ?? DEFAULT_CURRENCY).trim().toUpperCase();
  if (!Object.hasOwn(CURRENCIES, code)) throw billingErrors.error("unsupportedCurrency", { field, currency: value ?? null, supported: CURRENCY_CODES });
  return code as CurrencyCode;
}

/**
 * An amount of minor units a person asked to move: a whole number from 1 to `max`. A
 * fractional amount (1.5 cents, or 0.5 won) is refused, never rounded.
 */
export function requireAmount(value: unknown, max: number, field = "amount"): number {
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 1 || value > max) {
    throw billingErrors.error("invalidAmount", { field, min: 1, max, message: `a whole number of minor units (cents; won for KRW) from 1 to ${max}` });
  }
  return value;
}

/** "12.34 USD" / "₩12,000": for mail and the PDF. */
export function formatMoney(minor: number, currency: string): string {
  const spec = (CURRENCIES as Record<string, CurrencySpec>)[currency];
  const exponent = spec?.exponent ?? 2;
  const negative = minor < 0;
  const abs = Math.abs(minor);
  const major = Math.floor(abs / 10 ** exponent).toLocaleString("en-US");
  const fraction = exponent > 0 ? "." + String(abs % 10 ** exponent).padStart(exponent, "0") : "";
  return `${negative ? "-" : ""}${major}${fraction} ${currency}`;
}
