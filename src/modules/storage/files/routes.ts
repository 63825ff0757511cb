/**
 * Files: the HTTP routes (rules live in service.ts).
 *
 * - /api/org/{slug}/files…, /storage/usage: members (session) and machines (M2M token);
 *   scopes decide, members see their own files by default (5.3).
 * - /api/public/v1/files…, /storage/usage: an org-wide API key (4.2); an
 *   app-group-scoped key is 401.
 * - GET /blobs/{key}: the signed, 10-minute download URLs of the local-disk store.
 */
import { Elysia, t } from "elysia";
import type { AppContext } from "../../../context";
import { contentDisposition, LocalBlobStore, LOCAL_BLOB_ROUTE } from "../../../platform/blobs";
import { kernelErrors } from "../../../platform/http/error-catalog";
import { fileErrors } from "./errors";
import { BODY_LIMIT_KEY, requestInfo } from "../../../platform/http/kernel";
import { type Organization, orgGuard, OrgSlug } from "../../orgs/index";
import { publicApiGuard, requiresScope } from "../../access/index";
import { requireScope } from "../../access";
import { storageUsage } from "./quota";
import { downloadFile, FILE_TOTAL_CAP, fileCallerOf, fileCallerOfKey, FileScopes, listFiles, PAGE_SIZE_MAX, restoreFile, trashFile, uploadFile, type FileCaller } from "./service";

const tags = ["Files"];

const FileRecord = t.Object({
  id: t.String({ format: "uuid" }),
  fileName: t.String(),
  contentType: t.String(),
  sizeBytes: t.Integer(),
  sha256: t.String({ description: "Hex SHA-256 computed by the server over the received bytes" }),
  scope: t.String({ description: "free, project:{id}, approval, notification or meeting:{meetingId}; fixed at creation" }),
  storageClass: t.Union([t.Literal("standard"), t.Literal("infrequent")]),
  uploadedAt: t.String({ format: "date-time" }),
  uploadedBy: t.Union([t.String(), t.Null()], { description: "The uploading user; null for an API key or a machine" }),
  lastAccessedAt: t.String({ format: "date-time" }),
  deletedAt: t.Union([t.String({ format: "date-time" }), t.Null()], { description: "When the file went to the trash" }),
  restorableUntil: t.Union([t.String({ format: "date-time" }), t.Null()]),
});

const FileList = t.Object({
  files: t.Array(FileRecord),
  page: t.Integer(),
  pageSize: t.Integer(),
  total: t.Integer({ description: `Files matching, exact up to ${FILE_TOTAL_CAP.toLocaleString("en")}; past that, this cap (see totalExact)` }),
  totalExact: t.Boolean({ description: `false when more than ${FILE_TOTAL_CAP.toLocaleString("en")} files match: total is then a lower bound` }),
  nextCursor: t.Union([t.String(), t.Null()], { description: "Pass as cursor for the next page (read by keyset, as cheap at the millionth file as at the first); null on the last page" }),
});
const DownloadResponse = t.Object({ url: t.String(), fileName: t.String(), expiresInMinutes: t.Integer() });
const TrashResponse = t.Object({ trashed: t.Boolean(), retentionDays: t.Integer(), restorableUntil: t.String({ format: "date-time" }) });
const StorageUsage = t.Object({
  usedBytes: t.Integer({ description: "Live files plus uploads in flight: exactly what the upload gate compares" }),
  limitBytes: t.Union([t.Integer(), t.Null()], { description: "null on unlimited plans" }),
  remainingBytes: t.Union([t.Integer(), t.Null()]),
  fileCount: t.Integer(),
  trashedBytes: t.Integer(),
  trashedCount: t.Integer(),
  trashRetentionDays: t.Integer(),
});
const ErrorBody = t.Object({ error: t.String() }, { additionalProperties: true });

const listQuery = {
  trashed: t.Optional(t.BooleanString({ description: "true lists the trash instead of live files" })),
  q: t.Optional(t.String({ maxLength: 200, description: "Case-insensitive part of the file name" })),
  page: t.Optional(t.Integer({ minimum: 1, maximum: 1_000_000 })),
  pageSize: t.Optional(t.Integer({ minimum: 1, maximum: PAGE_SIZE_MAX, description: `1 to ${PAGE_SIZE_MAX}, default 20` })),
  cursor: t.Optional(t.String({ minLength: 1, maxLength: 300, description: "nextCursor of the previous page (then page is ignored); 400 invalid_cursor when this server did not issue it" })),
};
const idParams = (withSlug: boolean) => t.Object({ ...(withSlug ? { slug: OrgSlug } : {}), id: t.String({ maxLength: 100 }) });

