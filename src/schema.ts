/** Every table of the product, for migration generation. Add a module's schema here. */
export * from "./platform/outbound/schema";
export * from "./platform/jobs/schema";
export * from "./platform/audit/schema";
export * from "./modules/identity/schema";
export * from "./modules/orgs/schema";
export * from "./platform/http/schema";
export * from "./modules/access/machine/schema";
export * from "./modules/trust/audit/schema";
export * from "./modules/storage/files/schema";
export * from "./modules/customers/apps/schema";
export * from "./modules/trust/permits/schema";
export * from "./modules/customers/end-users/schema";
export * from "./modules/analytics/schema";
export * from "./modules/billing/addons/schema";
