/**
 * The billing domain's door (DESIGN §2): what other domains may use. Other domains import
 * from here only, never its internals or tables.
 */
export { enabledAddons } from "./addons/service";
export { creditAccount, creditBalance, reserveOf } from "./ledger/ledger";
export { type DelinquencyEvent, type DelinquencyHook, type DelinquencyStage, registerDelinquencyHook, unregisterDelinquencyHook } from "./notices";
export { type PaymentGateway } from "./payments/gateway";
export { type CurrencyCode, CURRENCY_CODES } from "./ledger/currency";
export { recordTakeRate, type TakeRateEntry } from "./ledger/take-rate";
export { stripeSignatureProblem } from "./payments/stripe";
