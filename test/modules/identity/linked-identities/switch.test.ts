/**
 * POST /api/auth/linked-identities/switch, spec 5.6 rule by rule and in its order:
 * (1) the link must exist, else 404 not_linked; (2) an assertion is required, else 403
 * step_up_required; (3) it must verify and belong to the caller's own user, else 403
 * step_up_failed; (4) on success the session is re-issued for the target and the
 * cookie replaced; (5) accounts are never linked automatically.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { sessions } from "../../../../src/modules/identity/schema";
import { sha256Hex } from "../../../../src/platform/crypto/hash";
import { signInAs, type SignedInUser } from "../../../support/accounts";
import { registerPasskey, sealAssertion, sealOptions, type Authenticator } from "../../../support/authenticator";
import { createTestApp, type TestApp } from "../../../support/harness";
import { linkAccounts, mailsTo } from "./support";

const PURPOSE = "linked_identity.switch";

let t: TestApp;
beforeAll(async () => (t = await createTestApp()));
afterAll(() => t.close());

let serial = 0;
const newUser = () => signInAs(t, `switcher${++serial}@switch.example`);

const switchAs = (user: SignedInUser, json: unknown) => t.request("POST", "/api/auth/linked-identities/switch", { token: user.token, json });

async function sessionUser(token: string) {
  const r = await t.request("GET", "/api/auth/session", { token });
  return r.status === 200 ? r.body.user.id : r.status;
}

/** A caller with a passkey, linked to a target that has its own passkey. */
async function linkedPair(): Promise<{ caller: SignedInUser; callerKey: Authenticator; target: SignedInUser; targetKey: Authenticator; linkId: string }> {
  const [caller, target] = [await newUser(), await newUser()];
  const [callerKey, targetKey] = [await registerPasskey(t, caller), await registerPasskey(t, target)];
  const link = await linkAccounts(t, caller, target.email);
  return { caller, callerKey, target, targetKey, linkId: link.id };
}

describe("5.6 (1) the link must exist, else 404 not_linked", () => {
  test("no link at all, even with a valid seal for that target", async () => {
    const [caller, other] = [await newUser(), await newUser()];
    const key = await registerPasskey(t, caller);
    const seal = await sealAssertion(t, caller, key, PURPOSE, other.userId);
    for (const json of [{ targetUserId: other.userId, assertionResponseJson: seal }, { email: other.email, assertionResponseJson: seal }]) {
      const r = await switchAs(caller, json);
      expect(r.status).toBe(404);
      expect(r.body.error).toBe("not_linked");
    }
    expect(await sessionUser(caller.token)).toBe(caller.userId);
  });

  test("comes before the assertion check: no link and no assertion is 404, not 403", async () => {
    const caller = await newUser();
    const r = await switchAs(caller, { targetUserId: "nobody" });
    expect(r.status).toBe(404);
    expect(r.body.error).toBe("not_linked");
    const byEmail = await switchAs(caller, { email: "nobody@nowhere.example" });
    expect(byEmail.body.error).toBe("not_linked");
  });

  test("a link in the other direction does not let the linked side switch back", async () => {
    const { caller, target, targetKey } = await linkedPair();
    const seal = await sealAssertion(t, target, targetKey, PURPOSE, caller.userId);
    const r = await switchAs(target, { targetUserId: caller.userId, assertionResponseJson: seal });
    expect(r.status).toBe(404);
    expect(r.body.error).toBe("not_linked");
  });

  test("a revoked link no longer exists for switching", async () => {
    const { caller, callerKey, target, linkId } = await linkedPair();
    await t.request("POST", `/api/auth/linked-identities/${linkId}/revoke`, { token: target.token });
    const seal = await sealAssertion(t, caller, callerKey, PURPOSE, target.userId);
    const r = await switchAs(caller, { targetUserId: target.userId, assertionResponseJson: seal });
    expect(r.status).toBe(404);
    expect(r.body.error).toBe("not_linked");
  });
});

