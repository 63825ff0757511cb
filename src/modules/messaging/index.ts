/**
 * The messaging domain's door (DESIGN §2): what other domains may use of it.
 */
export { ORG_MAIL_BUDGET, takeOrgMailBudget } from "./mail-budget";
export { type CoverageGroup, FUSED_GROUPS } from "./sms-coverage";
export { assertNumberCap, assertSmsFuse, coveredNumber, registerSmsCodeLedger, type SmsCodeLedger, smsNumberLock } from "./sms-usage";
export { SmsLimitErrors, smsLimitErrors } from "./errors";
export { composeMail, composeText, recipientLanguage, type MailOfParts, type MailTemplate, type TextTemplate } from "./compose";
export * from "./locales/index";
