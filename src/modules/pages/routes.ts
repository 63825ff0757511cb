// PLACEHOLDER — replaced by the pages/binary work.
import { Elysia } from "elysia";
export function pageRoutes(_ctx: unknown) {
  return new Elysia({ name: "pages" });
}
