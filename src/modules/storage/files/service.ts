/**
 * Files (spec 2.4, 3.4, 5.3): upload, list, download, trash, restore, and the
 * retention that removes trashed files for good. Callers are members and machines on
 * /api/org/{slug}/files (their scopes decide: members hold org.org_file.*:creator=self)
 * or an org-wide API key on /api/public/v1/files (every file of its organization).
 */
import { decodeCursor, encodeCursor } from "../../../platform/http/cursor";
import { and, asc, desc, eq, gt, isNotNull, isNull, lt, lte, or, sql, type SQL } from "drizzle-orm";
import type { AppContext } from "../../../context";
import { appendAudit, type AuditActor } from "../../../platform/audit/append";
import { auditEvent } from "../../../platform/audit/catalog";
import { STORAGE_EVENTS } from "../events";
import { BlobTooLargeError } from "../../../platform/blobs";
import type { Queryable, Tx } from "../../../platform/db/database";
import { ApiError } from "../../../platform/http/errors";
import { kernelErrors } from "../../../platform/http/error-catalog";
import type { KeyActor } from "../../access";
import { assertCan, auditActorOf, grantFor, limitsOf, type Organization, type OrgCaller, type PermissionActor, permissionErrors } from "../../orgs/index";
import { storageLimits } from "./limits";
import { containsText } from "../../../platform/db/like";
import { fileErrors } from "./errors";
import { fileTooLarge, openFilePart, UPLOAD_MAX_BYTES } from "./multipart";
import { normaliseContentType, sanitiseFileName } from "./names";
import { quotaExceeded, release, requireRoom, reserve, storageLockKey } from "./quota";
import { files } from "./schema";

export type FileRow = typeof files.$inferSelect;
type Deps = Pick<AppContext, "db" | "clock" | "blobs">;

const DAY_MS = 24 * 60 * 60 * 1000;
export const DOWNLOAD_URL_SECONDS = 600;

export const FileScopes = {
  list: "org.org_file.list",
  read: "org.org_file.read",
  create: "org.org_file.create",
  update: "org.org_file.update",
  delete: "org.org_file.delete",
} as const;

/**
 * Who acts on files: how to audit them, what to record as uploader, and what they may
 * touch. Every caller has its scopes (DESIGN §5): a member its role's, a machine or API
 * key its own, capped by its service account (access/principal.ts).
 */
export interface FileCaller {
  audit: AuditActor;
  userId: string | null;
  keyId: string | null;
  permissions: PermissionActor;
}

export function fileCallerOf(caller: OrgCaller): FileCaller {
  if (caller.kind === "m2m") {
    return { audit: auditActorOf(caller), userId: null, keyId: caller.keyId, permissions: caller };
  }
  return { audit: { kind: "user", id: caller.userId, connectedId: caller.connectedId }, userId: caller.userId, keyId: null, permissions: caller };
}

export function fileCallerOfKey(key: KeyActor): FileCaller {
  return { audit: { kind: "api_key", id: key.keyId, connectedId: key.connectedId }, userId: null, keyId: key.keyId, permissions: key };
}

function authorize(caller: FileCaller, scope: string, file?: FileRow): void {
  assertCan(caller.permissions, scope, file ? { creatorId: file.uploadedBy } : undefined);
}

/** The scope a file gets from where it was created (2.4); it never changes. */
export type FileScope = "free" | "approval" | "notification" | `project:${string}` | `meeting:${string}`;

// --- Views -------------------------------------------------------------------

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** The file record of 2.4 (deletedAt: when it went to the trash). */
export function fileView(row: FileRow) {
  return {
    id: row.id,
    fileName: row.name,
    contentType: row.contentType,
    sizeBytes: row.sizeBytes,
    sha256: row.sha256,
    scope: row.scope,
    storageClass: row.storageClass,
    uploadedAt: iso(row.createdAt)!,
    uploadedBy: row.uploadedBy,
    lastAccessedAt: iso(row.lastAccessedAt)!,
    deletedAt: iso(row.trashedAt),
    restorableUntil: iso(row.restorableUntil),
  };
}
export type FileView = ReturnType<typeof fileView>;

// --- Upload ------------------------------------------------------------------

