/**
 * The pages: the dashboard (one page that routes in the browser) at / and its paths, the
 * share viewer at /f/{shareToken}, and their bundled assets under /ui/.
 * Pages are HTML, not API, so they stay out of the OpenAPI document. The dashboard's
 * sign-in page, /login, is the accounts module's (server-rendered, with the 5.7 hand-over).
 */
import { Elysia } from "elysia";
import type { AppContext } from "../../context";
import { UI_PUBLIC_PATH, VERSION_TOKEN } from "../../../embedded-ui/build";
import { ApiError, KernelErrors } from "../../platform/http/errors";
import { uiFiles } from "../../platform/ui";

async function renderDashboard(version: string): Promise<string> {
  const index = (await uiFiles()).get("index.html");
  if (!index) throw new Error("embedded-ui has no index.html");
  return (await index.text()).replaceAll(VERSION_TOKEN, Bun.escapeHTML(version));
}

export function pageRoutes(ctx: Pick<AppContext, "version">) {
  const dashboard = async ({ set }: { set: { headers: Record<string, string | number> } }) => {
    const html = await renderDashboard(ctx.version);
    set.headers["content-type"] = "text/html; charset=utf-8";
    set.headers["cache-control"] = "no-cache";
    // The page shows one-time secrets (new API keys): it never needs to tell other sites where it was.
    set.headers["referrer-policy"] = "no-referrer";
    return html;
  };
  const hidden = { detail: { hide: true } };
  // Every path the dashboard routes in the browser gets the same page, so a reload or a
  // shared link opens the right view (embedded-ui/dashboard/app.tsx).
  return new Elysia({ name: "pages" })
    .get("/", dashboard, hidden)
    .get("/orgs", dashboard, hidden)
    .get("/orgs/*", dashboard, hidden)
    .get("/account", dashboard, hidden)
    .get("/dev/mailbox", dashboard, hidden)
    .get("/invite/:code", dashboard, hidden)
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
