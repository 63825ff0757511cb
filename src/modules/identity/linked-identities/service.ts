/**
 * Linked identities (spec 4.4, 5.6): a signed-in user asks to link another e-mail's
 * account; whoever controls that mailbox confirms with a single-use link; the link is
 * sealed (its record hash) and append-only (revocation is recorded once, never deleted).
 *
 * A link is directional: the account that asked may switch to the confirmed one, not
 * the other way round. The asker only typed an address, so a typo must not hand the
 * asker's account to a stranger who confirms; the confirming side consented by opening
 * the link. Linking both ways takes one request from each side. Either side may revoke.
 */
import { and, desc, eq, isNull, or } from "drizzle-orm";
import type { AppContext } from "../../../context";
import { recordHash } from "../../../platform/crypto/canonical-json";
import { randomSecret, sha256Hex } from "../../../platform/crypto/hash";
import type { Queryable } from "../../../platform/db/database";
import { ApiError, RateLimitedError } from "../../../platform/http/errors";
import { newId } from "../../../platform/ids";
import type { SessionActor } from "../guard";
import { linkedIdentities, linkRequests, users } from "../schema";
import { accountLanguage, findOrCreateUser, normaliseEmail } from "../service";
import type { Language } from "../../../platform/languages";
import { accountLinkMail, composeMail, recipientLanguage } from "../../messaging/index";
import { verifyPersonalSeal } from "../passkeys/seal";
import { linkErrors } from "./errors";
import { kernelErrors } from "../../../platform/http/error-catalog";

const MINUTE = 60_000;
/** Spec §8: the confirm link lives 15 minutes; one initiate per minute per user. */
export const LINK_TTL_MS = 15 * MINUTE;
export const INITIATE_INTERVAL_MS = MINUTE;
export const CONFIRM_PATH = "/api/auth/linked-identities/confirm";
/** The personal-seal purpose of a switch; its subject is the target user's id. */
export const SWITCH_PURPOSE = "linked_identity.switch";

type Actor = Pick<SessionActor, "userId" | "email">;
type Link = typeof linkedIdentities.$inferSelect;
type Account = { id: string; email: string };

export interface LinkView {
  id: string;
  /** outgoing: you may switch to `user`; incoming: `user` may switch to you. */
  direction: "outgoing" | "incoming";
  user: Account;
  createdAt: string;
  recordHash: string;
}

export function confirmUrl(config: AppContext["config"], token: string): string {
  return `${config.dashboardBase}${CONFIRM_PATH}?token=${token}`;
}

/** The active (unrevoked) link from `userId` to `linkedUserId`, if any. */
async function activeLink(reader: Queryable, userId: string, linkedUserId: string): Promise<Link | null> {
  const [link] = await reader
    .select()
    .from(linkedIdentities)
    .where(and(eq(linkedIdentities.userId, userId), eq(linkedIdentities.linkedUserId, linkedUserId), isNull(linkedIdentities.revokedAt)));
  return link ?? null;
}

async function accountByEmail(reader: Queryable, email: string): Promise<(Account & { language: Language | null }) | null> {
  const [user] = await reader.select({ id: users.id, email: users.email, language: users.language }).from(users).where(eq(users.email, email));
  return user ?? null;
}

/**
 * Records a link request and mails the confirm link to `email` (after the transaction
 * commits). 400 `cannot_link_self`, 409 `already_linked`, 429 `rate_limited` when the
 * caller asked less than a minute ago; a refusal stores and sends nothing.
 */
export async function initiateLink(
  deps: Pick<AppContext, "db" | "clock" | "config" | "mail">,
  actor: Actor,
  input: { email: string },
  /** The asking request's language: the mail's when neither account chose one. */
  askedIn: Language = "en",
): Promise<{ expiresAt: number }> {
  const address = normaliseEmail(input.email);
  if (address === actor.email) throw linkErrors.error("cannotLinkSelf", { field: "email", message: "this is your own address" });
  const token = randomSecret(32);
  const now = deps.clock.now();
  const sent = await deps.db.write(async (tx) => {
    await tx.lock(`link-initiate:${actor.userId}`);
    const [last] = await tx
      .select({ createdAt: linkRequests.createdAt })
      .from(linkRequests)
      .where(eq(linkRequests.userId, actor.userId))
      .orderBy(desc(linkRequests.createdAt))
      .limit(1);
    if (last && last.createdAt > now - INITIATE_INTERVAL_MS) {
      const retryAfterSeconds = Math.max(1, Math.ceil((last.createdAt + INITIATE_INTERVAL_MS - now) / 1000));
      throw new RateLimitedError(retryAfterSeconds);
    }
    const target = await accountByEmail(tx, address);
    if (target && (await activeLink(tx, actor.userId, target.id))) {
      throw linkErrors.error("alreadyLinked", { message: "you are already linked to this account" });
    }
    await tx.insert(linkRequests).values({ id: sha256Hex(token), userId: actor.userId, email: address, expiresAt: now + LINK_TTL_MS, createdAt: now });
    // The address's own account choice, else the asker's, else the asking request's.
    return { expiresAt: now + LINK_TTL_MS, language: recipientLanguage(target?.language, await accountLanguage(tx, actor.userId), askedIn) };
  });
  const values = { asker: actor.email, address, link: confirmUrl(deps.config, token), minutes: LINK_TTL_MS / MINUTE };
  await deps.mail.send({ to: address, ...composeMail(accountLinkMail, sent.language, values) });
  return { expiresAt: sent.expiresAt };
}

function refusedToken(name: "linkInvalid" | "linkUsed" | "linkExpired"): ApiError {
  return linkErrors.error(name, { field: "token" });
}

