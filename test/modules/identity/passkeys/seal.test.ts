/**
 * verifyPersonalSeal, called as every sealed action calls it: inside the caller's
 * transaction. Every refusal is produced by a real authenticator (nid-webauthn-emulator)
 * answering real challenges from POST /api/auth/seal/options.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import { passkeys, webauthnChallenges } from "../../../../src/modules/identity/schema";
import { sealAssertionOf, verifyPersonalSeal } from "../../../../src/modules/identity/passkeys/seal";
import { ApiError } from "../../../../src/platform/http/errors";
import { signInAs, type SignedInUser } from "../../../support/accounts";
import { Authenticator, dashboardOrigin, registerPasskey, sealAssertion, sealOptions } from "../../../support/authenticator";
import { MINUTE } from "../../../support/clock";
import { createTestApp, type TestApp } from "../../../support/harness";

const PURPOSE = "test.sealed_action";

let t: TestApp;
let alice: SignedInUser;
let bob: SignedInUser;
let aliceKey: Authenticator;
let bobKey: Authenticator;

beforeAll(async () => {
  t = await createTestApp();
  alice = await signInAs(t, "alice@seal.example");
  bob = await signInAs(t, "bob@seal.example");
  aliceKey = await registerPasskey(t, alice);
  bobKey = await registerPasskey(t, bob);
});
afterAll(() => t.close());

type Outcome = { ok: true; credentialId: string } | { ok: false; status: number; body: Record<string, unknown> };

/** Runs the check in its own transaction, as a sealed route would. */
async function verify(userId: string, subject: string, assertion: unknown, purpose = PURPOSE): Promise<Outcome> {
  try {
    const { credentialId } = await t.ctx.db.write((tx) => verifyPersonalSeal(tx, t.ctx, { userId, purpose, subject, assertion }));
    return { ok: true, credentialId };
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    return { ok: false, status: e.status, body: e.body() };
  }
}

const failed = (reason: string): Outcome => ({ ok: false, status: 403, body: { error: "step_up_failed", reason } });

async function challengeRow(assertion: AuthenticationResponseJSON) {
  const challenge = JSON.parse(Buffer.from(assertion.response.clientDataJSON, "base64url").toString()).challenge;
  const [row] = await t.ctx.db.read.select().from(webauthnChallenges).where(eq(webauthnChallenges.challenge, challenge));
  return row!;
}

async function passkeyRow(id: string) {
  const [row] = await t.ctx.db.read.select().from(passkeys).where(eq(passkeys.id, id));
  return row!;
}

function withSignature(assertion: AuthenticationResponseJSON, change: (signature: Buffer) => void): AuthenticationResponseJSON {
  const signature = Buffer.from(assertion.response.signature, "base64url");
  change(signature);
  return { ...assertion, response: { ...assertion.response, signature: signature.toString("base64url") } };
}

describe("verifyPersonalSeal accepts", () => {
  test("the user's own assertion for the purpose and subject, and uses up the challenge", async () => {
    const before = await passkeyRow(aliceKey.credentialId);
    const assertion = await sealAssertion(t, alice, aliceKey, PURPOSE, "subject-1");
    expect(await verify(alice.userId, "subject-1", assertion)).toEqual({ ok: true, credentialId: aliceKey.credentialId });
    const row = await challengeRow(assertion);
    expect(row).toMatchObject({ ceremony: "seal", userId: alice.userId, purpose: PURPOSE, subject: "subject-1", consumedAt: t.clock.now() });
    const after = await passkeyRow(aliceKey.credentialId);
    expect(after.counter).toBeGreaterThan(before.counter);
    expect(after.lastUsedAt).toBe(t.clock.now());
  });

  test("the assertion as a JSON string", async () => {
    const assertion = await sealAssertion(t, alice, aliceKey, PURPOSE, "as-string");
    expect(await verify(alice.userId, "as-string", JSON.stringify(assertion))).toMatchObject({ ok: true });
  });

  test("sealAssertionOf reads assertionResponseJson, else SealAssertionJson", () => {
    expect(sealAssertionOf({ assertionResponseJson: "a", SealAssertionJson: "b" })).toBe("a");
    expect(sealAssertionOf({ SealAssertionJson: "b" })).toBe("b");
    expect(sealAssertionOf({})).toBeUndefined();
    expect(sealAssertionOf(undefined)).toBeUndefined();
  });

  test("up to the last millisecond of the five minutes", async () => {
    const assertion = await sealAssertion(t, alice, aliceKey, PURPOSE, "late");
    t.clock.advance(5 * MINUTE - 1);
    expect(await verify(alice.userId, "late", assertion)).toMatchObject({ ok: true });
  });
});

