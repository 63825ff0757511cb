/**
 * Helpers of the SMS MFA tests: an SMS gateway that records texts and can be told to
 * refuse, the sign-in fixture with smsMfa set, and a first factor: through the real
 * magic-link routes, or (for tests that need more sessions than the magic link's own
 * per-IP limit allows) through openSignIn/deliverSignIn, exactly as every route ends.
 */
import { and, asc, count, eq } from "drizzle-orm";
import { appGroups, applications } from "../../../../../src/modules/customers/apps/schema";
import { endUserFlowTokens, endUserMfaCodes, endUserSessions, endUserSignIns, endUsers } from "../../../../../src/modules/customers/end-users/schema";
import { findOrCreateEndUser } from "../../../../../src/modules/customers/end-users/service";
import { deliverSignIn, openSignIn, type SignInClient } from "../../../../../src/modules/customers/end-users/sign-in";
import { SendFailedError } from "../../../../../src/platform/outbound/errors";
import type { SmsMessage, SmsSender } from "../../../../../src/platform/outbound/types";
import type { TestApp, TestResponse } from "../../../../support/harness";
import { createFixture, signInByMagicLink, type Fixture } from "../flows-support";

/** Creating sealed organizations takes seconds on a loaded machine: more than bun's 5 s default per hook. */
export const SETUP_TIMEOUT_MS = 30_000;

/** A gateway (delivers: true) that keeps every text it was handed; refuses while `failing`. */
export function recordingGateway() {
  const texts: SmsMessage[] = [];
  const gateway = {
    failing: false,
    texts,
    sender: {
      delivers: true,
      async send(message: SmsMessage) {
        texts.push(message);
        if (gateway.failing) throw new SendFailedError("sms", crypto.randomUUID(), "the SMS gateway answered 503");
        return { id: crypto.randomUUID() };
      },
    } satisfies SmsSender,
    /** The code in the last text to `phone`. */
    lastCode(phone: string): string {
      const text = texts.filter((m) => m.to === phone).at(-1);
      const code = text?.text.match(/\b(\d{6})\b/)?.[1];
      if (!code) throw new Error(`no code was texted to ${phone}`);
      return code;
    },
    sentTo(phone: string): number {
      return texts.filter((m) => m.to === phone).length;
    },
  };
  return gateway;
}

export type SmsMfaMode = "off" | "optional" | "required";

export interface MfaFixture extends Fixture {
  /** A first factor through POST …/auth/magic-link/send and …/verify: the verify body. */
  signIn(email: string, headers?: Record<string, string>): Promise<any>;
  /** The same proof (magic_link, amr otp) ending through openSignIn + deliverSignIn directly. */
  signInDirect(email: string): Promise<any>;
  /** POST …/auth/mfa/{path}. */
  mfa(path: "enroll/send" | "verify" | "challenge/resend", json: unknown): Promise<TestResponse>;
}

export async function createMfaFixture(t: TestApp, ownerEmail: string, orgName: string, smsMfa: SmsMfaMode): Promise<MfaFixture> {
  const fx = await createFixture(t, ownerEmail, orgName, { loginMethods: { smsMfa } });
  const client = async (): Promise<SignInClient> => {
    const [application] = await t.ctx.db.read.select().from(applications).where(eq(applications.id, fx.application.id));
    const [appGroup] = await t.ctx.db.read.select().from(appGroups).where(eq(appGroups.id, fx.group.id));
    return { application: application!, appGroup: appGroup!, ip: null, userAgent: "test" };
  };
  return {
    ...fx,
    async signIn(email, headers = {}) {
      const verified = await signInByMagicLink(t, fx, email, headers);
      if (verified.status !== 200) throw new Error(`magic-link verify: ${verified.status} ${verified.text}`);
      return verified.body;
    },
    async signInDirect(email) {
      // Read the group again: tests switch smsMfa between sign-ins.
      const current = await client();
      const now = t.clock.now();
      const opened = await t.ctx.db.write(async (tx) => {
        const { endUser, created } = await findOrCreateEndUser(tx, current.appGroup, { email, emailVerified: true }, now);
        return openSignIn(tx, current, { endUser, created, method: "magic_link", amr: ["otp"], redirectUrl: null }, now);
      });
      return deliverSignIn(t.ctx, current, opened, now);
    },
    mfa: (path, json) => fx.call("POST", `/auth/mfa/${path}`, json),
  };
}

export async function endUserByEmail(t: TestApp, appGroupId: string, email: string) {
  const [row] = await t.ctx.db.read.select().from(endUsers).where(and(eq(endUsers.appGroupId, appGroupId), eq(endUsers.email, email)));
  return row!;
}

export async function codeRows(t: TestApp, phone: string) {
  return t.ctx.db.read.select().from(endUserMfaCodes).where(eq(endUserMfaCodes.phone, phone)).orderBy(asc(endUserMfaCodes.createdAt));
}

/** Row counts of everything an MFA call may write, to show that a refusal changed nothing. */
export async function footprint(t: TestApp) {
  const n = async (table: any) => (await t.ctx.db.read.select({ n: count() }).from(table))[0]!.n;
  return {
    codes: await n(endUserMfaCodes),
    sessions: await n(endUserSessions),
    tokens: await t.ctx.db.read.select({ id: endUserFlowTokens.id, attempts: endUserFlowTokens.attempts, usedAt: endUserFlowTokens.usedAt }).from(endUserFlowTokens).orderBy(asc(endUserFlowTokens.id)),
    users: await t.ctx.db.read.select({ id: endUsers.id, mfaPhone: endUsers.mfaPhone }).from(endUsers).orderBy(asc(endUsers.id)),
  };
}

export async function signInRows(t: TestApp, endUserId: string) {
  return t.ctx.db.read.select().from(endUserSignIns).where(eq(endUserSignIns.endUserId, endUserId)).orderBy(asc(endUserSignIns.at));
}
