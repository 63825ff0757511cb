/**
 * Bot protection on the public sign-in routes: when an app group has
 * `botProtection` on, a send that can mail or text someone carries a `turnstileToken`
 * that a BotVerifier must accept. The verifier is pluggable; the one we ship asks
 * Cloudflare Turnstile's siteverify endpoint (SIGNET_TURNSTILE_* settings).
 */
import type { Config } from "../../../config";
import type { AppGroupRow } from "../apps/schema";
import { endUserErrors } from "./errors";

export interface BotVerdict {
  ok: boolean;
  /** Why a token was refused (missing-input-response, timeout-or-duplicate, not_configured, unreachable, …); null when ok. */
  reason: string | null;
}

export interface BotVerifier {
  verify(token: string, ip: string | null): Promise<BotVerdict>;
}

type Fetch = (input: string, init: RequestInit) => Promise<Response>;

/** Turnstile answers within a second; a stuck siteverify must not hold a sign-in. */
const SITEVERIFY_TIMEOUT_MS = 5_000;
/** Turnstile tokens are at most 2048 characters. */
export const TURNSTILE_TOKEN_MAX = 2048;

/**
 * Cloudflare Turnstile: POSTs the token, our secret and the client IP to siteverify.
 * Without a configured secret every token is refused (fail closed: protection that is
 * on must not silently let everyone through).
 */
export function turnstileVerifier(config: Pick<Config, "turnstile">, fetchFn: Fetch = fetch): BotVerifier {
  return {
    async verify(token, ip) {
      const { secret, verifyUrl } = config.turnstile;
      if (!secret) return { ok: false, reason: "not_configured" };
      const form = new URLSearchParams({ secret, response: token });
      if (ip) form.set("remoteip", ip);
      try {
        const response = await fetchFn(verifyUrl, { method: "POST", body: form, signal: AbortSignal.timeout(SITEVERIFY_TIMEOUT_MS) });
        if (!response.ok) return { ok: false, reason: `siteverify_http_${response.status}` };
        const outcome = (await response.json()) as { success?: unknown; "error-codes"?: unknown };
        if (outcome.success === true) return { ok: true, reason: null };
        const codes = Array.isArray(outcome["error-codes"]) ? outcome["error-codes"].filter((c) => typeof c === "string") : [];
        return { ok: false, reason: codes.join(",") || "rejected" };
      } catch {
        return { ok: false, reason: "unreachable" };
      }
    },
  };
}

/**
 * Nothing to do when the group's protection is off; otherwise 400 bot_check_failed
 * (field turnstileToken) unless the token is present and the verifier accepts it.
 */
export async function requireHuman(verifier: BotVerifier, group: Pick<AppGroupRow, "botProtection">, token: string | undefined, ip: string | null): Promise<void> {
  if (!group.botProtection) return;
  const refuse = (reason: string) =>
    endUserErrors.error("botCheckFailed", { field: "turnstileToken", reason, message: "the bot check did not pass; complete the challenge and try again" });
  if (!token) throw refuse("missing-input-response");
  const verdict = await verifier.verify(token, ip);
  if (!verdict.ok) throw refuse(verdict.reason ?? "rejected");
}