describe("verifyPersonalSeal refuses", () => {
  test("a missing or empty assertion with 403 step_up_required", async () => {
    for (const missing of [undefined, null, "", "   ", {}]) {
      const outcome = await verify(alice.userId, "s", missing);
      expect(outcome).toMatchObject({ ok: false, status: 403, body: { error: "step_up_required" } });
    }
  });

  test("what is not an AuthenticationResponseJSON: malformed_assertion", async () => {
    const good = await sealAssertion(t, alice, aliceKey, PURPOSE, "malformed");
    const notJson = Buffer.from("not json").toString("base64url");
    const registration = Buffer.from(JSON.stringify({ type: "webauthn.create", challenge: "x", origin: dashboardOrigin(t) })).toString("base64url");
    for (const bad of [
      "{not json",
      "[1,2]",
      42,
      [good],
      { id: good.id },
      { ...good, type: "password" },
      { ...good, response: { ...good.response, signature: undefined } },
      { ...good, response: { ...good.response, clientDataJSON: notJson } },
      { ...good, response: { ...good.response, clientDataJSON: "%%%" } },
      { ...good, response: { ...good.response, clientDataJSON: registration } },
    ]) {
      expect(await verify(alice.userId, "malformed", bad)).toEqual(failed("malformed_assertion"));
    }
    // None of these used the challenge up.
    expect(await verify(alice.userId, "malformed", good)).toMatchObject({ ok: true });
  });

  test("an assertion for a challenge that was never issued as a seal: unknown_challenge", async () => {
    const invented = aliceKey.get({ challenge: Buffer.from("made up by the client").toString("base64url"), rpId: "localhost", allowCredentials: [{ id: aliceKey.credentialId, type: "public-key" }] });
    expect(await verify(alice.userId, "s", invented)).toEqual(failed("unknown_challenge"));
    // A sign-in challenge is not a seal challenge.
    const login = await t.request("POST", "/api/auth/passkeys/login-options");
    expect(await verify(alice.userId, "s", aliceKey.get(login.body))).toEqual(failed("unknown_challenge"));
  });

  test("a wrong purpose or subject", async () => {
    const assertion = await sealAssertion(t, alice, aliceKey, PURPOSE, "subject-A");
    expect(await verify(alice.userId, "subject-A", assertion, "test.other_action")).toEqual(failed("purpose_mismatch"));
    expect(await verify(alice.userId, "subject-B", assertion)).toEqual(failed("subject_mismatch"));
    expect((await challengeRow(assertion)).consumedAt).toBeNull();
  });

  test("a challenge issued to another user", async () => {
    const assertion = await sealAssertion(t, alice, aliceKey, PURPOSE, "mine");
    expect(await verify(bob.userId, "mine", assertion)).toEqual(failed("user_mismatch"));
  });

  test("a replayed assertion: challenge_replayed", async () => {
    const assertion = await sealAssertion(t, alice, aliceKey, PURPOSE, "once");
    expect(await verify(alice.userId, "once", assertion)).toMatchObject({ ok: true });
    expect(await verify(alice.userId, "once", assertion)).toEqual(failed("challenge_replayed"));
  });

  test("an expired challenge (five minutes): challenge_expired", async () => {
    const assertion = await sealAssertion(t, alice, aliceKey, PURPOSE, "slow");
    t.clock.advance(5 * MINUTE);
    expect(await verify(alice.userId, "slow", assertion)).toEqual(failed("challenge_expired"));
  });

  test("another user's credential answering the user's challenge: foreign_credential", async () => {
    const options = await sealOptions(t, alice, PURPOSE, "hijack");
    // Bob's authenticator ignores allowCredentials and signs with his own passkey.
    const assertion = bobKey.get({ ...options, allowCredentials: [] });
    expect(assertion.id).toBe(bobKey.credentialId);
    expect(await verify(alice.userId, "hijack", assertion)).toEqual(failed("foreign_credential"));
  });

  test("a credential registered nowhere: unknown_credential", async () => {
    const stranger = new Authenticator(dashboardOrigin(t));
    const creation = await t.request("POST", "/api/auth/passkeys/register-options", { token: alice.token });
    stranger.create(creation.body); // made on the device, never sent to the server
    const options = await sealOptions(t, alice, PURPOSE, "stranger");
    expect(await verify(alice.userId, "stranger", stranger.get({ ...options, allowCredentials: [] }))).toEqual(failed("unknown_credential"));
  });

  test("a tampered signature: bad_signature; the genuine assertion still works afterwards", async () => {
    const assertion = await sealAssertion(t, alice, aliceKey, PURPOSE, "tamper");
    const tampered = withSignature(assertion, (sig) => (sig[sig.length - 2] ^= 0x01));
    expect(await verify(alice.userId, "tamper", tampered)).toEqual(failed("bad_signature"));
    expect(await verify(alice.userId, "tamper", assertion)).toMatchObject({ ok: true });
  });

  test("an assertion made for another origin: wrong_origin", async () => {
    const options = await sealOptions(t, alice, PURPOSE, "phish");
    const assertion = aliceKey.get(options, "http://localhost:9999");
    expect(await verify(alice.userId, "phish", assertion)).toEqual(failed("wrong_origin"));
  });

  test("an authenticator that did not verify the user: verification_failed", async () => {
    const carol = await signInAs(t, "carol@seal.example");
    const sloppy = await registerPasskey(t, carol, { authenticator: new Authenticator(dashboardOrigin(t), { userGetAssertionInteraction: (user) => ({ user, options: { up: true, uv: false } }) }) });
    const assertion = await sealAssertion(t, carol, sloppy, PURPOSE, "uv");
    expect(await verify(carol.userId, "uv", assertion)).toEqual(failed("verification_failed"));
  });
});

describe("the challenge is used up if and only if the sealed action commits", () => {
  test("a sealed action that fails after the check leaves the challenge unused", async () => {
    const assertion = await sealAssertion(t, alice, aliceKey, PURPOSE, "rollback");
    await expect(
      t.ctx.db.write(async (tx) => {
        await verifyPersonalSeal(tx, t.ctx, { userId: alice.userId, purpose: PURPOSE, subject: "rollback", assertion });
        throw new Error("the sealed action failed");
      }),
    ).rejects.toThrow("the sealed action failed");
    expect((await challengeRow(assertion)).consumedAt).toBeNull();
    expect(await verify(alice.userId, "rollback", assertion)).toMatchObject({ ok: true });
  });

  test("two parallel actions with one assertion: exactly one is sealed", async () => {
    const assertion = await sealAssertion(t, alice, aliceKey, PURPOSE, "race");
    const outcomes = await Promise.all([verify(alice.userId, "race", assertion), verify(alice.userId, "race", assertion)]);
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    const refusals: Outcome[] = outcomes.filter((o) => !o.ok);
    expect(refusals).toEqual([failed("challenge_replayed")]);
  });
});
