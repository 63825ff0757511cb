/** Provisioning: SCIM 2.0 (spec 4.10) for an organization's identity provider, and its SCIM tokens (docs/scim.md). */
import type { AppContext } from "../../context";
import { defineModule } from "../../platform/module";
import { provisioningErrors } from "./errors";
import { PROVISIONING_EVENTS } from "./events";
import { provisioningRoutes } from "./routes";
import * as tables from "./schema";

export const provisioningModule = defineModule<AppContext>({
  name: "provisioning",
  errors: [provisioningErrors],
  events: Object.values(PROVISIONING_EVENTS),
  tags: [
    { name: "SCIM tokens", description: "The organization's SCIM tokens: created, revoked and erased by its owner or an admin (spec 4.4)." },
    { name: "SCIM discovery", description: "SCIM 2.0 service provider configuration, resource types and schemas (RFC 7643, RFC 7644 §4), under /scim/v2/{orgSlug}." },
    { name: "SCIM Users", description: "SCIM Users: the organization's members (Person badges; never agents or service accounts), spec 4.10." },
    { name: "SCIM Groups", description: "SCIM Groups: the organization's custom roles, their active holders as members, spec 4.10." },
  ],
  tables,
  routes: (ctx) => provisioningRoutes(ctx),
});
