/** Organizations, members and badges, roles and permissions, settings, OTP. */
import type { AppContext } from "../../context";
import { defineModule } from "../../platform/module";
import { ORG_EVENTS } from "./events";
import { orgOtpPruneJob } from "./jobs";
import { memberRoutes } from "./members/routes";
import { registerSmsCodeLedger } from "../messaging/index";
import { otpSmsLedger } from "./otp";
import { otpRoutes } from "./otp-routes";
import { orgRoutes } from "./routes";
import { orgAccessErrors } from "./access";
import { orgErrors, otpErrors, planErrors, settingsErrors } from "./errors";
import { memberErrors } from "./members/errors";
import { permissionErrors } from "./permissions/errors";
import { generalSettings, notificationSettings, onboardingSettings, securitySettings } from "./settings-sections";
import * as tables from "./schema";
import { ORG_SEALED_RECORDS } from "./sealed-records";

export const orgsModule = defineModule<AppContext>({
  name: "orgs",
  events: Object.values(ORG_EVENTS),
  settings: [generalSettings, securitySettings, onboardingSettings, notificationSettings],
  tags: [
    { name: "Organizations", description: "Organization create, types, representative, OTP verification, settings and sub-organizations." },
    { name: "Members", description: "Members, invitations, roles, badges (ConnectedIds) and service accounts." },
  ],
  tables,
  sealedRecords: ORG_SEALED_RECORDS,
  errors: [orgAccessErrors, permissionErrors, memberErrors, orgErrors, planErrors, settingsErrors, otpErrors],
  init: () => {
    registerSmsCodeLedger("org-otp", otpSmsLedger);
    return {};
  },
  routes: (ctx) => [orgRoutes(ctx), otpRoutes(ctx), memberRoutes(ctx)],
  jobs: (ctx) => [orgOtpPruneJob(ctx)],
});