/**
 * Streams the request's `file` part into the blob store and records it. Room is
 * reserved first (as much as the upload can need, capped by what is left), the bytes
 * are written under that cap, and the reservation becomes the file row; on any failure
 * the reservation and the bytes are dropped, so nothing is left and nothing counts.
 */
export async function uploadFile(deps: Deps, caller: FileCaller, org: Organization, request: Request, options: { scope: FileScope; requestId?: string }): Promise<FileView> {
  authorize(caller, FileScopes.create);
  const part = await openFilePart(request);
  const fileId = crypto.randomUUID();
  const storageKey = `${org.id}/${fileId}`;
  const fileName = sanitiseFileName(part.fileName);
  const contentType = normaliseContentType(part.contentType);
  const reservation = await deps.db.write((tx) => reserve(tx, org, part.maxSizeBytes, deps.clock.now()));
  const dropReservation = () => deps.db.write((tx) => release(tx, reservation.id));
  let stored;
  try {
    // Under the quota cap more bytes mean "does not fit"; otherwise the 10 MB cap applies
    // (a body cannot outrun its Content-Length, so the reservation already covers it).
    const sizeLimit = reservation.cappedByQuota ? reservation.bytes : UPLOAD_MAX_BYTES;
    stored = await deps.blobs.put(storageKey, part.body, { contentType, sizeLimit });
  } catch (e) {
    await dropReservation();
    await deps.blobs.delete(storageKey).catch(() => {});
    if (e instanceof BlobTooLargeError) {
      if (reservation.cappedByQuota) throw quotaExceeded(reservation.used, reservation.limit!);
      throw fileTooLarge();
    }
    if (e instanceof ApiError) throw e;
    throw fileErrors.error("storageUnavailable");
  }
  try {
    const row = await deps.db.write(async (tx) => {
      const now = deps.clock.now();
      await tx.lock(storageLockKey(org.id));
      // The reservation held the room, unless the upload outlived it; then check again.
      await requireRoom(tx, org, stored.size, now, reservation.id);
      await release(tx, reservation.id);
      const [row] = await tx
        .insert(files)
        .values({
          id: fileId,
          orgId: org.id,
          name: fileName,
          contentType,
          sizeBytes: stored.size,
          sha256: stored.sha256,
          storageKey,
          scope: options.scope,
          uploadedBy: caller.userId,
          uploadedByKeyId: caller.keyId,
          createdAt: now,
          lastAccessedAt: now,
        })
        .returning();
      await appendAudit(tx, {
        ...auditEvent(STORAGE_EVENTS.fileUploaded, { fileId, fileName, contentType, sizeBytes: stored.size, sha256: stored.sha256, scope: options.scope }),
        orgId: org.id,
        actor: caller.audit,
        requestId: options.requestId,
        at: now,
      });
      return row!;
    });
    return fileView(row);
  } catch (e) {
    await dropReservation();
    await deps.blobs.delete(storageKey).catch(() => {});
    throw e;
  }
}

/**
 * Stores bytes the server composed itself (a meeting's minutes) as a file of the
 * organization, under the same quota gate and with the same org.file.uploaded event as
 * an upload. The bytes go to the blob store first; the row, the event and whatever the
 * calling domain records about the file (`alsoInTransaction`) are one transaction, and a
 * failure there removes the bytes again. 400 file_too_large over 10 MB, 403
 * storage_quota_exceeded when it does not fit, 503 storage_unavailable when the store fails.
 */
