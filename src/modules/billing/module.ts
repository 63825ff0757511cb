/** Add-ons and the prepaid credit they draw on. */
import type { AppContext } from "../../context";
import { defineModule } from "../../platform/module";
import { BILLING_EVENTS } from "./events";
import { addonRoutes } from "./addons/routes";
import * as tables from "./addons/schema";
import { addonErrors } from "./addons/errors";

export const billingModule = defineModule<AppContext>({
  name: "billing",
  events: Object.values(BILLING_EVENTS),
  errors: [addonErrors],
  tags: [
    { name: "Add-ons", description: "Paid add-ons an organization switches on, charged against its prepaid credit (spec 4.4, 8)." },
  ],
  tables,
  routes: (ctx) => [addonRoutes(ctx)],
});
