/**
 * The commerce domain's door (DESIGN §2). No lower domain imports it: customers' MFA
 * receives its alimtalk sender as the context's `alimtalkCodes` port at init.
 */
export { type CommerceServices } from "./caller";
export { COMMERCE_EVENTS } from "./events";
