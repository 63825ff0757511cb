/**
 * File sharing (spec 3.4, 4.1, 4.2): the share mode and link of a file, for the
 * dashboard (`/api/org/{slug}/files/{id}/share…`, members and M2M tokens) and for org
 * API keys (`/api/public/v1/files/{id}/share…`, org-wide keys only), and the public share
 * view behind a link (`/api/public/share/{shareToken}`). Rules live in service.ts.
 */
import { Elysia, t } from "elysia";
import type { AppContext } from "../../../context";
import { requestInfo } from "../../../platform/http/kernel";
import { strictBody } from "../../../platform/http/strict-body";
import { orgGuard, OrgSlug } from "../../orgs/index";
import { publicApiGuard, requiresScope } from "../../access/index";
import { fileCallerOf, fileCallerOfKey, FileScopes } from "../files/service";
import { getShare, rotateShareToken, setShareMode, viewSharedFile } from "./service";

const tags = ["File sharing"];

const Params = t.Object({ slug: OrgSlug, id: t.String({ maxLength: 100 }) });
const KeyParams = t.Object({ id: t.String({ maxLength: 100 }) });

const ShareBody = t.Object(
  { mode: t.String({ maxLength: 50, description: "restricted (only members) or link_anyone (anyone with the link); anything else is 400 invalid_mode" }) },
  { additionalProperties: false },
);

const ShareView = t.Object({
  id: t.String(),
  fileName: t.String(),
  mode: t.Union([t.Literal("restricted"), t.Literal("link_anyone")]),
  shareToken: t.Nullable(t.String({ description: "128-bit GUID; kept (dormant) while restricted, null until first shared" })),
  shareUrl: t.Nullable(t.String({ description: "{portal_base}/f/{shareToken}; null while restricted" })),
});

const SharedFile = t.Object({
  fileName: t.String(),
  contentType: t.String(),
  sizeBytes: t.Integer(),
  sha256: t.String(),
  uploadedAt: t.String({ format: "date-time" }),
  url: t.String({ description: "The content, for inline previews" }),
  downloadUrl: t.String({ description: "The content as an attachment named fileName" }),
  expiresInMinutes: t.Integer({ description: "10: both URLs stop working after it" }),
  expiresAt: t.String({ format: "date-time" }),
});

const ErrorBody = t.Object({ error: t.String(), message: t.Optional(t.String()), field: t.Optional(t.String()) });

const MODE_RULES =
  "The first switch to link_anyone mints the token; back to restricted keeps it dormant (its link answers 403) and sharing again revives the same link. " +
  "400 invalid_mode; 409 external_sharing_disabled when the organization blocks link sharing (security.blockExternalSharing). Emits org.file.share_mode_changed when the mode changes.";
const ROTATE_RULES = "A fresh token in the same mode: every earlier link answers 404 from now on. Emits org.file.share_token_rotated.";
const FILE_404 = " A file of another organization, an unknown id and a trashed file are 404.";
const DASHBOARD = " Needs org.org_file.update on the file (members hold it for their own files).";
const KEY = " Needs an org-wide API key (an app-group-scoped one is 401), which reaches every file of its organization.";

export function fileSharingRoutes(ctx: AppContext) {
  return new Elysia({ name: "file-sharing" }).use(dashboardShareRoutes(ctx)).use(publicV1ShareRoutes(ctx)).use(publicShareView(ctx));
}

function dashboardShareRoutes(ctx: AppContext) {
  return new Elysia({ name: "file-sharing.org", prefix: "/api/org/:slug/files/:id/share" })
    .use(orgGuard(ctx))
    .get("", ({ org, orgCaller, params }) => getShare(ctx, fileCallerOf(orgCaller), org, params.id), {
      orgOrMachine: true,
      params: Params,
      response: { 200: ShareView, 404: ErrorBody },
      detail: { tags, summary: "A file's share mode and link", description: `Needs org.org_file.read on the file.${FILE_404}` },
    })
    .patch("", ({ org, orgCaller, params, body, request }) => setShareMode(ctx, fileCallerOf(orgCaller), org, params.id, body.mode, requestInfo(request).id), {
      orgOrMachine: true,
      params: Params,
      ...strictBody(ShareBody),
      response: { 200: ShareView, 400: ErrorBody, 404: ErrorBody, 409: ErrorBody },
      detail: { tags, summary: "Set a file's share mode", description: `${MODE_RULES}${DASHBOARD}${FILE_404}` },
    })
    .post("/rotate", ({ org, orgCaller, params, request }) => rotateShareToken(ctx, fileCallerOf(orgCaller), org, params.id, requestInfo(request).id), {
      orgOrMachine: true,
      params: Params,
      response: { 200: ShareView, 404: ErrorBody },
      detail: { tags, summary: "Rotate a file's share link", description: `${ROTATE_RULES}${DASHBOARD}${FILE_404}` },
    });
}

function publicV1ShareRoutes(ctx: AppContext) {
  return new Elysia({ name: "file-sharing.public-v1", prefix: "/api/public/v1/files/:id/share" })
    .use(publicApiGuard(ctx))
    .patch("", ({ keyOrg, keyActor, params, body, request }) => setShareMode(ctx, fileCallerOfKey(keyActor), keyOrg, params.id, body.mode, requestInfo(request).id), {
      orgWideKey: true,
      params: KeyParams,
      ...strictBody(ShareBody),
      response: { 200: ShareView, 400: ErrorBody, 404: ErrorBody, 409: ErrorBody },
      detail: { ...requiresScope(FileScopes.update), tags, summary: "Set a file's share mode", description: `${MODE_RULES}${KEY}${FILE_404}` },
    })
    .post("/rotate", ({ keyOrg, keyActor, params, request }) => rotateShareToken(ctx, fileCallerOfKey(keyActor), keyOrg, params.id, requestInfo(request).id), {
      orgWideKey: true,
      params: KeyParams,
      response: { 200: ShareView, 404: ErrorBody },
      detail: { ...requiresScope(FileScopes.update), tags, summary: "Rotate a file's share link", description: `${ROTATE_RULES}${KEY}${FILE_404}` },
    });
}

function publicShareView(ctx: AppContext) {
  return new Elysia({ name: "file-sharing.view" }).get(
    "/api/public/share/:shareToken",
    ({ params, request, set }) => {
      // The token is the credential: keep the answer out of shared caches.
      set.headers["cache-control"] = "no-store";
      return viewSharedFile(ctx, params.shareToken, { ip: requestInfo(request).ip, userAgent: request.headers.get("user-agent"), requestId: requestInfo(request).id });
    },
    {
      params: t.Object({ shareToken: t.String({ maxLength: 100 }) }),
      response: { 200: SharedFile, 403: ErrorBody, 404: ErrorBody, 429: t.Object({ error: t.String(), retryAfterSeconds: t.Integer() }) },
      detail: {
        tags,
        summary: "Open a share link",
        description:
          "No key: the token is the credential. The file's metadata and content URLs good for 10 minutes. 404 when the link does not exist (unknown, rotated away or the file deleted); " +
          "403 not_shared when the link is valid but the file is not shared right now (restricted, trashed, or the organization blocks link sharing). Records org.file.share_viewed with a hashed IP and user agent. At most 120 views per minute per client IP: 429 rate_limited with Retry-After.",
      },
    },
  );
}