/**
 * Uses a confirm token once and creates the sealed link from the asking account to the
 * account of the confirmed address (found, or created for it). 400 `link_invalid`,
 * `link_used`, `link_expired`. When an active link between the two already exists it
 * is returned as it is (confirming twice links once).
 */
export async function confirmLink(
  deps: Pick<AppContext, "db" | "clock">,
  token: string,
): Promise<{ id: string; from: Account; to: Account; createdAt: number; recordHash: string }> {
  const id = sha256Hex(token);
  const now = deps.clock.now();
  return deps.db.write(async (tx) => {
    const [request] = await tx.select().from(linkRequests).where(eq(linkRequests.id, id));
    if (!request) throw refusedToken("linkInvalid");
    if (request.consumedAt !== null) throw refusedToken("linkUsed");
    if (request.expiresAt <= now) throw refusedToken("linkExpired");
    const claimed = await tx
      .update(linkRequests)
      .set({ consumedAt: now })
      .where(and(eq(linkRequests.id, id), isNull(linkRequests.consumedAt)))
      .returning({ id: linkRequests.id });
    if (claimed.length === 0) throw refusedToken("linkUsed");

    // Confirmations for one pair run one at a time: one account is created, one link written.
    await tx.lock(`linked-identity:${request.userId}:${request.email}`);
    const [from] = await tx.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, request.userId));
    const { user } = await findOrCreateUser(tx, request.email, now);
    const to = { id: user.id, email: user.email };
    const existing = await activeLink(tx, from!.id, to.id);
    if (existing) return { id: existing.id, from: from!, to, createdAt: existing.createdAt, recordHash: existing.recordHash };
    const link = { id: newId(), userId: from!.id, linkedUserId: to.id, createdAt: now };
    const sealed = recordHash(link);
    await tx.insert(linkedIdentities).values({ ...link, recordHash: sealed });
    return { id: link.id, from: from!, to, createdAt: now, recordHash: sealed };
  });
}

/** The caller's active links, both directions, oldest first. */
export async function listLinks(deps: Pick<AppContext, "db">, actor: Actor): Promise<LinkView[]> {
  const reader = deps.db.read;
  const columns = { link: linkedIdentities, user: { id: users.id, email: users.email } };
  const outgoing = await reader
    .select(columns)
    .from(linkedIdentities)
    .innerJoin(users, eq(users.id, linkedIdentities.linkedUserId))
    .where(and(eq(linkedIdentities.userId, actor.userId), isNull(linkedIdentities.revokedAt)));
  const incoming = await reader
    .select(columns)
    .from(linkedIdentities)
    .innerJoin(users, eq(users.id, linkedIdentities.userId))
    .where(and(eq(linkedIdentities.linkedUserId, actor.userId), isNull(linkedIdentities.revokedAt)));
  const view = (direction: LinkView["direction"]) => (row: { link: Link; user: Account }): LinkView => ({
    id: row.link.id,
    direction,
    user: row.user,
    createdAt: new Date(row.link.createdAt).toISOString(),
    recordHash: row.link.recordHash,
  });
  return [...outgoing.map(view("outgoing")), ...incoming.map(view("incoming"))].sort(
    (a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id),
  );
}

/**
 * Revokes a link the caller is a side of: records revokedAt and revokedBy once and
 * keeps the row. 404 `link_not_found` for another user's link or an unknown id, 409
 * `link_already_revoked` the second time.
 */
export async function revokeLink(deps: Pick<AppContext, "db" | "clock">, actor: Actor, id: string): Promise<{ id: string; revokedAt: number; revokedBy: string }> {
  const now = deps.clock.now();
  return deps.db.write(async (tx) => {
    const [link] = await tx
      .select()
      .from(linkedIdentities)
      .where(and(eq(linkedIdentities.id, id), or(eq(linkedIdentities.userId, actor.userId), eq(linkedIdentities.linkedUserId, actor.userId))));
    if (!link) throw linkErrors.error("linkNotFound", { message: "no such link" });
    const revoked = await tx
      .update(linkedIdentities)
      .set({ revokedAt: now, revokedBy: actor.userId })
      .where(and(eq(linkedIdentities.id, id), isNull(linkedIdentities.revokedAt)))
      .returning({ id: linkedIdentities.id });
    if (revoked.length === 0) {
      throw linkErrors.error("alreadyRevoked", { revokedAt: new Date(link.revokedAt ?? now).toISOString() });
    }
    return { id, revokedAt: now, revokedBy: actor.userId };
  });
}

/**
 * Spec 5.6, in its order: the link must exist and be active (404 `not_linked`); an
 * assertion is required (403 `step_up_required`); it must verify as the caller's own
 * personal seal for `linked_identity.switch` on the target's id (403 `step_up_failed`).
 * Returns the account to sign in as; the route re-issues the session.
 */
export async function authorizeSwitch(
  deps: Pick<AppContext, "db" | "clock" | "config">,
  actor: Actor,
  input: { targetUserId?: string; email?: string; assertion: unknown },
): Promise<Account> {
  if ((input.targetUserId === undefined) === (input.email === undefined)) {
    throw kernelErrors.error("invalidRequest", { field: "targetUserId", message: "give either targetUserId or email" });
  }
  return deps.db.write(async (tx) => {
    const target = input.email !== undefined
      ? await accountByEmail(tx, normaliseEmail(input.email))
      : ((await tx.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, input.targetUserId!)))[0] ?? null);
    if (!target || !(await activeLink(tx, actor.userId, target.id))) {
      throw linkErrors.error("notLinked", { message: "you have no active link to this account" });
    }
    await verifyPersonalSeal(tx, deps, { userId: actor.userId, purpose: SWITCH_PURPOSE, subject: target.id, assertion: input.assertion });
    return target;
  });
}
