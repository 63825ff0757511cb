/** Error codes of file sharing (spec §7), with their statuses (DESIGN §7). */
import { defineErrors } from "../../../platform/http/error-catalog";

export const shareErrors = defineErrors({
  invalidMode: { code: "invalid_mode", status: 400, message: "mode is restricted or public" },
  externalSharingDisabled: { code: "external_sharing_disabled", status: 409, message: "this organization does not allow sharing files by link" },
  /** On the public view: the link is real but its file is not shared right now. */
  notShared: { code: "not_shared", status: 403, message: "this file is not shared right now" },
  notFound: { code: "not_found", status: 404, message: "no such file" },
});

export const ShareErrors = shareErrors.codes;
