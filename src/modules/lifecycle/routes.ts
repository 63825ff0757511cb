/**
 * Storage lifecycle rules: the HTTP routes of this module (being built; rules live in service.ts).
 */
import { Elysia } from "elysia";
import type { AppContext } from "../../context";

export function lifecycleRoutes(_ctx: AppContext) {
  return new Elysia({ name: "lifecycle" });
}
