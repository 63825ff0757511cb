/**
 * Dashboard sign-in by magic link. Sending never reveals whether an account exists (the
 * account is created when the link is first used); the token is random, single-use,
 * short-lived and stored only as its SHA-256.
 */
import { and, eq, isNull } from "drizzle-orm";
import type { AppContext } from "../../context";
import { randomSecret, sha256Hex } from "../../platform/crypto/hash";
import { ApiError } from "../../platform/http/errors";
import { enforceRateLimits, type RateLimit } from "../../platform/http/rate-limit";
import { accountErrors } from "./errors";
import { safeReturnUrl } from "./return-url";
import { magicLinks } from "./schema";
import { findOrCreateUser, normaliseEmail } from "./service";
import { userByEmail } from "./directory";
import type { Language } from "../../platform/languages";
import { accountMagicLinkMail, composeMail, recipientLanguage } from "../messaging/index";

const MINUTE = 60_000;
export const MAGIC_LINK_TTL_MS = 15 * MINUTE;
/** Sends allowed per fixed window: per address (a mailbox is not flooded) and per client IP (addresses are not sprayed). */
export const MAGIC_LINK_LIMITS = { perAddress: 5, perIp: 20, windowMs: 15 * MINUTE } as const;
export const MAGIC_LINK_VERIFY_PATH = "/api/auth/magic-link/verify";

export interface MagicLinkRequest {
  email: string;
  /** Where to go after signing in; kept only when it is on this deployment (safeReturnUrl). */
  returnUrl?: string | null;
  /** The client's IP; unknown (null) only when no socket is involved, and then not limited per IP. */
  ip: string | null;
  /** The request's language (its switcher cookie or Accept-Language): the mail's, unless the account chose one. */
  language: Language;
}

export function magicLinkUrl(config: AppContext["config"], token: string): string {
  return `${config.dashboardBase}${MAGIC_LINK_VERIFY_PATH}?token=${token}`;
}

function sendLimits(address: string, ip: string | null): RateLimit[] {
  const { perAddress, perIp, windowMs } = MAGIC_LINK_LIMITS;
  const limits: RateLimit[] = [{ key: `magic-link:email:${address}`, limit: perAddress, windowMs }];
  if (ip) limits.push({ key: `magic-link:ip:${ip}`, limit: perIp, windowMs });
  return limits;
}

/**
 * Records a new link for the address and mails it (after the transaction commits).
 * Throws 400 `invalid_email`, or RateLimitedError when the address or the IP has sent
 * too many; a refused attempt stores and sends nothing.
 */
export async function sendMagicLink(deps: Pick<AppContext, "db" | "clock" | "config" | "mail">, request: MagicLinkRequest): Promise<{ email: string }> {
  const address = normaliseEmail(request.email);
  const returnUrl = safeReturnUrl(deps.config, request.returnUrl);
  const token = randomSecret(32);
  const now = deps.clock.now();
  const language = await deps.db.write(async (tx) => {
    await enforceRateLimits(tx, sendLimits(address, request.ip), now);
    await tx.insert(magicLinks).values({
      id: sha256Hex(token),
      email: address,
      returnUrl,
      requestIp: request.ip,
      expiresAt: now + MAGIC_LINK_TTL_MS,
      createdAt: now,
    });
    // The account's own choice when there is one; the mail goes to its owner either way, so it reveals nothing.
    const account = await userByEmail(tx, address);
    return recipientLanguage(account?.language, request.language);
  });
  await deps.mail.send({
    to: address,
    ...composeMail(accountMagicLinkMail, language, { link: magicLinkUrl(deps.config, token), minutes: MAGIC_LINK_TTL_MS / MINUTE }),
  });
  return { email: address };
}

function refused(name: "magicLinkInvalid" | "magicLinkUsed" | "magicLinkExpired"): ApiError {
  return accountErrors.error(name, { field: "token" });
}

/**
 * Uses a link once: 400 `magic_link_invalid` (unknown), `magic_link_used` or
 * `magic_link_expired`. The account behind the address is found or created. Of
 * concurrent redemptions exactly one wins: the claim is a conditional update. The kept
 * returnUrl is checked again, against the origins configured now.
 */
export async function redeemMagicLink(
  deps: Pick<AppContext, "db" | "clock" | "config">,
  token: string,
): Promise<{ user: { id: string; email: string }; returnUrl: string | null }> {
  const id = sha256Hex(token);
  const now = deps.clock.now();
  return deps.db.write(async (tx) => {
    const [link] = await tx.select().from(magicLinks).where(eq(magicLinks.id, id));
    if (!link) throw refused("magicLinkInvalid");
    if (link.consumedAt !== null) throw refused("magicLinkUsed");
    if (link.expiresAt <= now) throw refused("magicLinkExpired");
    const claimed = await tx
      .update(magicLinks)
      .set({ consumedAt: now })
      .where(and(eq(magicLinks.id, id), isNull(magicLinks.consumedAt)))
      .returning({ id: magicLinks.id });
    if (claimed.length === 0) throw refused("magicLinkUsed");
    const { user } = await findOrCreateUser(tx, link.email, now);
    return { user: { id: user.id, email: user.email }, returnUrl: safeReturnUrl(deps.config, link.returnUrl) };
  });
}
