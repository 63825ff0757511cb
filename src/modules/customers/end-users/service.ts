/**
 * End users themselves: found or created by e-mail within one app group, activated by
 * their first sign-in. Every sign-in method (magic link, passkey, social, import)
 * reaches an end user through these functions.
 */
import { and, eq } from "drizzle-orm";
import type { Queryable, Tx } from "../../../platform/db/database";
import { newId } from "../../../platform/ids";
import type { AppGroupRow } from "../apps/schema";
import { endUserErrors } from "./errors";
import { endUsers, type EndUserRow } from "./schema";

export { normaliseEmail } from "../../identity";

export type EndUserStatus = "invited" | "active" | "disabled";

/** The end user as the sign-in routes and the tokens show it. */
export interface EndUserView {
  id: string;
  email: string | null;
  emailVerified: boolean;
  displayName: string | null;
  status: EndUserStatus;
  mfaEnrolled: boolean;
  createdAt: string;
  lastSignInAt: string | null;
}

export function endUserView(row: EndUserRow): EndUserView {
  return {
    id: row.id,
    email: row.email,
    emailVerified: row.emailVerified,
    displayName: row.displayName,
    status: row.status as EndUserStatus,
    mfaEnrolled: row.mfaPhoneVerifiedAt !== null,
    createdAt: new Date(row.createdAt).toISOString(),
    lastSignInAt: row.lastSignInAt === null ? null : new Date(row.lastSignInAt).toISOString(),
  };
}

export async function findEndUserById(reader: Queryable, appGroupId: string, endUserId: string): Promise<EndUserRow | null> {
  const [row] = await reader.select().from(endUsers).where(and(eq(endUsers.id, endUserId), eq(endUsers.appGroupId, appGroupId)));
  return row ?? null;
}

export async function findEndUserByEmail(reader: Queryable, appGroupId: string, email: string): Promise<EndUserRow | null> {
  const [row] = await reader.select().from(endUsers).where(and(eq(endUsers.appGroupId, appGroupId), eq(endUsers.email, email)));
  return row ?? null;
}

/** Refuses a disabled end user (403 end_user_disabled): an organization's block outranks every sign-in method. */
export function assertCanSignIn(row: Pick<EndUserRow, "status">): void {
  if (row.status === "disabled") throw endUserErrors.error("endUserDisabled", { message: "this account is disabled" });
}

export interface EndUserIdentityInput {
  /** Already normalised (normaliseEmail); null for a social identity without an address. */
  email: string | null;
  /** The address was proven (a magic link was opened, or the provider vouches for it). */
  emailVerified: boolean;
  displayName?: string | null;
}

/**
 * The end user of `group` with this e-mail address, created active when there is none,
 * or a new one without an address. An invited (imported) user becomes active here: the
 * first sign-in activates. A proven address marks it verified. Throws 403
 * end_user_disabled for a disabled one.
 */
export async function findOrCreateEndUser(
  tx: Tx,
  group: Pick<AppGroupRow, "id" | "orgId">,
  input: EndUserIdentityInput,
  now: number,
): Promise<{ endUser: EndUserRow; created: boolean }> {
  if (input.email !== null) {
    // Two first sign-ins of one new address must not both insert it.
    await tx.lock(`end-user-email:${group.id}:${input.email}`);
    const existing = await findEndUserByEmail(tx, group.id, input.email);
    if (existing) {
      assertCanSignIn(existing);
      const patch: Partial<EndUserRow> = {};
      if (existing.status === "invited") patch.status = "active";
      if (input.emailVerified && !existing.emailVerified) patch.emailVerified = true;
      if (!existing.displayName && input.displayName) patch.displayName = input.displayName;
      if (Object.keys(patch).length === 0) return { endUser: existing, created: false };
      const [updated] = await tx.update(endUsers).set({ ...patch, updatedAt: now }).where(eq(endUsers.id, existing.id)).returning();
      return { endUser: updated!, created: false };
    }
  }
  const [created] = await tx
    .insert(endUsers)
    .values({
      id: newId(),
      orgId: group.orgId,
      appGroupId: group.id,
      email: input.email,
      emailVerified: input.email !== null && input.emailVerified,
      displayName: input.displayName ?? null,
      status: "active",
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return { endUser: created!, created: true };
}
