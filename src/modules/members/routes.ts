import { Elysia } from "elysia";
import type { AppContext } from "../../context";

export function memberRoutes(ctx: AppContext) {
  return new Elysia({ name: "members" });
}
