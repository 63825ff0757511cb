/** Every table of the product, for migration generation. Add a module's schema here. */
export * from "./platform/outbound/schema";
export * from "./platform/jobs/schema";
export * from "./platform/audit/schema";
export * from "./modules/accounts/schema";
export * from "./modules/orgs/schema";
export * from "./platform/http/schema";
export * from "./modules/keys/schema";
export * from "./modules/audit/schema";
export * from "./modules/files/schema";
export * from "./modules/apps/schema";
export * from "./modules/permits/schema";
export * from "./modules/end-users/schema";
export * from "./modules/analytics/schema";
export * from "./modules/addons/schema";