export async function storeGeneratedFile(
  deps: Deps,
  input: { org: Organization; fileName: string; contentType: string; bytes: Uint8Array; scope: FileScope; actor: AuditActor; userId: string | null; requestId?: string | null },
  alsoInTransaction?: (tx: Tx, file: FileView) => Promise<void>,
): Promise<FileView> {
  if (input.bytes.byteLength > UPLOAD_MAX_BYTES) throw fileTooLarge();
  const fileId = crypto.randomUUID();
  const storageKey = `${input.org.id}/${fileId}`;
  const fileName = sanitiseFileName(input.fileName);
  const contentType = normaliseContentType(input.contentType);
  let stored;
  try {
    stored = await deps.blobs.put(storageKey, (async function* () { yield input.bytes; })(), { contentType, sizeLimit: UPLOAD_MAX_BYTES });
  } catch {
    await deps.blobs.delete(storageKey).catch(() => {});
    throw fileErrors.error("storageUnavailable");
  }
  try {
    return await deps.db.write(async (tx) => {
      const now = deps.clock.now();
      await tx.lock(storageLockKey(input.org.id));
      await requireRoom(tx, input.org, stored.size, now);
      const [row] = await tx
        .insert(files)
        .values({
          id: fileId,
          orgId: input.org.id,
          name: fileName,
          contentType,
          sizeBytes: stored.size,
          sha256: stored.sha256,
          storageKey,
          scope: input.scope,
          uploadedBy: input.userId,
          uploadedByKeyId: null,
          createdAt: now,
          lastAccessedAt: now,
        })
        .returning();
      await appendAudit(tx, {
        ...auditEvent(STORAGE_EVENTS.fileUploaded, { fileId, fileName, contentType, sizeBytes: stored.size, sha256: stored.sha256, scope: input.scope }),
        orgId: input.org.id,
        actor: input.actor,
        requestId: input.requestId,
        at: now,
      });
      const view = fileView(row!);
      await alsoInTransaction?.(tx, view);
      return view;
    });
  } catch (e) {
    await deps.blobs.delete(storageKey).catch(() => {});
    throw e;
  }
}

/** What another domain may know of a live file of the organization (a meeting's recording), or null. */
export async function liveFileOfOrg(reader: Queryable, orgId: string, fileId: string): Promise<Pick<FileView, "id" | "fileName" | "contentType" | "sizeBytes" | "scope"> | null> {
  const [row] = await reader
    .select({ id: files.id, fileName: files.name, contentType: files.contentType, sizeBytes: files.sizeBytes, scope: files.scope })
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.orgId, orgId), isNull(files.trashedAt)));
  return row ?? null;
}

// --- Reads -------------------------------------------------------------------

export const PAGE_SIZE_MAX = 100;

/**
 * The list's `total` is exact up to this many files; past it the answer says `totalExact: false`
 * and `total` is this cap ("at least"). Counting every match of a 100,000-file organization on
 * every page read every row; the pages themselves do not (docs/files.md).
 */
export const FILE_TOTAL_CAP = 10_000;

/** The file name's trigram index (platform/db/like.ts; the migration `trigram_search`). */
const FILE_NAME_TRIGRAMS = { fts: "files_name_trigrams", table: "files" };

export interface ListQuery {
  trashed?: boolean;
  q?: string;
  page?: number;
  pageSize?: number;
  /** nextCursor of the previous page: the page after it, read by keyset instead of an offset (page is then ignored). */
  cursor?: string;
  /** mine (default in the console) or all (needs org.org_file.list unconstrained). API keys always see all. */
  view?: "mine" | "all";
}

/** The keyset of the list: the ordering time (createdAt, or trashedAt in the trash), then the id; and the page it ends. */
function encodeFileCursor(at: number, id: string, page: number): string {
  return encodeCursor({ t: at, i: id, p: page });
}

function decodeFileCursor(cursor: string): { t: number; i: string; p: number } {
  const keyset = decodeCursor(cursor, (k): k is { t: number; i: string; p: number } =>
    Number.isSafeInteger(k.t) && typeof k.i === "string" && k.i.length > 0 && k.i.length <= 100 && Number.isSafeInteger(k.p) && (k.p as number) > 0);
  if (keyset) return keyset;
  throw fileErrors.error("invalidCursor", { field: "cursor", message: "use the nextCursor of a previous page" });
}

