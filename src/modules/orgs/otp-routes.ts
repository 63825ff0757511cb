import { Elysia } from "elysia";
import type { AppContext } from "../../context";

export function otpRoutes(ctx: AppContext) {
  return new Elysia({ name: "orgs.otp" });
}
