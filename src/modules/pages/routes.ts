/**
 * The pages: the dashboard placeholder at /, the share viewer at /f/{shareToken}, and
 * their bundled assets under /ui/.
 * Pages are HTML, not API, so they stay out of the OpenAPI document.
 */
import { Elysia } from "elysia";
import type { AppContext } from "../../context";
import { UI_PUBLIC_PATH, VERSION_TOKEN } from "../../../embedded-ui/build";
import { ApiError, KernelErrors } from "../../platform/http/errors";
import { uiFiles } from "./ui";

async function renderDashboard(version: string): Promise<string> {
  const index = (await uiFiles()).get("index.html");
  if (!index) throw new Error("embedded-ui has no index.html");
  return (await index.text()).replaceAll(VERSION_TOKEN, Bun.escapeHTML(version));
}

export function pageRoutes(ctx: Pick<AppContext, "version">) {
  return new Elysia({ name: "pages" })
    .get(
      "/",
      async ({ set }) => {
        const html = await renderDashboard(ctx.version);
        set.headers["content-type"] = "text/html; charset=utf-8";
        set.headers["cache-control"] = "no-cache";
        return html;
      },
      { detail: { hide: true } },
    )
    // The share viewer (file-sharing module): a static page that reads its token from the path.
    .get(
      "/f/:shareToken",
      async ({ set }) => {
        set.headers["content-type"] = "text/html; charset=utf-8";
        set.headers["cache-control"] = "no-store";
        return (await uiFiles()).get("share.html");
      },
      { detail: { hide: true } },
    )
    .get(
      `${UI_PUBLIC_PATH}:name`,
      async ({ params, set }) => {
        const file = params.name.endsWith(".html") ? undefined : (await uiFiles()).get(params.name);
        if (!file) throw new ApiError(404, KernelErrors.notFound);
        set.headers["content-type"] = file.type;
        // Bundled names carry a content hash.
        set.headers["cache-control"] = "public, max-age=31536000, immutable";
        return file;
      },
      { detail: { hide: true } },
    );
}
