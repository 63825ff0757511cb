/** Error codes of billing: the credit ledger, payments, plans, invoices and metered SMS (DESIGN §7). */
import { defineErrors } from "../../platform/http/error-catalog";

export const billingErrors = defineErrors({
  invalidAmount: { code: "invalid_amount", status: 400, message: "an amount is a whole number of minor units (cents; won for KRW) within the route's range" },
  unsupportedCurrency: { code: "unsupported_currency", status: 400, message: "the currency is not one the ledger keeps (USD, KRW)" },
  currencyMismatch: { code: "currency_mismatch", status: 400, message: "the organization's credit is kept in another currency (accountCurrency)" },
  insufficientCredit: { code: "insufficient_credit", status: 402, message: "the prepaid credit does not cover the charge (balance, required)" },
  paymentsNotConfigured: { code: "payments_not_configured", status: 503, message: "no payment processor is configured (SIGNET_STRIPE_SECRET_KEY); an operator can add credit with signet admin credit" },
  paymentFailed: { code: "payment_failed", status: 502, message: "the payment processor refused or could not be reached; nothing was charged or credited" },
  invalidSignature: { code: "invalid_signature", status: 400, message: "the webhook's Stripe-Signature is missing, malformed, stale (over 5 minutes) or does not match" },
  webhooksNotConfigured: { code: "webhooks_not_configured", status: 404, message: "no payment webhook secret is configured" },
  withdrawalTooSmall: { code: "withdrawal_too_small", status: 400, message: "after the 2.9% + fixed fee nothing would be paid out" },
  nothingToWithdraw: { code: "nothing_to_withdraw", status: 400, message: "the amount is more than the paid credit that can be withdrawn (withdrawable)" },
  unknownPlan: { code: "unknown_plan", status: 400, message: "no plan with that key (free, pro, pro_plus, business, enterprise)" },
  planNotSelfServe: { code: "plan_not_self_serve", status: 400, message: "Enterprise is priced per contract; an operator sets it" },
  planFollowsParent: { code: "plan_follows_parent", status: 409, message: "a sub-organization follows its parent's plan" },
  invoiceNotFound: { code: "not_found", status: 404, message: "no invoice with that id here" },
  invoiceNotIssued: { code: "invoice_not_issued", status: 409, message: "only an issued invoice can be corrected or rendered as a PDF" },
  smsOptInRequired: { code: "opt_in_required", status: 400, message: "texts other than codes go only to numbers whose holder opted in (optedIn: true)" },
  smsSendFailed: { code: "send_failed", status: [502, 503], message: "the SMS provider refused the text; the charge was given back" },
});

export const BillingErrors = billingErrors.codes;