describe("5.6 (2) an assertion is required, else 403 step_up_required", () => {
  test("missing, null or empty", async () => {
    const { caller, target } = await linkedPair();
    for (const json of [
      { targetUserId: target.userId },
      { targetUserId: target.userId, assertionResponseJson: null },
      { targetUserId: target.userId, assertionResponseJson: "" },
      { email: target.email, SealAssertionJson: "  " },
    ]) {
      const r = await switchAs(caller, json);
      expect(r.status).toBe(403);
      expect(r.body.error).toBe("step_up_required");
    }
    expect(await sessionUser(caller.token)).toBe(caller.userId);
  });
});

describe("5.6 (3) the assertion must verify and be the caller's own, else 403 step_up_failed", () => {
  test("every kind of wrong seal is refused and leaves the caller's session as it was", async () => {
    const { caller, callerKey, target, targetKey } = await linkedPair();
    const bystander = await newUser();
    const bystanderKey = await registerPasskey(t, bystander);

    const wrongPurpose = await sealAssertion(t, caller, callerKey, "passkey.delete", target.userId);
    const wrongSubject = await sealAssertion(t, caller, callerKey, PURPOSE, bystander.userId);
    // The target's own seal (its challenge, its passkey) is not the caller's.
    const targetsSeal = await sealAssertion(t, target, targetKey, PURPOSE, target.userId);
    // Another person's passkey answering the caller's challenge.
    const foreign = bystanderKey.get({ ...(await sealOptions(t, caller, PURPOSE, target.userId)), allowCredentials: [] });
    const genuine = await sealAssertion(t, caller, callerKey, PURPOSE, target.userId);
    const signature = Buffer.from(genuine.response.signature, "base64url");
    signature[signature.length - 2] ^= 0x01;
    const badSignature = { ...genuine, response: { ...genuine.response, signature: signature.toString("base64url") } };

    for (const [assertion, reason] of [
      [wrongPurpose, "purpose_mismatch"],
      [wrongSubject, "subject_mismatch"],
      [targetsSeal, "user_mismatch"],
      [foreign, "foreign_credential"],
      [badSignature, "bad_signature"],
      ["{not json", "malformed_assertion"],
    ] as const) {
      const r = await switchAs(caller, { targetUserId: target.userId, assertionResponseJson: assertion });
      expect([r.status, r.body]).toEqual([403, { error: "step_up_failed", reason }]);
      expect(r.headers.get("set-cookie")).toBeNull();
    }
    expect(await sessionUser(caller.token)).toBe(caller.userId);
    // The genuine seal was not used up by the refusals around it.
    expect((await switchAs(caller, { targetUserId: target.userId, assertionResponseJson: genuine })).status).toBe(200);
  });

  test("a seal used once cannot switch again", async () => {
    const { caller, callerKey, target } = await linkedPair();
    const seal = await sealAssertion(t, caller, callerKey, PURPOSE, target.userId);
    expect((await switchAs(caller, { targetUserId: target.userId, assertionResponseJson: seal })).status).toBe(200);
    const again = await signInAs(t, caller.email);
    const r = await switchAs(again, { targetUserId: target.userId, assertionResponseJson: seal });
    expect([r.status, r.body]).toEqual([403, { error: "step_up_failed", reason: "challenge_replayed" }]);
  });
});

