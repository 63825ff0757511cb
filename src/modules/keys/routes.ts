import { Elysia } from "elysia";
import type { AppContext } from "../../context";

export function keyRoutes(ctx: AppContext) {
  return new Elysia({ name: "keys" });
}
