/**
 * The storage domain's door (DESIGN §2): what other domains may use. Other domains import
 * from here only, never its internals or tables.
 */
export { fileErrors } from "./files/errors";
export { openFilePart } from "./files/multipart";
export { type FileScope, type FileView, liveFileOfOrg, storeGeneratedFile } from "./files/service";
export { type SealedAttachment, sealAttachments } from "./files/attachments";
export { organizationOfShareToken } from "./sharing/service";
