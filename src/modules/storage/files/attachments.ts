/**
 * Files attached to a sealed approval document (spec 3.4): governance's approvals seal a
 * document's attachments in the transaction that seals the document, and from then on
 * the file cannot be trashed (409 sealed_attachment, in trashFileRow and the lifecycle
 * runner). The document's seal covers each file's SHA-256, so the bytes it was approved
 * with are the bytes that stay.
 */
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Tx } from "../../../platform/db/database";
import { kernelErrors } from "../../../platform/http/error-catalog";
import { assertCan, type PermissionActor } from "../../orgs/index";
import { files } from "./schema";
import { FileScopes } from "./service";

/** What a sealed document records of each attachment. */
export interface SealedAttachment {
  fileId: string;
  fileName: string;
  contentType: string;
  sizeBytes: number;
  sha256: string;
}

/**
 * Seals live files of the organization as attachments, in the caller's transaction, and
 * returns them in the order given. Each must be a live file of the organization (else 404
 * not_found naming the `field`) that `actor` may read (else 403 PERMISSION_DENIED, as a
 * download would answer). A file sealed already stays sealed as it was.
 */
export async function sealAttachments(
  tx: Tx,
  input: { orgId: string; fileIds: readonly string[]; actor: PermissionActor; at: number; field?: string },
): Promise<SealedAttachment[]> {
  if (input.fileIds.length === 0) return [];
  const field = input.field ?? "fileIds";
  const rows = await tx
    .select()
    .from(files)
    .where(and(eq(files.orgId, input.orgId), inArray(files.id, [...input.fileIds]), isNull(files.trashedAt)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const sealed = input.fileIds.map((id, i) => {
    const row = byId.get(id);
    if (!row) throw kernelErrors.error("notFound", { field: `${field}[${i}]`, message: "no such file" });
    assertCan(input.actor, FileScopes.read, { creatorId: row.uploadedBy });
    return { fileId: row.id, fileName: row.name, contentType: row.contentType, sizeBytes: Number(row.sizeBytes), sha256: row.sha256 };
  });
  await tx
    .update(files)
    .set({ sealedAt: input.at })
    .where(and(eq(files.orgId, input.orgId), inArray(files.id, [...input.fileIds]), isNull(files.sealedAt)));
  return sealed;
}
