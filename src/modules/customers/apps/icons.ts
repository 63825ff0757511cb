/**
 * Uploaded app-group icons (spec 4.4 `POST /app-groups/{groupId}/icon` with a multipart
 * part named `file`). The bytes go to the blob store under the group
 * (`app-group-icons/{groupId}/{version}`), and the group's iconUrl becomes our public,
 * cacheable URL `{baseUrl}/api/public/app-groups/{groupKey}/icon/{version}`. A new
 * version per upload keeps every URL immutable, so browsers and CDNs may cache it for good.
 *
 * Only PNG, JPEG and WebP are taken, recognised by their first bytes, whatever the
 * part's Content-Type says. SVG is refused: it can carry scripts and we do not sanitise
 * it. At most 512 KB.
 *
 * The icon's blob is found from iconUrl itself (its path names the group's key and the
 * version), so no column records it: replacing or removing the icon deletes the blob of
 * the URL it replaces, after the commit.
 */
import { and, eq, isNull } from "drizzle-orm";
import type { AppContext } from "../../../context";
import type { Queryable } from "../../../platform/db/database";
import { ApiError } from "../../../platform/http/errors";
import { fileErrors, openFilePart } from "../../storage/index";
import { appErrors } from "./errors";
import { appGroups, type AppGroupRow } from "./schema";

export const ICON_MAX_BYTES = 512 * 1024;
export const ICON_ROUTE_PREFIX = "/api/public/app-groups";
/** Versions are random, so a URL always names the same bytes. */
const ICON_CACHE_CONTROL = "public, max-age=31536000, immutable";

export type IconContentType = "image/png" | "image/jpeg" | "image/webp";

export interface IconUpload {
  bytes: Uint8Array<ArrayBuffer>;
  contentType: IconContentType;
}

/** What an uploaded icon became: its public URL and the blob that holds it. */
export interface StoredIcon {
  iconUrl: string;
  blobKey: string;
}

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  return bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);
}

/** The image type the bytes really are (PNG, JPEG, WebP), or null for anything else. */
export function sniffIconType(bytes: Uint8Array): IconContentType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  // RIFF <size> WEBP
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return "image/webp";
  return null;
}

function iconTooLarge(): ApiError {
  return fileErrors.error("fileTooLarge", { field: "file", limitBytes: ICON_MAX_BYTES, message: "an icon is at most 512 KB" });
}

/**
 * Reads the `file` part of an icon upload. Refusals, each 400 with field file:
 * multipart_form_required, no_file, file_too_large (over 512 KB), invalid_icon_type
 * (not PNG, JPEG or WebP by its bytes; SVG included).
 */
export async function readIconUpload(request: Request): Promise<IconUpload> {
  const part = await openFilePart(request);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of part.body) {
    size += chunk.byteLength;
    if (size > ICON_MAX_BYTES) throw iconTooLarge();
    chunks.push(chunk);
  }
  const bytes = new Uint8Array(Buffer.concat(chunks));
  const contentType = sniffIconType(bytes);
  if (!contentType) {
    throw appErrors.error("invalidIconType", { field: "file", message: "an icon is a PNG, JPEG or WebP image (SVG is refused: it can carry scripts)" });
  }
  return { bytes, contentType };
}

function blobKeyOf(groupId: string, version: string): string {
  return `app-group-icons/${groupId}/${version}`;
}

/** Puts the bytes in the blob store under a new version; nothing refers to it until the caller's write commits. */
export async function storeIcon(deps: Pick<AppContext, "blobs" | "config">, group: Pick<AppGroupRow, "id" | "key">, upload: IconUpload): Promise<StoredIcon> {
  const version = crypto.randomUUID().replaceAll("-", "");
  const blobKey = blobKeyOf(group.id, version);
  await deps.blobs.put(blobKey, new Blob([upload.bytes]).stream(), { contentType: upload.contentType, sizeLimit: ICON_MAX_BYTES });
  return { iconUrl: `${deps.config.baseUrl}${ICON_ROUTE_PREFIX}/${group.key}/icon/${version}`, blobKey };
}

/** The version of an icon we store for this group, read from its iconUrl; null for an outside URL or none. */
function storedVersion(group: Pick<AppGroupRow, "key">, iconUrl: string | null): string | null {
  if (!iconUrl) return null;
  let path: string;
  try {
    path = new URL(iconUrl).pathname;
  } catch {
    return null;
  }
  const prefix = `${ICON_ROUTE_PREFIX}/${group.key}/icon/`;
  const version = path.startsWith(prefix) ? path.slice(prefix.length) : "";
  return /^[0-9a-f]{32}$/.test(version) ? version : null;
}

/** Deletes a blob nothing refers to any more; a failure is logged (the blob is only wasted space). */
export async function discardIcon(deps: Pick<AppContext, "blobs" | "logger">, blobKey: string): Promise<void> {
  try {
    await deps.blobs.delete(blobKey);
  } catch (error) {
    deps.logger.warn("app group icon blob not deleted", { blobKey, error: (error as Error).message });
  }
}

/** After the commit that moved the group from `previous` to `next`: deletes the stored icon `previous` named, if any. */
export async function discardReplacedIcon(
  deps: Pick<AppContext, "blobs" | "logger">,
  group: Pick<AppGroupRow, "id" | "key">,
  previous: string | null,
  next: string | null,
): Promise<void> {
  const old = storedVersion(group, previous);
  if (old && old !== storedVersion(group, next)) await discardIcon(deps, blobKeyOf(group.id, old));
}

/** The stored icon of a live group as an HTTP response, or 404 when the URL is not the group's current icon. */
export async function serveIcon(deps: Pick<AppContext, "blobs"> & { db: { read: Queryable } }, groupKey: string, version: string): Promise<Response> {
  const notFound = () => appErrors.error("notFound", { message: "no such icon" });
  if (!groupKey.startsWith("appgroup_")) throw notFound();
  const [group] = await deps.db.read
    .select({ id: appGroups.id, key: appGroups.key, iconUrl: appGroups.iconUrl })
    .from(appGroups)
    .where(and(eq(appGroups.key, groupKey), isNull(appGroups.deletedAt)));
  if (!group || storedVersion(group, group.iconUrl) !== version) throw notFound();
  const stream = await deps.blobs.get(blobKeyOf(group.id, version));
  if (!stream) throw notFound();
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  const contentType = sniffIconType(bytes);
  if (!contentType) throw notFound();
  return new Response(bytes, {
    headers: {
      "content-type": contentType,
      "cache-control": ICON_CACHE_CONTROL,
      etag: `"${version}"`,
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'; sandbox",
    },
  });
}
