/** POST /api/auth/seal/options: a challenge bound to (user, purpose, subject). */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { webauthnChallenges } from "../../../../src/modules/identity/schema";
import { signInAs, type SignedInUser } from "../../../support/accounts";
import { registerPasskey, type Authenticator } from "../../../support/authenticator";
import { MINUTE } from "../../../support/clock";
import { createTestApp, type TestApp } from "../../../support/harness";

let t: TestApp;
let user: SignedInUser;
let first: Authenticator;
let second: Authenticator;

beforeAll(async () => {
  t = await createTestApp();
  user = await signInAs(t, "sealer@seal-options.example");
  first = await registerPasskey(t, user);
  second = await registerPasskey(t, user, { sealWith: first });
});
afterAll(() => t.close());

const options = (json: unknown, token = user.token) => t.request("POST", "/api/auth/seal/options", { token, json });

describe("POST /api/auth/seal/options", () => {
  test("request options over the user's passkeys, user verification required, stored for (user, purpose, subject)", async () => {
    const r = await options({ purpose: "linked_identity.switch", subject: "user-42" });
    expect(r.status).toBe(200);
    expect(r.body.rpId).toBe(new URL(t.config.dashboardBase).hostname);
    expect(r.body.userVerification).toBe("required");
    expect(r.body.allowCredentials.map((c: any) => c.id).sort()).toEqual([first.credentialId, second.credentialId].sort());
    expect(r.body.allowCredentials[0]).toMatchObject({ type: "public-key", transports: ["usb"] });
    const [row] = await t.ctx.db.read.select().from(webauthnChallenges).where(eq(webauthnChallenges.challenge, r.body.challenge));
    expect(row).toMatchObject({
      ceremony: "seal",
      userId: user.userId,
      purpose: "linked_identity.switch",
      subject: "user-42",
      expiresAt: t.clock.now() + 5 * MINUTE,
      consumedAt: null,
    });
  });

  test("every request gets its own challenge", async () => {
    const a = await options({ purpose: "p", subject: "s" });
    const b = await options({ purpose: "p", subject: "s" });
    expect(a.body.challenge).not.toBe(b.body.challenge);
  });

  test("a user without a passkey: 400 no_personal_seal, no challenge stored", async () => {
    const bare = await signInAs(t, "bare@seal-options.example");
    const r = await options({ purpose: "p", subject: "s" }, bare.token);
    expect(r.status).toBe(400);
    expect(r.body.error).toBe("no_personal_seal");
    const rows = await t.ctx.db.read.select().from(webauthnChallenges).where(eq(webauthnChallenges.userId, bare.userId));
    expect(rows).toEqual([]);
  });

  test("needs a session", async () => {
    expect((await t.request("POST", "/api/auth/seal/options", { json: { purpose: "p", subject: "s" } })).status).toBe(401);
  });

  test("purpose and subject are validated, naming the field", async () => {
    const cases: [unknown, string][] = [
      [{ subject: "s" }, "purpose"],
      [{ purpose: "", subject: "s" }, "purpose"],
      [{ purpose: "Upper.Case", subject: "s" }, "purpose"],
      [{ purpose: "has space", subject: "s" }, "purpose"],
      [{ purpose: "p".repeat(101), subject: "s" }, "purpose"],
      [{ purpose: 5, subject: "s" }, "purpose"],
      [{ purpose: "p" }, "subject"],
      [{ purpose: "p", subject: "" }, "subject"],
      [{ purpose: "p", subject: "s".repeat(501) }, "subject"],
    ];
    for (const [json, field] of cases) {
      const r = await options(json);
      expect([field, r.status, r.body.error, r.body.field]).toEqual([field, 400, "invalid_request", field]);
    }
    const longest = await options({ purpose: `a.b_c:d-${"e".repeat(92)}`, subject: "s".repeat(500) });
    expect(longest.status).toBe(200);
    const malformed = await t.request("POST", "/api/auth/seal/options", { token: user.token, body: "{", headers: { "content-type": "application/json" } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toBe("invalid_json");
  });
});
