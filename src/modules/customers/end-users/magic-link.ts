/**
 * End-user sign-in by magic link (spec 4.1). Sending never tells whether the address has
 * an account: the answer is the same, and the end user is found or created only when
 * the link is opened. The link is a 15-minute, single-use flow token bound to the
 * application that asked for it.
 */
import { composeMail, endUserMagicLinkMail } from "../../messaging/index";
import type { AppContext } from "../../../context";
import { ApiError } from "../../../platform/http/errors";
import { enforceRateLimits, type RateLimit } from "../../../platform/http/rate-limit";
import type { AppGroupRow } from "../apps/schema";
import { requireHuman, type BotVerifier } from "./bot-check";
import { endUserErrors } from "./errors";
import { consumeFlowToken, createFlowToken } from "./flow-tokens";
import { magicLinkLanding, postSignInRedirect } from "./redirects";
import { portalOf } from "./portal";
import { findEndUserByEmail, findOrCreateEndUser, normaliseEmail } from "./service";
import { openSignIn, recordFailedSignIn, type OpenedSignIn, type SignInClient } from "./sign-in";
import { requireTokenSigner } from "./tokens";

const MINUTE = 60_000;
export const END_USER_MAGIC_LINK_TTL_MS = 15 * MINUTE;
/** Sends per fixed window: per address within the app group (a mailbox is not flooded) and per client IP (addresses are not sprayed). */
export const END_USER_MAGIC_LINK_LIMITS = { perAddress: 5, perIp: 20, windowMs: 15 * MINUTE } as const;

export interface MagicLinkSendInput {
  email: string;
  redirectUrl?: string;
  postSignInRedirectUrl?: string;
  turnstileToken?: string;
}

/** 403 method_disabled when the app group has switched magic links off. */
export function requireMagicLinkEnabled(group: Pick<AppGroupRow, "loginMethods">): void {
  if (!group.loginMethods.magicLink) {
    throw endUserErrors.error("methodDisabled", { method: "magic_link", message: "magic links are switched off for this app" });
  }
}

function sendLimits(group: Pick<AppGroupRow, "id">, address: string, ip: string | null): RateLimit[] {
  const { perAddress, perIp, windowMs } = END_USER_MAGIC_LINK_LIMITS;
  const limits: RateLimit[] = [{ key: `end-user-magic-link:email:${group.id}:${address}`, limit: perAddress, windowMs }];
  if (ip) limits.push({ key: `end-user-magic-link:ip:${ip}`, limit: perIp, windowMs });
  return limits;
}

/** The link in the mail: the landing page with `token`, and `redirect_url` when a post-sign-in redirect was kept. */
export function magicLinkUrl(landing: string, token: string, postSignIn: string | null): string {
  const url = new URL(landing);
  url.searchParams.set("token", token);
  if (postSignIn) url.searchParams.set("redirect_url", postSignIn);
  return url.href;
}

/**
 * Checks the method, the landing redirect (400 redirect_not_allowed) and the bot check
 * (400 bot_check_failed), counts the send against the limits (429 rate_limited), stores
 * the token and mails the link after the commit. A disabled end user gets no mail, and
 * the same answer.
 */
export async function sendEndUserMagicLink(
  deps: Pick<AppContext, "db" | "clock" | "config" | "mail">,
  botVerifier: BotVerifier,
  client: SignInClient,
  input: MagicLinkSendInput,
): Promise<void> {
  const { application, appGroup } = client;
  requireMagicLinkEnabled(appGroup);
  const address = normaliseEmail(input.email);
  const landing = magicLinkLanding(portalOf(deps.config, client), application, input.redirectUrl);
  const postSignIn = postSignInRedirect(application, input.postSignInRedirectUrl);
  await requireHuman(botVerifier, appGroup, input.turnstileToken, client.ip);
  const now = deps.clock.now();
  const token = await deps.db.write(async (tx) => {
    await enforceRateLimits(tx, sendLimits(appGroup, address, client.ip), now);
    const existing = await findEndUserByEmail(tx, appGroup.id, address);
    if (existing?.status === "disabled") return null;
    return createFlowToken(
      tx,
      {
        kind: "magic_link",
        orgId: appGroup.orgId,
        appGroupId: appGroup.id,
        applicationId: application.id,
        email: address,
        data: { redirectUrl: landing, postSignInRedirectUrl: postSignIn },
        ttlMs: END_USER_MAGIC_LINK_TTL_MS,
      },
      now,
    );
  });
  if (token === null) return;
  await deps.mail.send({
    to: address,
    ...composeMail(endUserMagicLinkMail, client.language ?? "en", {
      app: appGroup.name,
      link: magicLinkUrl(landing, token, postSignIn),
      minutes: END_USER_MAGIC_LINK_TTL_MS / MINUTE,
    }),
  });
}

/**
 * Uses a link once and opens the session: the end user is found or created with the
 * address marked verified (an invited one becomes active). The post-sign-in redirect
 * (`redirectUrl` from the link's redirect_url, else the one kept at send) is checked
 * again against today's Callback URLs and dropped when no longer allowed. A refusal is
 * recorded for analytics with its code.
 */
export async function verifyEndUserMagicLink(
  deps: Pick<AppContext, "db" | "clock" | "secrets" | "keyring">,
  client: SignInClient,
  input: { token: string; redirectUrl?: string },
): Promise<OpenedSignIn> {
  const { application, appGroup } = client;
  requireMagicLinkEnabled(appGroup);
  await requireTokenSigner(deps, appGroup.orgId);
  const now = deps.clock.now();
  try {
    return await deps.db.write(async (tx) => {
      const link = await consumeFlowToken(tx, "magic_link", input.token, { appGroupId: appGroup.id, applicationId: application.id }, now);
      const { endUser, created } = await findOrCreateEndUser(tx, appGroup, { email: link.email, emailVerified: true }, now);
      const kept = typeof link.data.postSignInRedirectUrl === "string" ? link.data.postSignInRedirectUrl : null;
      const redirectUrl = postSignInRedirect(application, input.redirectUrl ?? kept);
      return openSignIn(tx, client, { endUser, created, method: "magic_link", amr: ["otp"], redirectUrl }, now);
    });
  } catch (error) {
    if (error instanceof ApiError) await recordFailedSignIn(deps, client, { method: "magic_link", reason: error.code });
    throw error;
  }
}
