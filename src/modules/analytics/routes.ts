/** Behavior beacon and sign-in analytics (spec 2.5, 4.1, 4.5). */
import { Elysia } from "elysia";
import type { AppContext } from "../../context";

export function analyticsRoutes(ctx: AppContext) {
  void ctx;
  return new Elysia({ name: "analytics" });
}
