// PLACEHOLDER — replaced by the outbound kernel work.
import { Elysia } from "elysia";
export function devRoutes(_ctx: unknown) {
  return new Elysia({ name: "dev" });
}
