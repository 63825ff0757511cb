/** The hosted login page /login/{appKey} (spec 2.3, 5.7). */
import { Elysia } from "elysia";
import type { AppContext } from "../../context";

export function hostedLoginRoutes(ctx: AppContext) {
  void ctx;
  return new Elysia({ name: "hosted-login" });
}