// The upload body is read by the service as a stream: the kernel checks only its declared
// length (anything past a 10 MB file plus parts' overhead answers file_too_large in the
// service, up to this cap; beyond it, 413 payload_too_large) and Elysia must not buffer it.
const UPLOAD_BODY_CAP = 16 * 1024 * 1024;
const STREAMED = Symbol("streamed multipart body");
const uploadOptions = {
  parse: [({ contentType }: { contentType: string }) => (contentType?.toLowerCase().startsWith("multipart/form-data") ? STREAMED : undefined)],
};
const uploadDoc = {
  [BODY_LIMIT_KEY]: UPLOAD_BODY_CAP,
  requestBody: {
    required: true,
    content: {
      "multipart/form-data": {
        schema: { type: "object" as const, required: ["file"], properties: { file: { type: "string" as const, format: "binary", description: "At most 10 MB" } } },
      },
    },
  },
};
const UPLOAD_ERRORS =
  "400 multipart_form_required (not multipart/form-data or malformed), no_file (no part named file), file_too_large (over 10 MB = 10 MiB; " +
  `a body far past that, over ${UPLOAD_BODY_CAP / 1024 / 1024} MiB, is 413 payload_too_large); 403 storage_quota_exceeded {usedBytes, limitBytes}; ` +
  "503 storage_unavailable when the store fails (nothing is kept). The name is sanitised (path separators and control characters stripped, non-ASCII kept); SHA-256 is computed while streaming.";
const KEY_AUTH = " Needs an org-wide API key (X-Api-Key) holding the route's scope (x-required-scope; 403 PERMISSION_DENIED otherwise): an app-group-scoped key is 401.";
const ORG_AUTH = " A member (session) or a machine (M2M token); non-members get 404.";

const MEETING_ID = t.String({ pattern: "^[A-Za-z0-9_-]{1,64}$", description: "Sets scope meeting:{meetingId}; the id's format is checked (existence once meetings exist)" });

/** The routes both doors share, given how each finds its organization and caller. */
function fileRoute(ctx: AppContext) {
  return {
    list: (caller: FileCaller, org: Organization, query: Parameters<typeof listFiles>[3]) => listFiles(ctx, caller, org, query),
    download: (caller: FileCaller, org: Organization, id: string) => downloadFile(ctx, caller, org, id),
    trash: (caller: FileCaller, org: Organization, id: string, request: Request) => trashFile(ctx, caller, org, id, requestInfo(request).id),
    restore: (caller: FileCaller, org: Organization, id: string, request: Request) => restoreFile(ctx, caller, org, id, requestInfo(request).id),
    usage: (caller: FileCaller, org: Organization) => {
      // The organization's usage is file information: any grant to list files reads it.
      requireScope(caller.permissions, FileScopes.list);
      return storageUsage(ctx.db.read, org, ctx.clock.now());
    },
  };
}

