/** Public v1 end-user import and the partner app-group routes (spec 4.2). */
import { Elysia } from "elysia";
import type { AppContext } from "../../context";

export function endUserImportRoutes(ctx: AppContext) {
  void ctx;
  return new Elysia({ name: "end-user-import" });
}