describe("5.6 (4) on success the session is re-issued for the target and the cookie replaced", () => {
  test("by target id: the old session ends, the new one is the target's", async () => {
    const { caller, callerKey, target } = await linkedPair();
    const seal = await sealAssertion(t, caller, callerKey, PURPOSE, target.userId);
    const r = await switchAs(caller, { targetUserId: target.userId, assertionResponseJson: seal });
    expect(r.status).toBe(200);
    expect(r.body.user).toEqual({ id: target.userId, email: target.email });
    expect(Date.parse(r.body.expiresAt)).toBeGreaterThan(t.clock.now());
    const cookie = r.headers.get("set-cookie") ?? "";
    expect(cookie).toContain(`signet_session=${r.body.token}`);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(await sessionUser(r.body.token)).toBe(target.userId);
    expect(await sessionUser(caller.token)).toBe(401);
    const stored = await t.ctx.db.read.select().from(sessions).where(eq(sessions.id, sha256Hex(caller.token)));
    expect(stored).toEqual([]);
  });

  test("by e-mail, with the seal as a JSON string under SealAssertionJson, from the session cookie", async () => {
    const { caller, callerKey, target } = await linkedPair();
    const seal = await sealAssertion(t, caller, callerKey, PURPOSE, target.userId);
    const r = await t.request("POST", "/api/auth/linked-identities/switch", {
      headers: { cookie: `signet_session=${caller.token}` },
      json: { email: target.email.toUpperCase(), SealAssertionJson: JSON.stringify(seal) },
    });
    expect(r.status).toBe(200);
    expect(r.body.user.id).toBe(target.userId);
    expect(r.headers.get("set-cookie")).toContain(`signet_session=${r.body.token}`);
    expect(await sessionUser(caller.token)).toBe(401);
  });

  test("two parallel switches with one seal: exactly one succeeds", async () => {
    const { caller, callerKey, target } = await linkedPair();
    const seal = await sealAssertion(t, caller, callerKey, PURPOSE, target.userId);
    const json = { targetUserId: target.userId, assertionResponseJson: seal };
    const answers = await Promise.all([switchAs(caller, json), switchAs(caller, json)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, expect.any(Number)]);
    const refused = answers.find((a) => a.status !== 200)!;
    // Refused as a replay, or (when the winner ended the session first) as signed out.
    expect([403, 401]).toContain(refused.status);
    if (refused.status === 403) expect(refused.body).toEqual({ error: "step_up_failed", reason: "challenge_replayed" });
  });

  test("needs a session", async () => {
    const r = await t.request("POST", "/api/auth/linked-identities/switch", { json: { targetUserId: "x" } });
    expect(r.status).toBe(401);
  });

  test("bad bodies are 400 naming the field", async () => {
    const caller = await newUser();
    for (const [json, error, field] of [
      [{}, "invalid_request", "targetUserId"],
      [{ targetUserId: "a", email: "b@c.example" }, "invalid_request", "targetUserId"],
      [{ targetUserId: 7 }, "invalid_request", "targetUserId"],
      [{ email: "not-an-address" }, "invalid_email", "email"],
      [{ targetUserId: "a", assertionResponseJson: 3 }, "invalid_request", "assertionResponseJson"],
    ] as const) {
      const r = await switchAs(caller, json);
      expect([r.status, r.body.error, r.body.field]).toEqual([400, error, field]);
    }
  });
});

describe("5.6 (5) accounts are never linked automatically", () => {
  test("same domain, a sign-in for the other address, a request never confirmed: still not linked", async () => {
    const caller = await signInAs(t, "pat@same-domain.example");
    const key = await registerPasskey(t, caller);
    const sibling = await signInAs(t, "pat.work@same-domain.example");
    t.clock.advance(60_000);
    expect((await t.request("POST", "/api/auth/linked-identities/initiate", { token: caller.token, json: { email: sibling.email } })).status).toBe(202);
    // The other address signs in by magic link: that is not a confirmation either.
    expect((await t.request("POST", "/api/auth/magic-link/send", { json: { email: sibling.email } })).status).toBeLessThan(300);
    const [signInMail] = (await mailsTo(t, sibling.email)).filter((m) => m.links.some((l) => l.includes("/api/auth/magic-link/verify")));
    const token = new URL(signInMail!.links.find((l) => l.includes("/api/auth/magic-link/verify"))!).searchParams.get("token");
    expect((await t.request("POST", "/api/auth/magic-link/verify", { json: { token } })).status).toBe(200);

    expect((await t.request("GET", "/api/auth/linked-identities", { token: caller.token })).body.links).toEqual([]);
    expect((await t.request("GET", "/api/auth/linked-identities", { token: sibling.token })).body.links).toEqual([]);
    const seal = await sealAssertion(t, caller, key, PURPOSE, sibling.userId);
    const r = await switchAs(caller, { targetUserId: sibling.userId, assertionResponseJson: seal });
    expect(r.status).toBe(404);
    expect(r.body.error).toBe("not_linked");
  });
});
