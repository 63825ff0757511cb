// PLACEHOLDER — replaced by the pages/binary work (offline Swagger UI assets).
import { Elysia } from "elysia";
import { openapi } from "@elysiajs/openapi";
export function apiReference(ctx: { version: string }) {
  return new Elysia({ name: "api-reference" }).use(
    openapi({ path: "/swagger", specPath: "/swagger/json", provider: "swagger-ui", documentation: { info: { title: "Signet API", version: ctx.version } } }),
  );
}
