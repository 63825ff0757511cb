import { Elysia } from "elysia";
import type { AppContext } from "../../context";

export function linkedIdentityRoutes(ctx: AppContext) {
  return new Elysia({ name: "linked-identities" });
}
