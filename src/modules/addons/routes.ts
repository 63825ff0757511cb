/** Organization add-ons (spec 4.4 settings/addons, §8). */
import { Elysia } from "elysia";
import type { AppContext } from "../../context";

export function addonRoutes(ctx: AppContext) {
  void ctx;
  return new Elysia({ name: "addons" });
}