export async function listFiles(deps: Pick<AppContext, "db">, caller: FileCaller, org: Organization, query: ListQuery) {
  const after = query.cursor === undefined ? null : decodeFileCursor(query.cursor);
  const page = after ? after.p + 1 : (query.page ?? 1);
  const pageSize = query.pageSize ?? 20;
  const where: SQL[] = [eq(files.orgId, org.id), query.trashed ? isNotNull(files.trashedAt) : isNull(files.trashedAt)];
  const grant = grantFor(caller.permissions, FileScopes.list);
  if (!grant) throw permissionErrors.error("permissionDenied", { scope: FileScopes.list });
  const all = query.view === "all";
  if (all && !grant.all) throw permissionErrors.error("permissionDenied", { scope: FileScopes.list });
  // 5.3: the default view is the caller's own files, whatever they may see.
  if (!all) {
    if (!caller.userId) throw kernelErrors.error("invalidRequest", { field: "view", message: "a machine has no own files: ask for view=all" });
    if (!grant.all && !grant.creatorSelf) throw permissionErrors.error("permissionDenied", { scope: FileScopes.list });
    where.push(eq(files.uploadedBy, caller.userId));
  }
  if (query.q) where.push(containsText(sql`lower(${files.name})`, query.q, FILE_NAME_TRIGRAMS));
  const condition = and(...where);
  const orderedBy = query.trashed ? files.trashedAt : files.createdAt;
  // Newest first, then by id: the page after a cursor starts strictly after its (time, id).
  const afterCursor = after ? or(lt(orderedBy, after.t), and(eq(orderedBy, after.t), gt(files.id, after.i))) : undefined;
  // The count stops after FILE_TOTAL_CAP + 1 matches: its cost is bounded, whatever the organization holds.
  const counting = deps.db.read.select({ one: sql`1` }).from(files).where(condition).limit(FILE_TOTAL_CAP + 1).as("counting");
  const [counted] = await deps.db.read.select({ n: sql<string | number>`count(*)` }).from(counting);
  const matching = Number(counted?.n ?? 0);
  const rows = await deps.db.read
    .select()
    .from(files)
    .where(and(condition, afterCursor))
    .orderBy(desc(orderedBy), asc(files.id))
    .limit(pageSize + 1)
    .offset(after ? 0 : (page - 1) * pageSize);
  const shown = rows.slice(0, pageSize);
  const last = shown.at(-1);
  const nextCursor = rows.length > pageSize && last ? encodeFileCursor((query.trashed ? last.trashedAt : last.createdAt)!, last.id, page) : null;
  const totalExact = matching <= FILE_TOTAL_CAP;
  return { files: shown.map(fileView), page, pageSize, total: totalExact ? matching : FILE_TOTAL_CAP, totalExact, nextCursor };
}

/** A file of this org, live or trashed as asked; anything else (another org's, gone) is 404. */
async function findFile(reader: Pick<Tx, "select">, orgId: string, fileId: string, state: "live" | "trashed"): Promise<FileRow> {
  const [row] = await reader
    .select()
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.orgId, orgId), state === "live" ? isNull(files.trashedAt) : isNotNull(files.trashedAt)));
  if (!row) throw kernelErrors.error("notFound", { message: state === "live" ? "no such file" : "no such file in the trash" });
  return row;
}

/** A 10-minute direct download URL (2.4); counts as an access for lifecycle rules. */
export async function downloadFile(deps: Deps, caller: FileCaller, org: Organization, fileId: string) {
  const file = await findFile(deps.db.read, org.id, fileId, "live");
  authorize(caller, FileScopes.read, file);
  await deps.db.write(async (tx) => {
    await tx.update(files).set({ lastAccessedAt: deps.clock.now() }).where(eq(files.id, file.id));
  });
  const url = await deps.blobs.downloadUrl(file.storageKey, { fileName: file.name, contentType: file.contentType, expiresInSeconds: DOWNLOAD_URL_SECONDS });
  return { url, fileName: file.name, expiresInMinutes: DOWNLOAD_URL_SECONDS / 60 };
}

// --- Trash -------------------------------------------------------------------

export function trashRetentionDaysOf(org: Organization): number {
  return limitsOf(org, storageLimits).trashRetentionDays;
}

/**
 * Moves a live file to the trash inside the caller's transaction (DELETE here, and the
 * lifecycle module's `trash` rules): quota freed, retention window started, audited.
 * A file attached to a sealed approval document is refused with 409 sealed_attachment.
 */
