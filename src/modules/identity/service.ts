/** Dashboard accounts: find or create a user by e-mail. */
import { eq } from "drizzle-orm";
import type { Database, Queryable, Tx } from "../../platform/db/database";
import type { Language } from "../../platform/languages";
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

/** The language the person chose in the dashboard (null: none, mails follow the request or the organization). */
export async function accountLanguage(reader: Queryable, userId: string): Promise<Language | null> {
  const [row] = await reader.select({ language: users.language }).from(users).where(eq(users.id, userId));
  return row?.language ?? null;
}

/** Keeps the dashboard switcher's choice on the account, so mails to the person use it. */
export async function setAccountLanguage(db: Database, userId: string, language: Language | null): Promise<Language | null> {
  await db.write((tx) => tx.update(users).set({ language }).where(eq(users.id, userId)));
  return language;
}
