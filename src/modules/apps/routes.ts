/**
 * App groups and applications: the HTTP routes of this module (being built; rules live in service.ts).
 */
import { Elysia } from "elysia";
import type { AppContext } from "../../context";

export function appRoutes(_ctx: AppContext) {
  return new Elysia({ name: "apps" });
}
