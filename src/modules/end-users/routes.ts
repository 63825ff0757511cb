/** End-user sign-in (spec 4.1): login methods, magic links, sessions and their tokens. */
import { Elysia } from "elysia";
import type { AppContext } from "../../context";

export function endUserRoutes(ctx: AppContext) {
  void ctx;
  return new Elysia({ name: "end-users" });
}
