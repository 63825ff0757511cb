/**
 * One-link file sharing (spec 3.4, 4.1, 4.2). A file is `restricted` (the default) or
 * `link_anyone`; its link is `{portal_base}/f/{shareToken}`, the token a random v4 GUID
 * kept in files.shareToken.
 *
 * - Back to restricted, the token stays in the row, dormant: the link answers 403, and
 *   sharing again revives the same link.
 * - Rotation writes a fresh token over the old one. Only the current token resolves,
 *   so every earlier link is 404 forever (a v4 GUID never recurs).
 * - The org setting security.blockExternalSharing refuses a switch to link_anyone
 *   (409 external_sharing_disabled) and stops existing links from serving (403) while
 *   it is on; turning it off again revives them.
 * - The public view answers only for a live, shared file in an organization that
 *   allows sharing, records org.file.share_viewed with the viewer's hashed IP and user
 *   agent, counts as an access (lifecycle rules measure "unaccessed" from it) and hands
 *   out content URLs that expire after 10 minutes. At most 120 views per minute per
 *   client IP (429 rate_limited).
 */
import { and, eq, isNull } from "drizzle-orm";
import type { AppContext } from "../../../context";
import type { Queryable } from "../../../platform/db/database";
import { appendAudit } from "../../../platform/audit/append";
import { auditEvent } from "../../../platform/audit/catalog";
import { STORAGE_EVENTS } from "../events";
import { ApiError } from "../../../platform/http/errors";
import { enforceRateLimits } from "../../../platform/http/rate-limit";
import { assertCan, type Organization, readSettingsSection, securitySettings } from "../../orgs/index";
import { shareErrors } from "./errors";
import { files, type ShareMode } from "../files/schema";
import { FileScopes, type FileCaller, type FileRow } from "../files/service";

export const SHARE_MODES: readonly ShareMode[] = ["restricted", "link_anyone"];

/** Content URLs of the public share view live this long (spec §8: 10 minutes on the share endpoint). */
export const SHARE_CONTENT_URL_SECONDS = 600;

/**
 * Views per client IP per minute (the spec names no limit): every view writes an audit
 * event, so one address cannot flood an organization's chain through a public link.
 */
export const SHARE_VIEWS_PER_IP_PER_MINUTE = 120;

export { ShareErrors } from "./errors";
export interface ShareView {
  id: string;
  fileName: string;
  mode: ShareMode;
  /** The current token, dormant while restricted; null until the file is first shared. */
  shareToken: string | null;
  /** `{portal_base}/f/{shareToken}`; null while restricted. */
  shareUrl: string | null;
}

export interface SharedFileView {
  fileName: string;
  contentType: string;
  sizeBytes: number;
  sha256: string;
  uploadedAt: string;
  /** Content for previews (inline). */
  url: string;
  /** The same bytes as an attachment named fileName. */
  downloadUrl: string;
  expiresInMinutes: number;
  expiresAt: string;
}

/** Who opened a link, as the audit chain records it (hashed there). */
export interface ShareViewer {
  ip: string | null;
  userAgent: string | null;
  requestId: string | null;
}

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function notFound(): ApiError {
  return shareErrors.error("notFound");
}

function shareUrlOf(portalBase: string, token: string): string {
  return `${portalBase.replace(/\/+$/, "")}/f/${token}`;
}

export function shareViewOf(file: Pick<FileRow, "id" | "name" | "shareMode" | "shareToken">, portalBase: string): ShareView {
  const live = file.shareMode === "link_anyone" && file.shareToken !== null;
  return {
    id: file.id,
    fileName: file.name,
    mode: file.shareMode,
    shareToken: file.shareToken,
    shareUrl: live ? shareUrlOf(portalBase, file.shareToken!) : null,
  };
}

function validMode(mode: string): ShareMode {
  if (!(SHARE_MODES as readonly string[]).includes(mode)) {
    throw shareErrors.error("invalidMode", { field: "mode", message: `mode must be ${SHARE_MODES.join(" or ")}` });
  }
  return mode as ShareMode;
}

/** A live (untrashed) file of this organization, or 404: another org's id and a trashed file answer alike. */
async function liveFileIn(tx: Queryable, orgId: string, fileId: string): Promise<FileRow> {
  const [file] = await tx
    .select()
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.orgId, orgId), isNull(files.trashedAt)));
  if (!file) throw notFound();
  return file;
}

/**
 * Sharing changes who can read a file, so it needs the right to change the file
 * (members: their own). An org-wide API key reaches every file of its organization, as
 * on the files routes.
 */
function authorize(caller: FileCaller, scope: string, file: FileRow): void {
  assertCan(caller.permissions, scope, { creatorId: file.uploadedBy });
}

async function externalSharingBlocked(reader: Queryable, org: Pick<Organization, "id" | "name">): Promise<boolean> {
  return (await readSettingsSection(reader, org, securitySettings)).blockExternalSharing;
}

export async function getShare(deps: Pick<AppContext, "db" | "config">, caller: FileCaller, org: Organization, fileId: string): Promise<ShareView> {
  const file = await liveFileIn(deps.db.read, org.id, fileId);
  authorize(caller, FileScopes.read, file);
  return shareViewOf(file, deps.config.portalBase);
}

