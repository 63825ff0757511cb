/**
 * The WebAuthn relying party is the dashboard: its hostname is the RP ID and its
 * origin the only origin an assertion may come from.
 */
import type { Config } from "../../../config";

export interface RelyingParty {
  id: string;
  origin: string;
  name: string;
}

export function relyingParty(config: Pick<Config, "dashboardBase">): RelyingParty {
  const url = new URL(config.dashboardBase);
  return { id: url.hostname, origin: url.origin, name: "Signet" };
}
