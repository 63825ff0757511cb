import { Elysia } from "elysia";
import type { AppContext } from "../../context";

export function orgRoutes(ctx: AppContext) {
  return new Elysia({ name: "orgs" });
}
