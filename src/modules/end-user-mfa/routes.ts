/** SMS MFA for end users (spec 4.1, §8): enroll, verify, resend. */
import { Elysia } from "elysia";
import type { AppContext } from "../../context";

export function endUserMfaRoutes(ctx: AppContext) {
  void ctx;
  return new Elysia({ name: "end-user-mfa" });
}