export async function trashFileRow(
  tx: Tx,
  org: Organization,
  file: FileRow,
  by: { actor: AuditActor; userId: string | null; reason: "manual" | "lifecycle"; requestId?: string | null; at: number },
): Promise<{ trashed: true; retentionDays: number; restorableUntil: string }> {
  if (file.sealedAt !== null) throw fileErrors.error("sealedAttachment");
  const retentionDays = trashRetentionDaysOf(org);
  const restorableUntil = by.at + retentionDays * DAY_MS;
  await tx.update(files).set({ trashedAt: by.at, trashedBy: by.userId, restorableUntil }).where(eq(files.id, file.id));
  await appendAudit(tx, {
    ...auditEvent(STORAGE_EVENTS.fileTrashed, { fileId: file.id, fileName: file.name, sizeBytes: file.sizeBytes, reason: by.reason, restorableUntil: iso(restorableUntil)! }),
    orgId: org.id,
    actor: by.actor,
    requestId: by.requestId,
    at: by.at,
  });
  return { trashed: true, retentionDays, restorableUntil: iso(restorableUntil)! };
}

export async function trashFile(deps: Pick<AppContext, "db" | "clock">, caller: FileCaller, org: Organization, fileId: string, requestId?: string) {
  return deps.db.write(async (tx) => {
    const file = await findFile(tx, org.id, fileId, "live");
    authorize(caller, FileScopes.delete, file);
    return trashFileRow(tx, org, file, { actor: caller.audit, userId: caller.userId, reason: "manual", requestId, at: deps.clock.now() });
  });
}

/** Back from the trash while its window lasts, if the bytes still fit (else 403 storage_quota_exceeded). */
export async function restoreFile(deps: Pick<AppContext, "db" | "clock">, caller: FileCaller, org: Organization, fileId: string, requestId?: string): Promise<FileView> {
  return deps.db.write(async (tx) => {
    const now = deps.clock.now();
    await tx.lock(storageLockKey(org.id));
    const file = await findFile(tx, org.id, fileId, "trashed");
    if (file.restorableUntil !== null && file.restorableUntil <= now) throw kernelErrors.error("notFound", { message: "the file's retention window has ended" });
    authorize(caller, FileScopes.update, file);
    await requireRoom(tx, org, file.sizeBytes, now);
    const [row] = await tx.update(files).set({ trashedAt: null, trashedBy: null, restorableUntil: null }).where(eq(files.id, file.id)).returning();
    await appendAudit(tx, {
      ...auditEvent(STORAGE_EVENTS.fileRestored, { fileId: file.id, fileName: file.name, sizeBytes: file.sizeBytes }),
      orgId: org.id,
      actor: caller.audit,
      requestId,
      at: now,
    });
    return fileView(row!);
  });
}

// --- Retention ---------------------------------------------------------------

const RETENTION_BATCH = 200;

/**
 * Permanently removes trashed files whose window has ended: bytes first, then the row
 * (with org.file.deleted). A restore is no longer possible by then, so the order is
 * safe; a crash between the two leaves the row for the next run, and deleting missing
 * bytes is not an error.
 */
export async function purgeExpiredTrash(deps: Pick<AppContext, "db" | "clock" | "blobs">, now: number): Promise<{ deleted: number; bytes: number }> {
  let deleted = 0;
  let bytes = 0;
  for (;;) {
    const due = await deps.db.read
      .select()
      .from(files)
      .where(and(isNotNull(files.trashedAt), lte(files.restorableUntil, now)))
      .orderBy(asc(files.restorableUntil))
      .limit(RETENTION_BATCH);
    for (const file of due) {
      await deps.blobs.delete(file.storageKey);
      const gone = await deps.db.write(async (tx) => {
        const [row] = await tx
          .delete(files)
          .where(and(eq(files.id, file.id), isNotNull(files.trashedAt), lte(files.restorableUntil, now)))
          .returning({ id: files.id });
        if (!row) return false;
        await appendAudit(tx, {
          ...auditEvent(STORAGE_EVENTS.fileDeleted, { fileId: file.id, fileName: file.name, sizeBytes: file.sizeBytes, reason: "retention" }),
          orgId: file.orgId,
          actor: { kind: "system" },
          at: now,
        });
        return true;
      });
      if (gone) {
        deleted++;
        bytes += file.sizeBytes;
      }
    }
    if (due.length < RETENTION_BATCH) return { deleted, bytes };
  }
}


