/** Error codes of the files module (spec §7). 404s use the kernel's not_found. */
export const FileErrors = {
  multipartFormRequired: "multipart_form_required",
  noFile: "no_file",
  fileTooLarge: "file_too_large",
  storageQuotaExceeded: "storage_quota_exceeded",
  sealedAttachment: "sealed_attachment",
  /** The blob store failed (S3 unreachable, disk full): nothing was stored. */
  storageUnavailable: "storage_unavailable",
} as const;