function orgFileRoutes(ctx: AppContext) {
  const route = fileRoute(ctx);
  return new Elysia({ name: "files.org", prefix: "/api/org/:slug" })
    .use(orgGuard(ctx))
    .post(
      "/files",
      ({ org, orgCaller, query, request }) =>
        uploadFile(ctx, fileCallerOf(orgCaller), org, request, { scope: query.meetingId ? `meeting:${query.meetingId}` : "free", requestId: requestInfo(request).id }),
      {
        orgOrMachine: true,
        ...uploadOptions,
        query: t.Object({ meetingId: t.Optional(MEETING_ID) }),
        response: { 200: FileRecord, 400: ErrorBody, 403: ErrorBody, 503: ErrorBody },
        detail: {
          tags,
          summary: "Upload a file (dashboard or meeting)",
          description: `multipart/form-data with one part named file, at most 10 MB. Scope free, or meeting:{meetingId} with ?meetingId=. Needs org.org_file.create. ${UPLOAD_ERRORS}${ORG_AUTH}`,
          ...uploadDoc,
        },
      },
    )
    .get("/files", ({ org, orgCaller, query }) => route.list(fileCallerOf(orgCaller), org, query), {
      orgOrMachine: true,
      query: t.Object({ ...listQuery, view: t.Optional(t.Union([t.Literal("mine"), t.Literal("all")], { description: "mine (default) or all" })) }),
      response: { 200: FileList, 400: ErrorBody, 403: ErrorBody },
      detail: {
        tags,
        summary: "List files",
        description: `Live files (or the trash with trashed=true), newest first, filtered by q, paged. view=mine (default) shows the caller's own uploads; view=all needs org.org_file.list unconstrained (members hold org.org_file.list:creator=self): else 403 PERMISSION_DENIED. A machine asks for view=all.${ORG_AUTH}`,
      },
    })
    .get("/files/:id/download", ({ org, orgCaller, params }) => route.download(fileCallerOf(orgCaller), org, params.id), {
      orgOrMachine: true,
      params: idParams(true),
      response: { 200: DownloadResponse, 403: ErrorBody, 404: ErrorBody },
      detail: { tags, summary: "Download URL for a file", description: `A direct URL valid for 10 minutes. Needs org.org_file.read (members: their own files). 404 for another org's or a trashed file.${ORG_AUTH}` },
    })
    .delete("/files/:id", ({ org, orgCaller, params, request }) => route.trash(fileCallerOf(orgCaller), org, params.id, request), {
      orgOrMachine: true,
      params: idParams(true),
      response: { 200: TrashResponse, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody },
      detail: {
        tags,
        summary: "Move a file to the trash",
        description: `Frees its quota and starts the retention window (7 days on Free, 30 on paid plans); only retention removes it for good. 409 sealed_attachment for an attachment of a sealed approval document. Needs org.org_file.delete.${ORG_AUTH}`,
      },
    })
    .post("/files/:id/restore", ({ org, orgCaller, params, request }) => route.restore(fileCallerOf(orgCaller), org, params.id, request), {
      orgOrMachine: true,
      params: idParams(true),
      response: { 200: FileRecord, 403: ErrorBody, 404: ErrorBody },
      detail: { tags, summary: "Restore a file from the trash", description: `While its retention window lasts; 403 storage_quota_exceeded {usedBytes, limitBytes} when its bytes no longer fit. Needs org.org_file.update.${ORG_AUTH}` },
    })
    .get("/storage/usage", ({ org, orgCaller }) => route.usage(fileCallerOf(orgCaller), org), {
      orgOrMachine: true,
      response: { 200: StorageUsage },
      detail: { tags, summary: "Storage usage", description: `The exact figure the upload gate enforces (live files plus uploads in flight; the trash does not count). Needs org.org_file.list in any form (a member's own-files grant counts).${ORG_AUTH}` },
    });
}

