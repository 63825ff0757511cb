/**
 * Invitations by e-mail. The code is a 256-bit secret mailed to the invitee as
 * `${dashboardBase}/invite/<code>` and shown once to the inviter; only its SHA-256 is
 * stored. An invitation is pending until it is accepted, revoked, or 7 days old.
 * Reading a code is public but limited per IP: codes are found only by guessing.
 */
import { composeMail, memberInvitationMail, takeOrgMailBudget } from "../../messaging";
import { orgMailLanguage } from "../mail-language";
import { and, asc, eq, gt, isNull } from "drizzle-orm";
import type { AppContext } from "../../../context";
import type { Queryable, Tx } from "../../../platform/db/database";
import { appendAudit } from "../../../platform/audit/append";
import { randomSecret, sha256Hex } from "../../../platform/crypto/hash";
import { enforceRateLimits } from "../../../platform/http/rate-limit";
import { newId } from "../../../platform/ids";
import { SendFailedError } from "../../../platform/outbound/errors";
import { normaliseEmail, userByEmail } from "../../identity/index";
import { assertEmailDomainAllowed } from "../security-policy";
import { addMembership } from "../membership";
import { invitations, memberships, organizations } from "../schema";
import { KNOWN_SCOPES } from "../permissions/roles";
import { assertCan } from "../permissions/service";
import { auditEvent } from "../../../platform/audit/catalog";
import { ORG_EVENTS } from "../events";
import { recordEvent, type MemberCaller } from "./caller";
import { memberErrors } from "./errors";
import { resolveAssignableRole, roleNamer } from "./roles";

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Public reads and accepts of invitation codes, per client IP. */
export const CODE_LOOKUP_LIMIT = { limit: 60, windowMs: 60 * 1000 } as const;

export type InvitationStatus = "pending" | "accepted" | "revoked" | "expired";
type Invitation = typeof invitations.$inferSelect;

export function invitationStatus(row: Invitation, now: number): InvitationStatus {
  if (row.acceptedAt !== null) return "accepted";
  if (row.revokedAt !== null) return "revoked";
  return now >= row.expiresAt ? "expired" : "pending";
}

/** Why a non-pending invitation cannot be used or revoked, as an error code. */
const SPENT = {
  accepted: "invitationUsed",
  revoked: "invitationRevoked",
  expired: "invitationExpired",
} as const satisfies Record<Exclude<InvitationStatus, "pending">, keyof typeof memberErrors.specs>;

export interface InvitationView {
  id: string;
  email: string;
  role: string;
  roleName: string;
  status: InvitationStatus;
  invitedBy: string;
  createdAt: string;
  expiresAt: string;
}

export interface IssuedInvitation extends InvitationView {
  /** The code, shown once: the invitee receives it by e-mail. */
  code: string;
  url: string;
  /** false when the mail server refused the message; the invitation stands and the code can be passed on by hand. */
  emailSent: boolean;
}

function view(row: Invitation, roleName: string, now: number): InvitationView {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    roleName,
    status: invitationStatus(row, now),
    invitedBy: row.invitedBy,
    createdAt: new Date(row.createdAt).toISOString(),
    expiresAt: new Date(row.expiresAt).toISOString(),
  };
}

const pendingAt = (now: number) => and(isNull(invitations.acceptedAt), isNull(invitations.revokedAt), gt(invitations.expiresAt, now));

/** Marks a pending invitation revoked, with org.invitation.revoked; false when it was no longer pending. */
async function markRevoked(tx: Tx, caller: MemberCaller, row: Invitation, reason: "revoked" | "reissued", at: number): Promise<boolean> {
  const updated = await tx
    .update(invitations)
    .set({ revokedAt: at })
    .where(and(eq(invitations.id, row.id), pendingAt(at)))
    .returning({ id: invitations.id });
  if (updated.length === 0) return false;
  await recordEvent(tx, caller, auditEvent(ORG_EVENTS.invitationRevoked, { invitationId: row.id, email: row.email, reason }), at);
  return true;
}

/**
 * Invites `email` with a role the caller may hand out. An existing member is 409
 * already_member; a pending invitation for the same address is revoked and replaced
 * (re-issue), so at most one code per address works. The mail goes out after commit.
 */
