/**
 * POST /api/public/sms/send (spec 4.1): a text to one number, charged to the
 * organization's prepaid credit (docs/billing.md "Metered SMS").
 *
 * - The §8 coverage rules are messaging's: a number outside the 76 countries is 400
 *   region_not_supported at no cost, an implausible one 400 invalid_number.
 * - kind "code" (a one-time code the caller made) counts toward the §8 per-number caps of
 *   Limited and Restricted numbers and the platform-wide fuse, together with every other
 *   kind of texted code (this domain registers its SmsCodeLedger); both answer 429.
 * - kind "message" (any other text) goes only to a number whose holder opted in
 *   (optedIn: true, the caller's word), and a +1 number gets a closing opt-out line.
 * - The price (plans/prices.ts, by coverage group) is debited before the text leaves; 402
 *   insufficient_credit when the credit does not cover it. A text the provider refuses
 *   is given back (usage:sms:<id>:refund) and answers 502 send_failed.
 */
import { and, count, eq, gt, gte, inArray } from "drizzle-orm";
import type { AppContext } from "../../../context";
import { appendAudit } from "../../../platform/audit/append";
import { auditEvent } from "../../../platform/audit/catalog";
import { toIso } from "../../../platform/clock";
import { newId } from "../../../platform/ids";
import { SendFailedError } from "../../../platform/outbound";
import type { KeyCaller } from "../../access/index";
import { assertNumberCap, assertSmsFuse, coveredNumber, FUSED_GROUPS, type SmsCodeLedger, smsNumberLock } from "../../messaging/index";
import { billingErrors } from "../errors";
import { BILLING_EVENTS } from "../events";
import { creditAccount, debit, postEntry } from "../ledger/ledger";
import { refIds } from "../ledger/ref-ids";
import { SMS_PRICES } from "../plans/prices";
import { billingSmsSends } from "./schema";

export const SMS_SEND_SCOPE = "org.sms.send";
export const SMS_TEXT_MAX = 640;
const OPT_OUT_LINE = "Reply STOP to opt out.";

type Deps = Pick<AppContext, "db" | "clock" | "sms" | "config" | "logger">;

export interface SmsSendInput {
  to: string;
  text: string;
  kind?: "code" | "message";
  optedIn?: boolean;
}

export interface SmsSendResult {
  id: string;
  status: "sent";
  to: string;
  country: string;
  group: string;
  kind: "code" | "message";
  price: number;
  currency: string;
  balance: number;
  sentAt: string;
}

/** Codes sent through this route, for the §8 caps every kind of texted code shares. */
export const publicSmsLedger: SmsCodeLedger = {
  async sentTo(tx, phone, since) {
    const rows = await tx
      .select({ createdAt: billingSmsSends.createdAt })
      .from(billingSmsSends)
      .where(and(eq(billingSmsSends.phone, phone), eq(billingSmsSends.kind, "code"), inArray(billingSmsSends.status, ["sending", "sent"]), gt(billingSmsSends.createdAt, since)));
    return rows.map((r) => r.createdAt);
  },
  async sentToGroups(tx, groups, dayStart) {
    const [row] = await tx
      .select({ n: count() })
      .from(billingSmsSends)
      .where(and(inArray(billingSmsSends.coverageGroup, [...groups]), eq(billingSmsSends.kind, "code"), inArray(billingSmsSends.status, ["sending", "sent"]), gte(billingSmsSends.createdAt, dayStart)));
    return row?.n ?? 0;
  },
};

export async function sendMeteredSms(deps: Deps, caller: KeyCaller, input: SmsSendInput): Promise<SmsSendResult> {
  const kind = input.kind ?? "message";
  const { phone, country } = coveredNumber(input.to, 400);
  if (kind === "message" && input.optedIn !== true) throw billingErrors.error("smsOptInRequired", { field: "optedIn" });
  const text = kind === "message" && phone.startsWith("+1") ? `${input.text}\n${OPT_OUT_LINE}` : input.text;
  const now = deps.clock.now();
  const id = newId("sms");
  const charged = await deps.db.write(async (tx) => {
    if (kind === "code") {
      await tx.lock(smsNumberLock(phone));
      await assertNumberCap(tx, phone, country.group, now);
      if (FUSED_GROUPS.includes(country.group)) await assertSmsFuse(tx, now, deps.config.smsDailyFuse, 429);
    }
    const account = await creditAccount(tx, caller.org.id);
    const price = SMS_PRICES[country.group][account.currency];
    const posted = await debit(tx, { orgId: caller.org.id, currency: account.currency, amount: price, refId: refIds.sms(id), reason: `SMS to ${country.iso} (${country.group})`, actorId: caller.key.id, at: now });
    await tx.insert(billingSmsSends).values({ id, orgId: caller.org.id, keyId: caller.key.id, phone, country: country.iso, coverageGroup: country.group, kind, priceMinor: price, currency: account.currency, status: "sending", createdAt: now });
    await appendAudit(tx, {
      ...auditEvent(BILLING_EVENTS.smsCharged, { sendId: id, country: country.iso, group: country.group, kind, price, currency: account.currency }),
      orgId: caller.org.id,
      actor: { kind: "api_key", id: caller.key.id },
      requestId: caller.requestId,
      ip: caller.ip,
      userAgent: caller.userAgent,
      at: now,
    });
    return { price, currency: account.currency, balance: posted.balance };
  });
  try {
    await deps.sms.send({ to: phone, text });
  } catch (e) {
    if (!(e instanceof SendFailedError)) throw e;
    await deps.db.write(async (tx) => {
      await postEntry(tx, { orgId: caller.org.id, currency: charged.currency as "USD", amount: charged.price, refId: refIds.smsRefund(id), reason: "SMS not delivered: charge given back", at: deps.clock.now() });
      await tx.update(billingSmsSends).set({ status: "failed" }).where(eq(billingSmsSends.id, id));
    });
    deps.logger.warn("metered SMS refused by the provider", { orgId: caller.org.id, sendId: id, error: e.message });
    throw billingErrors.error("smsSendFailed", { status: 502, message: "the SMS provider refused the text; the charge was given back" });
  }
  await deps.db.write((tx) => tx.update(billingSmsSends).set({ status: "sent" }).where(eq(billingSmsSends.id, id)));
  return { id, status: "sent", to: phone, country: country.iso, group: country.group, kind, price: charged.price, currency: charged.currency, balance: charged.balance, sentAt: toIso(now) };
}
