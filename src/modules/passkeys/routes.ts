import { Elysia } from "elysia";
import type { AppContext } from "../../context";

export function passkeyRoutes(ctx: AppContext) {
  return new Elysia({ name: "passkeys" });
}
