/**
 * The messaging domain's door (DESIGN §2): what other domains may use of it.
 */
export { ORG_MAIL_BUDGET, takeOrgMailBudget } from "./mail-budget";