/** PATCH …/share {mode}. The first switch to link_anyone mints the token; later ones reuse it. */
export async function setShareMode(deps: Pick<AppContext, "db" | "clock" | "config">, caller: FileCaller, org: Organization, fileId: string, mode: string, requestId?: string): Promise<ShareView> {
  const to = validMode(mode);
  const at = deps.clock.now();
  return deps.db.write(async (tx) => {
    await tx.lock(`file-share:${fileId}`);
    const file = await liveFileIn(tx, org.id, fileId);
    authorize(caller, FileScopes.update, file);
    if (to === "link_anyone" && (await externalSharingBlocked(tx, org))) {
      throw shareErrors.error("externalSharingDisabled");
    }
    if (file.shareMode === to) return shareViewOf(file, deps.config.portalBase);
    const minted = to === "link_anyone" && file.shareToken === null;
    const changes = { shareMode: to, ...(minted ? { shareToken: crypto.randomUUID(), shareTokenCreatedAt: at } : {}) };
    await tx.update(files).set(changes).where(eq(files.id, file.id));
    await appendAudit(tx, {
      ...auditEvent(STORAGE_EVENTS.fileShareModeChanged, { fileId: file.id, by: "person", from: file.shareMode, to }),
      orgId: org.id,
      actor: caller.audit,
      requestId,
      at,
    });
    return shareViewOf({ ...file, ...changes }, deps.config.portalBase);
  });
}

/** POST …/share/rotate: same mode, new token; every earlier link dies for good. */
export async function rotateShareToken(deps: Pick<AppContext, "db" | "clock" | "config">, caller: FileCaller, org: Organization, fileId: string, requestId?: string): Promise<ShareView> {
  const at = deps.clock.now();
  return deps.db.write(async (tx) => {
    await tx.lock(`file-share:${fileId}`);
    const file = await liveFileIn(tx, org.id, fileId);
    authorize(caller, FileScopes.update, file);
    const changes = { shareToken: crypto.randomUUID(), shareTokenCreatedAt: at };
    await tx.update(files).set(changes).where(eq(files.id, file.id));
    await appendAudit(tx, {
      ...auditEvent(STORAGE_EVENTS.fileShareTokenRotated, { fileId: file.id }),
      orgId: org.id,
      actor: caller.audit,
      requestId,
      at,
    });
    return shareViewOf({ ...file, ...changes }, deps.config.portalBase);
  });
}

/**
 * GET /api/public/share/{token}: 404 for a token that is not any file's current one
 * (unknown, rotated away, or its file deleted for good); 403 not_shared when the file is
 * restricted, trashed, or its organization blocks link sharing; else the metadata and
 * content URLs, after recording the view.
 */
/**
 * The organization whose file a share token names, or null (an unknown token). Read by
 * custom login domains: a brand's domain shows its own organization's shared files only.
 */
export async function organizationOfShareToken(reader: Queryable, token: string): Promise<string | null> {
  const [row] = await reader.select({ orgId: files.orgId }).from(files).where(eq(files.shareToken, token));
  return row?.orgId ?? null;
}

export async function viewSharedFile(deps: Pick<AppContext, "db" | "clock" | "blobs">, token: string, viewer: ShareViewer): Promise<SharedFileView> {
  if (!GUID.test(token)) throw notFound();
  const at = deps.clock.now();
  const file = await deps.db.write(async (tx) => {
    const [row] = await tx.select().from(files).where(eq(files.shareToken, token));
    if (!row) throw notFound();
    if (row.shareMode !== "link_anyone" || row.trashedAt !== null || (await externalSharingBlocked(tx, { id: row.orgId, name: "" }))) {
      throw shareErrors.error("notShared");
    }
    await enforceRateLimits(tx, [{ key: `share-view:ip:${viewer.ip ?? "unknown"}`, limit: SHARE_VIEWS_PER_IP_PER_MINUTE, windowMs: 60_000 }], at);
    await tx.update(files).set({ lastAccessedAt: at }).where(eq(files.id, row.id));
    await appendAudit(tx, {
      ...auditEvent(STORAGE_EVENTS.fileShareViewed, { fileId: row.id }),
      orgId: row.orgId,
      // Nobody signed in: the token is the credential, and the chain keeps only hashes of the viewer.
      actor: { kind: "system", id: null },
      ip: viewer.ip,
      userAgent: viewer.userAgent,
      requestId: viewer.requestId,
      at,
    });
    return row;
  });
  const link = { fileName: file.name, contentType: file.contentType, expiresInSeconds: SHARE_CONTENT_URL_SECONDS };
  return {
    fileName: file.name,
    contentType: file.contentType,
    sizeBytes: file.sizeBytes,
    sha256: file.sha256,
    uploadedAt: new Date(file.createdAt).toISOString(),
    url: await deps.blobs.downloadUrl(file.storageKey, { ...link, inline: true }),
    downloadUrl: await deps.blobs.downloadUrl(file.storageKey, link),
    expiresInMinutes: SHARE_CONTENT_URL_SECONDS / 60,
    expiresAt: new Date(at + SHARE_CONTENT_URL_SECONDS * 1000).toISOString(),
  };
}
