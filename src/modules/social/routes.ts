/** Social sign-in for end users (spec 4.1): start, callback, exchange. */
import { Elysia } from "elysia";
import type { AppContext } from "../../context";

export function socialRoutes(ctx: AppContext) {
  void ctx;
  return new Elysia({ name: "social" });
}