export async function createInvitation(
  deps: Pick<AppContext, "db" | "clock" | "mail" | "config" | "logger">,
  caller: MemberCaller,
  input: { email: string; role: string },
): Promise<IssuedInvitation> {
  assertCan(caller.actor, KNOWN_SCOPES.memberInvite);
  const email = normaliseEmail(input.email);
  await assertEmailDomainAllowed(deps.db.read, caller.org, email);
  const code = randomSecret(32);
  const issued = await deps.db.write(async (tx) => {
    await tx.lock(`invitation-email:${caller.org.id}:${email}`);
    const role = await resolveAssignableRole(tx, caller, input.role);
    const person = await userByEmail(tx, email);
    const [member] = person ? await tx.select({ id: memberships.id }).from(memberships).where(and(eq(memberships.orgId, caller.org.id), eq(memberships.userId, person.id))) : [];
    if (member) throw memberErrors.error("alreadyMember", { field: "email", message: `${email} is already a member` });
    const now = deps.clock.now();
    const earlier = await tx.select().from(invitations).where(and(eq(invitations.orgId, caller.org.id), eq(invitations.email, email), pendingAt(now)));
    for (const row of earlier) await markRevoked(tx, caller, row, "reissued", now);
    const [row] = await tx
      .insert(invitations)
      .values({
        id: newId(),
        orgId: caller.org.id,
        email,
        role: role.role,
        codeHash: sha256Hex(code),
        invitedBy: caller.actor.userId,
        expiresAt: now + INVITATION_TTL_MS,
        createdAt: now,
      })
      .returning();
    await recordEvent(tx, caller, auditEvent(ORG_EVENTS.invitationCreated, { invitationId: row!.id, email, role: role.role, expiresAt: new Date(row!.expiresAt).toISOString() }), now);
    // The invitation mail comes out of the organization's mail budget (429 before anything is written).
    await takeOrgMailBudget(tx, caller.org.id, 1, now, "email");
    return view(row!, role.name, now);
  });
  const url = `${deps.config.dashboardBase}/invite/${code}`;
  const emailSent = await mailInvitation(deps, caller, issued, url);
  return { ...issued, code, url, emailSent };
}

async function mailInvitation(deps: Pick<AppContext, "db" | "mail" | "logger">, caller: MemberCaller, invitation: InvitationView, url: string): Promise<boolean> {
  const language = await orgMailLanguage(deps.db.read, caller, invitation.email);
  const values = { inviter: caller.actor.email, org: caller.org.name, role: invitation.roleName, link: url, email: invitation.email, expiresAt: invitation.expiresAt };
  try {
    await deps.mail.send({ to: invitation.email, ...composeMail(memberInvitationMail, language, values) });
    return true;
  } catch (e) {
    if (!(e instanceof SendFailedError)) throw e;
    deps.logger.warn("invitation mail refused", { invitationId: invitation.id, error: e.message });
    return false;
  }
}

export async function listInvitations(deps: Pick<AppContext, "db" | "clock">, caller: MemberCaller): Promise<InvitationView[]> {
  assertCan(caller.actor, KNOWN_SCOPES.memberInvite);
  const now = deps.clock.now();
  const rows = await deps.db.read
    .select()
    .from(invitations)
    .where(and(eq(invitations.orgId, caller.org.id), pendingAt(now)))
    .orderBy(asc(invitations.createdAt), asc(invitations.email));
  const nameOf = await roleNamer(deps.db.read, caller.org.id);
  return rows.map((row) => view(row, nameOf(row.role), now));
}

/** Revokes a pending invitation; one already accepted, revoked or expired is 409 with that reason's code. */
export async function revokeInvitation(deps: Pick<AppContext, "db" | "clock">, caller: MemberCaller, invitationId: string): Promise<InvitationView> {
  assertCan(caller.actor, KNOWN_SCOPES.memberInvite);
  return deps.db.write(async (tx) => {
    const [row] = await tx.select().from(invitations).where(and(eq(invitations.id, invitationId), eq(invitations.orgId, caller.org.id)));
    if (!row) throw memberErrors.error("notFound", { message: "no such invitation" });
    const now = deps.clock.now();
    const status = invitationStatus(row, now);
    if (status !== "pending" || !(await markRevoked(tx, caller, row, "revoked", now))) {
      const current = status === "pending" ? "revoked" : status;
      throw memberErrors.error(SPENT[current], { status: 409, message: `the invitation is ${current}` });
    }
    return view({ ...row, revokedAt: now }, (await roleNamer(tx, caller.org.id))(row.role), now);
  });
}

