/**
 * The pages: the dashboard (one page that routes in the browser) at / and its paths, the
 * share viewer at /f/{shareToken}, and their bundled assets under /ui/. Both pages are
 * sent in the request's language (platform/http/page-language.ts).
 * Pages are HTML, not API, so they stay out of the OpenAPI document. The dashboard's
 * sign-in page, /login, is the accounts module's (server-rendered, with the 5.7 hand-over).
 */
import { Elysia } from "elysia";
import type { AppContext } from "../../context";
import { UI_PUBLIC_PATH, VERSION_TOKEN } from "../../../embedded-ui/build";
import { ApiError, KernelErrors } from "../../platform/http/errors";
import { uiFiles } from "../../platform/ui";
import { pageHeaders } from "../../platform/http/page-headers";
import type { Config } from "../../config";
import { requestLanguage, type Language } from "../../platform/languages";
import { languageHeaders, localizePage } from "../../platform/http/page-language";
import { shareCatalog } from "../../../embedded-ui/locales/share";

async function renderDashboard(version: string, language: Language): Promise<string> {
  const index = (await uiFiles()).get("index.html");
  if (!index) throw new Error("embedded-ui has no index.html");
  // Only <html lang>: the dashboard's words are drawn by its script (embedded-ui/dashboard/locales.ts).
  return localizePage((await index.text()).replaceAll(VERSION_TOKEN, Bun.escapeHTML(version)), language);
}

async function renderShareViewer(language: Language): Promise<string> {
  const page = (await uiFiles()).get("share.html");
  if (!page) throw new Error("embedded-ui has no share.html");
  return localizePage(await page.text(), language, shareCatalog);
}

/**
 * Where a shared file's signed URL points: this deployment (local disk, /blobs/…) or the
 * S3 endpoint (AWS's virtual-hosted buckets when none is set). The share viewer shows
 * the file from there.
 */
export function fileOrigins(config: Pick<Config, "baseUrl" | "storage">): string[] {
  const origins = [new URL(config.baseUrl).origin];
  if (config.storage.kind === "s3") origins.push(config.storage.endpoint ? new URL(config.storage.endpoint).origin : "https://*.amazonaws.com");
  return origins;
}

export function pageRoutes(ctx: Pick<AppContext, "version" | "config">) {
  // The dashboard shows one-time secrets (new API keys): no site may frame it, and it
  // tells no other site where it was. It frames only its own hosted-login preview;
  // app-group icons are https URLs their owners chose.
  const dashboardHeaders = pageHeaders({ images: ["https:", "data:"], cache: "no-cache" });
  const shareHeaders = pageHeaders({ images: [...fileOrigins(ctx.config), "data:"], frames: fileOrigins(ctx.config), connect: fileOrigins(ctx.config) });
  const dashboard = async ({ request, set }: { request: Request; set: { headers: Record<string, string | number> } }) => {
    const language = requestLanguage(request.headers);
    const html = await renderDashboard(ctx.version, language);
    Object.assign(set.headers, dashboardHeaders, languageHeaders(language));
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
      async ({ request, set }) => {
        const language = requestLanguage(request.headers);
        const html = await renderShareViewer(language);
        Object.assign(set.headers, shareHeaders, languageHeaders(language));
        return html;
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