function publicFileRoutes(ctx: AppContext) {
  const route = fileRoute(ctx);
  const v1 = ["Public v1", ...tags];
  return new Elysia({ name: "files.public-v1", prefix: "/api/public/v1" })
    .use(publicApiGuard(ctx))
    .get("/files", ({ keyOrg, keyActor, query }) => route.list(fileCallerOfKey(keyActor), keyOrg, { ...query, view: "all" }), {
      orgWideKey: true,
      query: t.Object(listQuery),
      response: { 200: FileList, 400: ErrorBody },
      detail: { ...requiresScope(FileScopes.list), tags: v1, summary: "List files", description: `Every live file of the key's organization (or the trash with trashed=true), newest first, filtered by q, paged.${KEY_AUTH}` },
    })
    .post("/files", ({ keyOrg, keyActor, request }) => uploadFile(ctx, fileCallerOfKey(keyActor), keyOrg, request, { scope: "free", requestId: requestInfo(request).id }), {
      orgWideKey: true,
      ...uploadOptions,
      response: { 200: FileRecord, 400: ErrorBody, 403: ErrorBody, 503: ErrorBody },
      detail: { ...requiresScope(FileScopes.create), tags: v1, summary: "Upload a file", description: `multipart/form-data with one part named file, at most 10 MB; returns the file record (scope free). ${UPLOAD_ERRORS}${KEY_AUTH}`, ...uploadDoc },
    })
    .get("/files/:id/download", ({ keyOrg, keyActor, params }) => route.download(fileCallerOfKey(keyActor), keyOrg, params.id), {
      orgWideKey: true,
      params: idParams(false),
      response: { 200: DownloadResponse, 404: ErrorBody },
      detail: { ...requiresScope(FileScopes.read), tags: v1, summary: "Download URL for a file", description: `{url, fileName, expiresInMinutes: 10}: a direct URL. 404 for another org's or a trashed file.${KEY_AUTH}` },
    })
    .delete("/files/:id", ({ keyOrg, keyActor, params, request }) => route.trash(fileCallerOfKey(keyActor), keyOrg, params.id, request), {
      orgWideKey: true,
      params: idParams(false),
      response: { 200: TrashResponse, 404: ErrorBody, 409: ErrorBody },
      detail: { ...requiresScope(FileScopes.delete), tags: v1, summary: "Move a file to the trash", description: `Soft delete: {trashed, retentionDays, restorableUntil}. 409 sealed_attachment for an attachment of a sealed approval document.${KEY_AUTH}` },
    })
    .post("/files/:id/restore", ({ keyOrg, keyActor, params, request }) => route.restore(fileCallerOfKey(keyActor), keyOrg, params.id, request), {
      orgWideKey: true,
      params: idParams(false),
      response: { 200: FileRecord, 403: ErrorBody, 404: ErrorBody },
      detail: { ...requiresScope(FileScopes.update), tags: v1, summary: "Restore a file from the trash", description: `Returns the file record; 403 storage_quota_exceeded {usedBytes, limitBytes} when it no longer fits.${KEY_AUTH}` },
    })
    .get("/storage/usage", ({ keyOrg, keyActor }) => route.usage(fileCallerOfKey(keyActor), keyOrg), {
      orgWideKey: true,
      response: { 200: StorageUsage },
      detail: { ...requiresScope(FileScopes.list), tags: v1, summary: "Storage usage", description: `The exact figure the upload gate enforces.${KEY_AUTH}` },
    });
}

// Types a browser may show inline from our origin without running anything; others download.
const INLINE_SAFE = new Set(["image/png", "image/jpeg", "image/gif", "image/webp", "image/avif", "application/pdf", "text/plain"]);

function localBlobRoutes(ctx: AppContext) {
  return new Elysia({ name: "files.blobs" }).get(
    `${LOCAL_BLOB_ROUTE}/*`,
    async ({ params, query }) => {
      if (!(ctx.blobs instanceof LocalBlobStore)) throw kernelErrors.error("notFound");
      const opened = await ctx.blobs.openSigned(params["*"], query);
      if (opened === "invalid") throw fileErrors.error("invalidSignature");
      if (opened === "expired") throw fileErrors.error("linkExpired");
      if (!opened) throw kernelErrors.error("notFound");
      const inline = opened.inline && INLINE_SAFE.has(opened.contentType);
      return new Response(opened.stream, {
        headers: {
          "content-type": opened.contentType,
          "content-disposition": contentDisposition(opened.fileName, inline),
          "x-content-type-options": "nosniff",
          // Nothing served here may run script on our origin; the PDF viewer cannot run sandboxed.
          ...(opened.contentType === "application/pdf" ? {} : { "content-security-policy": "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'" }),
          "cache-control": "private, max-age=600",
        },
      });
    },
    {
      query: t.Object({ exp: t.Optional(t.String()), name: t.Optional(t.String()), type: t.Optional(t.String()), inline: t.Optional(t.String()), sig: t.Optional(t.String()) }),
      detail: {
        // Not an API to call: clients follow the URL a download route returned.
        hide: true,
        tags,
        summary: "File bytes behind a signed download URL (local disk)",
        description: "Served when files live on local disk: the URL from a download route, valid 10 minutes. 403 invalid_signature when any part was changed, 403 link_expired after its time.",
      },
    },
  );
}

export function fileRoutes(ctx: AppContext) {
  return new Elysia({ name: "files" }).use(orgFileRoutes(ctx)).use(publicFileRoutes(ctx)).use(localBlobRoutes(ctx));
}