/** Counts one public use of a code against the caller's IP, in its own transaction so refusals still count. */
async function limitCodeLookups(deps: Pick<AppContext, "db" | "clock">, ip: string | null): Promise<void> {
  await deps.db.write((tx) =>
    enforceRateLimits(tx, [{ key: `invitation-code:ip:${ip ?? "unknown"}`, ...CODE_LOOKUP_LIMIT }], deps.clock.now(), {
      message: "too many invitation lookups; try again later",
    }),
  );
}

async function byCode(reader: Queryable, code: string) {
  const [row] = await reader
    .select({ invitation: invitations, org: { id: organizations.id, name: organizations.name, slug: organizations.slug } })
    .from(invitations)
    .innerJoin(organizations, eq(organizations.id, invitations.orgId))
    .where(eq(invitations.codeHash, sha256Hex(code)));
  if (!row) throw memberErrors.error("notFound", { message: "no such invitation" });
  return row;
}

/** "jane.doe@example.com" → "j***@example.com": enough for the invitee to recognise, little for a link's finder. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}

export interface PublicInvitationView {
  orgName: string;
  orgSlug: string;
  role: string;
  roleName: string;
  email: string;
  expiresAt: string;
  status: InvitationStatus;
}

export async function readInvitationByCode(deps: Pick<AppContext, "db" | "clock">, input: { code: string; ip: string | null }): Promise<PublicInvitationView> {
  await limitCodeLookups(deps, input.ip);
  const { invitation, org } = await byCode(deps.db.read, input.code);
  return {
    orgName: org.name,
    orgSlug: org.slug,
    role: invitation.role,
    roleName: (await roleNamer(deps.db.read, org.id))(invitation.role),
    email: maskEmail(invitation.email),
    expiresAt: new Date(invitation.expiresAt).toISOString(),
    status: invitationStatus(invitation, deps.clock.now()),
  };
}

export interface AcceptedInvitation {
  orgSlug: string;
  orgName: string;
  role: string;
  roleName: string;
  connectedId: string;
}

/**
 * The signed-in invitee joins: the membership and its badge (membershipType "invited")
 * through addMembership, org.member.added and org.invitation.accepted. Refused: another
 * person's session (403), a spent invitation (400 with the reason), an existing member (409).
 */
export async function acceptInvitation(
  deps: Pick<AppContext, "db" | "clock">,
  user: { userId: string; email: string },
  input: { code: string; ip: string | null; requestId?: string | null },
): Promise<AcceptedInvitation> {
  await limitCodeLookups(deps, input.ip);
  return deps.db.write(async (tx) => {
    const found = await byCode(tx, input.code);
    await tx.lock(`invitation:${found.invitation.id}`);
    const { invitation, org } = await byCode(tx, input.code);
    const now = deps.clock.now();
    const status = invitationStatus(invitation, now);
    if (status !== "pending") throw memberErrors.error(SPENT[status], { status: 400, message: `the invitation is ${status}` });
    if (normaliseEmail(user.email) !== invitation.email) {
      throw memberErrors.error("invitationEmailMismatch", { message: "sign in with the address the invitation was sent to" });
    }
    // The org may have narrowed its e-mail domains since the invitation went out.
    await assertEmailDomainAllowed(tx, org, invitation.email);
    const actor = { kind: "user" as const, id: user.userId };
    const joined = await addMembership(tx, {
      orgId: org.id,
      user: { id: user.userId, email: invitation.email },
      role: invitation.role,
      membershipType: "invited",
      actor,
      requestId: input.requestId,
      at: now,
    });
    if (!joined.created) throw memberErrors.error("alreadyMember", { message: `you are already a member of ${org.name}` });
    await tx.update(invitations).set({ acceptedAt: now, acceptedBy: user.userId }).where(eq(invitations.id, invitation.id));
    await appendAudit(tx, {
      orgId: org.id,
      ...auditEvent(ORG_EVENTS.invitationAccepted, { invitationId: invitation.id, userId: user.userId, connectedId: joined.connectedId, role: invitation.role }),
      actor,
      requestId: input.requestId,
      at: now,
    });
    return {
      orgSlug: org.slug,
      orgName: org.name,
      role: invitation.role,
      roleName: (await roleNamer(tx, org.id))(invitation.role),
      connectedId: joined.connectedId,
    };
  });
}
