/** End-user passkeys (spec 4.1): registration and login with the app group's relying-party id. */
import { Elysia } from "elysia";
import type { AppContext } from "../../context";

export function endUserPasskeyRoutes(ctx: AppContext) {
  void ctx;
  return new Elysia({ name: "end-user-passkeys" });
}
