/**
 * The platform's take rate on an end user's charge (spec §8 "Billing collection"; commerce
 * reports the charge). The gateway withholds the fee at source, so the credit does not
 * pay it: the ledger records it as a pair that leaves the balance where it was, money
 * collected in (collected:, not an invoice line) and the fee out (usage:take-rate:, an
 * invoice line), so the month's statement shows every fee taken. Posted once per charge
 * (the refIds carry the charge id).
 */
import type { Tx } from "../../../platform/db/database";
import { formatMoney, type CurrencyCode } from "./currency";
import { postEntry } from "./ledger";
import { refIds } from "./ref-ids";

export interface TakeRateEntry {
  orgId: string;
  chargeId: string;
  currency: CurrencyCode;
  chargeMinor: number;
  takeRateMinor: number;
  takeRateBps: number;
  at: number;
}

/** False when the fee rounds to nothing (no entry of zero exists). */
export async function recordTakeRate(tx: Tx, entry: TakeRateEntry): Promise<boolean> {
  if (entry.takeRateMinor === 0) return false;
  const rate = `${(entry.takeRateBps / 100).toFixed(2)}%`;
  const base = { orgId: entry.orgId, currency: entry.currency, at: entry.at };
  await postEntry(tx, { ...base, amount: entry.takeRateMinor, refId: refIds.takeRateCollected(entry.chargeId), reason: `Take rate withheld by the gateway from charge ${entry.chargeId}` });
  await postEntry(tx, { ...base, amount: -entry.takeRateMinor, refId: refIds.takeRate(entry.chargeId), reason: `Take rate ${rate} of ${formatMoney(entry.chargeMinor, entry.currency)} (charge ${entry.chargeId})` });
  return true;
}
