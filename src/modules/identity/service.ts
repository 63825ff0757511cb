/** Dashboard accounts: find or create a user by e-mail. */
import { eq } from "drizzle-orm";
import type { Tx } from "../../platform/db/database";
import { newId } from "../../platform/ids";
import { accountErrors } from "./errors";
import { users } from "./schema";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function normaliseEmail(email: string): string {
  const value = email.trim().toLowerCase();
  if (value.length > 254 || !EMAIL.test(value)) throw accountErrors.error("invalidEmail", { field: "email" });
  return value;
}

export async function findOrCreateUser(tx: Tx, email: string, now: number): Promise<{ user: typeof users.$inferSelect; created: boolean }> {
  const address = normaliseEmail(email);
  // Two first sign-ins of one new address must not both insert it.
  await tx.lock(`user-email:${address}`);
  const [existing] = await tx.select().from(users).where(eq(users.email, address));
  if (existing) return { user: existing, created: false };
  const [user] = await tx.insert(users).values({ id: newId(), email: address, createdAt: now }).returning();
  return { user: user!, created: true };
}
