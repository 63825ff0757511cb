/** Organizations, members and badges, roles and permissions, settings, OTP. */
import type { AppContext } from "../../context";
import { defineModule } from "../../platform/module";
import { orgOtpPruneJob } from "./jobs";
import { memberRoutes } from "./members/routes";
import { otpRoutes } from "./otp-routes";
import { orgRoutes } from "./routes";
import * as tables from "./schema";

export const orgsModule = defineModule<AppContext>({
  name: "orgs",
  tables,
  routes: (ctx) => [orgRoutes(ctx), otpRoutes(ctx), memberRoutes(ctx)],
  jobs: (ctx) => [orgOtpPruneJob(ctx)],
});
