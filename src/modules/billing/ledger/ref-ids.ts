/**
 * Ledger references (docs/billing.md "refIds"): every entry has one, unique per
 * organization, and its first segment says what it is. The charge prefixes name the
 * invoice line category of spec 2.6; the money prefixes (top-ups, bonuses, withdrawals)
 * move credit and are not invoice lines.
 */
export type LineCategory = "plan" | "proration" | "addon" | "sso" | "usage" | "other";

const CHARGE_CATEGORIES = new Set<LineCategory>(["plan", "proration", "addon", "sso", "usage"]);
/** Credit in or out that is a payment, not a charge: not an invoice line. */
const MONEY_PREFIXES = new Set(["topup", "bonus", "withdrawal", "clawback", "legacy-topup", "reversal", "collected"]);

export function prefixOf(refId: string): string {
  const i = refId.indexOf(":");
  return i < 0 ? refId : refId.slice(0, i);
}

/** The invoice line category of a refId: its prefix when that is one, else other. */
export function categoryOf(refId: string): LineCategory {
  const prefix = prefixOf(refId) as LineCategory;
  return CHARGE_CATEGORIES.has(prefix) ? prefix : "other";
}

/** Whether an entry is an invoice line (a charge, a refund of one, a fee, an adjustment) rather than a payment. */
export function isInvoiceLine(refId: string): boolean {
  return !MONEY_PREFIXES.has(prefixOf(refId));
}

/** yyyyMM of an instant (UTC): the invoice period. */
export function periodOf(at: number): string {
  const d = new Date(at);
  return `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, "0")}`;
}

export function periodBounds(period: string): { start: number; end: number } {
  const year = Number(period.slice(0, 4));
  const month = Number(period.slice(4, 6)) - 1;
  return { start: Date.UTC(year, month, 1), end: Date.UTC(year, month + 1, 1) };
}

export function isPeriod(value: string): boolean {
  return /^\d{4}(0[1-9]|1[0-2])$/.test(value);
}

export const refIds = {
  topUp: (paymentId: string) => `topup:${paymentId}`,
  bonus: (paymentId: string) => `bonus:${paymentId}`,
  withdrawal: (id: string) => `withdrawal:${id}`,
  withdrawalFee: (id: string) => `fee:withdrawal:${id}`,
  clawback: (id: string) => `clawback:${id}`,
  reversal: (ref: string) => `reversal:${ref}`,
  plan: (plan: string, period: string) => `plan:${plan}:${period}`,
  planProration: (from: string, to: string, at: number) => `proration:plan:${from}>${to}:${at}`,
  addon: (key: string, period: string) => `addon:${key}:${period}`,
  addonProration: (key: string, at: number) => `proration:addon:${key}:${at}`,
  sms: (sendId: string) => `usage:sms:${sendId}`,
  smsRefund: (sendId: string) => `usage:sms:${sendId}:refund`,
  adjustment: (id: string) => `adjustment:${id}`,
  /** Commerce: the take rate the gateway withheld from an end user's charge (money in) … */
  takeRateCollected: (chargeId: string) => `collected:take-rate:${chargeId}`,
  /** … and the fee line it pays on the statement (usage). */
  takeRate: (chargeId: string) => `usage:take-rate:${chargeId}`,
};
