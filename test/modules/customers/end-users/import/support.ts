/** Helpers of the import and partner tests: end-user tokens without a sign-in ceremony, outbox reads. */
import { asc, eq } from "drizzle-orm";
import { findActiveApplication } from "../../../../../src/modules/customers/apps/service";
import { findOrCreateEndUser } from "../../../../../src/modules/customers/end-users/service";
import { deliverSignIn, openSignIn, type SignedIn } from "../../../../../src/modules/customers/end-users/sign-in";
import { outboxMessages } from "../../../../../src/platform/outbound/schema";
import type { TestApp } from "../../../../support/harness";

/**
 * Signs `email` in on the application `clientKey` as the sign-in routes end every method
 * (openSignIn in a write, deliverSignIn after it): the end-user token its org signs.
 */
export async function endUserToken(t: TestApp, clientKey: string, email: string, options: { emailVerified?: boolean } = {}): Promise<SignedIn> {
  const found = await findActiveApplication(t.ctx.db.read, clientKey);
  if (!found) throw new Error(`no application ${clientKey}`);
  const client = { application: found.application, appGroup: found.appGroup, ip: null, userAgent: null };
  const now = t.clock.now();
  const opened = await t.ctx.db.write(async (tx) => {
    const { endUser, created } = await findOrCreateEndUser(tx, found.appGroup, { email: email.toLowerCase(), emailVerified: options.emailVerified ?? true }, now);
    return openSignIn(tx, client, { endUser, created, method: "magic_link", amr: ["otp"] }, now);
  });
  const result = await deliverSignIn(t.ctx, client, opened, now);
  if (!("accessToken" in result)) throw new Error("the sign-in was held for MFA");
  return result;
}

/** Mail sent to an address, oldest first. */
export async function mailTo(t: TestApp, to: string) {
  return t.ctx.db.read.select().from(outboxMessages).where(eq(outboxMessages.to, to.toLowerCase())).orderBy(asc(outboxMessages.createdAt), asc(outboxMessages.id));
}
