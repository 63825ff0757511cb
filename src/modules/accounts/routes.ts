// PLACEHOLDER — session route comes with the accounts work.
import { Elysia } from "elysia";
export function accountRoutes(_ctx: unknown) {
  return new Elysia({ name: "accounts" });
}
