/** Error codes of the files module (spec §7), with their statuses (DESIGN §7). 404s use the kernel's not_found. */
import { defineErrors } from "../../../platform/http/error-catalog";

export const fileErrors = defineErrors({
  multipartFormRequired: { code: "multipart_form_required", status: 400, message: "send the file as multipart/form-data with one part named file" },
  noFile: { code: "no_file", status: 400, message: "no part named file" },
  fileTooLarge: { code: "file_too_large", status: 400, message: "the file is over the size limit (limitBytes)" },
  storageQuotaExceeded: { code: "storage_quota_exceeded", status: 403, message: "the organization's storage is full (usedBytes, limitBytes); retrying does not help" },
  sealedAttachment: { code: "sealed_attachment", status: 409, message: "the file is attached to a sealed approval document" },
  /** The blob store failed (S3 unreachable, disk full): nothing was stored. */
  storageUnavailable: { code: "storage_unavailable", status: 503, message: "the file store did not accept the upload; nothing was stored" },
  invalidSignature: { code: "invalid_signature", status: 403, message: "the download link is not valid" },
  invalidCursor: { code: "invalid_cursor", status: 400, message: "a cursor this server did not issue: use the nextCursor of a previous page" },
  linkExpired: { code: "link_expired", status: 403, message: "the download link has expired" },
});

export const FileErrors = fileErrors.codes;
