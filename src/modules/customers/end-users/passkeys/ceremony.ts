/**
 * What the end-user passkey ceremonies need beyond the dashboard's (passkeys/ceremonies.ts):
 * a relying party per app group, several allowed origins (the application's and the
 * portal's), and stored credentials from end_user_passkeys.
 */
import type { Config } from "../../../../config";
import { ApiError } from "../../../../platform/http/errors";
import type { AppGroupRow, ApplicationRow } from "../../apps/schema";
import { clientDataOf, type ClientData } from "../../../identity/index";
import { endUserPasskeys } from "../schema";
import { endUserPasskeyErrors } from "./errors";

export type EndUserPasskeyRow = typeof endUserPasskeys.$inferSelect;

export interface EndUserRelyingParty {
  /** The app group's passkeyRpId, else the portal's host. */
  id: string;
  /** The application's Allowed Origins and the portal's origin. */
  origins: string[];
  name: string;
}

/**
 * The relying party of a ceremony. On the configured portal (or an application's own
 * origin): the group's passkeyRpId, else the portal's host. On the group's custom login
 * domain the id follows the domain: passkeyRpId when the domain is it or under it (a
 * registrable parent the owner chose), else the domain itself, since a browser refuses an
 * id that is not the page's host or a parent of it (docs/custom-domains.md "Passkeys").
 */
export function endUserRelyingParty(
  config: Pick<Config, "portalBase">,
  client: {
    appGroup: Pick<AppGroupRow, "passkeyRpId" | "name">;
    application: Pick<ApplicationRow, "allowedOrigins">;
    portal?: Pick<Config, "portalBase"> | null;
  },
): EndUserRelyingParty {
  const { appGroup, application } = client;
  const portal = new URL((client.portal ?? config).portalBase);
  const chosen = appGroup.passkeyRpId;
  const custom = !!client.portal;
  const fits = chosen !== null && (portal.hostname === chosen || portal.hostname.endsWith(`.${chosen}`));
  return {
    id: custom ? (fits ? chosen! : portal.hostname) : (chosen ?? portal.hostname),
    origins: [...new Set([...application.allowedOrigins, portal.origin])],
    name: appGroup.name,
  };
}

export function verificationFailed(message: string): ApiError {
  return endUserPasskeyErrors.error("verificationFailed", { message });
}

/**
 * The client data of a ceremony's response, checked for its type and origin before any
 * challenge is looked up, so that a wrong-origin answer gets its own clear code.
 */
export function clientDataFor(clientDataJSON: string, expectedType: "webauthn.create" | "webauthn.get", rp: EndUserRelyingParty): ClientData {
  const data = clientDataOf(clientDataJSON);
  if (!data || data.type !== expectedType) throw verificationFailed(`clientDataJSON is not a readable ${expectedType}`);
  if (!rp.origins.includes(data.origin)) {
    throw endUserPasskeyErrors.error("originNotAllowed", {
      message: "the passkey was used on an origin that is not one of the application's Allowed Origins nor the portal",
    });
  }
  return data;
}

/** The signature counter in authenticator data (bytes 33 to 36, big-endian), or null when too short. */
export function signCountOf(authenticatorData: string): number | null {
  const bytes = Buffer.from(authenticatorData, "base64url");
  return bytes.length < 37 ? null : bytes.readUInt32BE(33);
}

/**
 * WebAuthn §6.1.1: a counter that does not move forward, when either side ever used one,
 * means two authenticators hold the same key.
 */
export function assertCounterAdvances(stored: number, presented: number): void {
  if ((stored > 0 || presented > 0) && presented <= stored) {
    throw endUserPasskeyErrors.error("counterRegressed", { message: "the signature counter did not increase; the authenticator may be cloned" });
  }
}
