/**
 * The API key defaults section of the organization settings (spec 4.3
 * `settings/api-key-scope`): the scopes a new key gets when its request names none, and
 * the ceiling of M2M token lifetimes. Orgs stores and serves it; the rules are access's.
 */
import { t } from "elysia";
import { jsonInteger } from "../../../platform/http/wire-schemas";
import { coversAll, orgSettingsSection, permissionErrors, validateScopes } from "../../orgs/index";

/** Token lifetime an org may set without a personal seal; longer ceilings are per key and sealed (spec §8). */
export const TOKEN_LIFETIME = { min: 60, max: 300, default: 300 } as const;

export const apiKeySettings = orgSettingsSection({
  key: "api_key_scope",
  path: "api-key-scope",
  wireKey: "apiKeyScope",
  body: t.Object(
    {
      defaultScopes: t.Array(t.String({ maxLength: 200 }), { maxItems: 200, description: "Scopes a new API key gets when its request names none; each within the caller's own" }),
      maxTokenLifetimeSeconds: t.Optional(
        jsonInteger({ minimum: TOKEN_LIFETIME.min, maximum: TOKEN_LIFETIME.max, description: "Ceiling of M2M token lifetimes, 60-300 s (default 300); longer ceilings are per key and need the owner's seal" }),
      ),
    },
    { additionalProperties: false },
  ),
  document: t.Object({ defaultScopes: t.Array(t.String()), maxTokenLifetimeSeconds: t.Integer() }),
  summary: "Replace the API key scope defaults",
  description:
    "defaultScopes follow the scope grammar (400 invalid_scope naming the entry) and must lie within the caller's own scopes (403 PERMISSION_DENIED): a key may only narrow. maxTokenLifetimeSeconds is 60-300, default 300.",
  eventDescription: "Default API key scopes replaced",
  defaults: () => ({ defaultScopes: [], maxTokenLifetimeSeconds: TOKEN_LIFETIME.default }),
  normalise: (body, actor) => {
    const defaultScopes = validateScopes(body.defaultScopes, "defaultScopes");
    body.defaultScopes.forEach((scope, i) => {
      if (!coversAll(actor.scopes, [scope])) {
        throw permissionErrors.error("permissionDenied", { field: `defaultScopes[${i}]`, scope, message: "a default scope must be one you hold" });
      }
    });
    return { defaultScopes, maxTokenLifetimeSeconds: body.maxTokenLifetimeSeconds ?? TOKEN_LIFETIME.default };
  },
});
