/**
 * API refusals in plain words. The codes are the spec's (section 7) and the modules'
 * documented ones; anything unknown falls back to the body's message or the status.
 */
import { ApiProblem } from "./api";

const BY_CODE: Record<string, string> = {
  network_error: "The server did not answer. Check your connection and try again.",
  PERMISSION_DENIED: "Your role in this organization does not allow this.",
  UPGRADE_REQUIRED: "This needs a higher plan.",
  plan_upgrade_required: "This needs a higher plan.",
  owner_required: "Only the organization's owner can do this.",
  admin_required: "Only the owner or an admin can do this.",
  step_up_required: "This needs confirmation with your passkey.",
  step_up_failed: "Your passkey confirmation did not verify. Try again with a passkey registered to this account.",
  no_personal_seal: "You have no passkey yet. Add one on your account page first.",
  not_linked: "That account is not linked to yours.",
  rate_limited: "Too many attempts. Wait a moment and try again.",
  not_found: "It was not found, or you are not a member of this organization.",
  invalid_slug: "The address (slug) may use lower-case letters, digits and inner hyphens only, and must not be reserved.",
  slug_taken: "Another organization already uses that address (slug).",
  invalid_name: "Enter a name without control characters.",
  invalid_email: "Enter a valid e-mail address.",
  invalid_scope: "Give valid scopes, each within your own, or set the organization's default API key scopes in Settings.",
  too_many_api_keys: "The organization has reached 100 live API keys. Revoke one first.",
  too_many_plugin_tokens: "The organization has reached 50 live plugin tokens. Revoke one first.",
  too_many_signing_keys: "Five rotated keys are still published. Wait until the oldest retires.",
  ORG_SEAL_REQUIRED: "The organization needs its Master Seal first (see Overview).",
  master_seal_exists: "The organization already has its Master Seal.",
  service_account_not_found: "That service account is not active in this organization.",
  multipart_form_required: "The upload was not sent as a form. Choose the file again.",
  no_file: "Choose a file to upload.",
  file_too_large: "The file is larger than 10 MB, the most one upload may carry.",
  payload_too_large: "The file is larger than 10 MB, the most one upload may carry.",
  storage_quota_exceeded: "There is not enough storage left on this plan. Empty the trash's worth by deleting files, or upgrade.",
  storage_unavailable: "File storage is unavailable right now; nothing was kept. Try again later.",
  invalid_mode: "That share mode does not exist.",
  external_sharing_disabled: "This organization blocks link sharing (Settings → Security).",
  sealed_attachment: "This file is attached to a sealed approval document and cannot be trashed.",
  invalid_action: "Choose a valid lifecycle action.",
  invalid_days: "The number of days is outside the allowed range (30 to 3650).",
  range_too_large: "A query may span at most 90 days.",
  invalid_range: "The start must not be after the end.",
  already_member: "That person is already a member.",
  invitation_used: "That invitation was already accepted.",
  invitation_revoked: "That invitation was revoked.",
  invitation_expired: "That invitation has expired.",
  passkey_verification_failed: "The passkey response did not verify. Try again.",
  passkey_already_registered: "This passkey is already registered.",
  challenge_expired: "The passkey request timed out. Try again.",
  unknown_passkey: "That passkey is not registered here.",
  session_not_found: "That session has already ended.",
  // Teams and the reporting graph (docs/governance.md)
  team_not_found: "That team no longer exists.",
  connected_id_not_found: "That person, AI or team is not in this organization.",
  badge_not_eligible: "That badge cannot take this place: it is revoked, or it is a team where a person or an AI is needed.",
  reporting_cycle: "Nothing was changed: reporting lines cannot go round in a circle.",
  team_cycle: "A team cannot sit under itself or one of its own sub-teams.",
  self_relationship: "A line needs two different ends.",
  relationship_type_not_allowed: "Team membership is changed on the Teams page, not as a line.",
  reserved_team_kind: "“board” is not a team kind: the board has its own page.",
  team_name_taken: "Another team already has that name.",
  already_in_team: "They are already in this team.",
  relationship_exists: "That line already exists.",
  relationship_not_found: "That line no longer exists.",
  team_member_not_found: "They are no longer in this team.",
  needs_resolution: "They already report to someone else. Choose whether to keep that line.",
  // Approvals
  work_item_not_found: "That approval form no longer exists.",
  work_item_archived: "That approval form is archived: it takes no new documents.",
  invalid_work_item: "The form's settings do not fit together.",
  invalid_position: "A position of the approval line is incomplete.",
  role_not_found: "That role does not exist in this organization.",
  approval_not_found: "No document has that number, or it is not one you may see.",
  approval_step_not_found: "That step is not on this document.",
  personal_seal_required: "Submitting is signed with a passkey. Add one on your account page first.",
  not_your_step: "That step belongs to another approver.",
  stamp_ceiling: "You no longer hold the place this step needs (the role, the reporting line or the scope), so you cannot decide it.",
  approval_closed: "The document is no longer waiting for stamps.",
  not_your_turn: "An earlier approver in the chain has not stamped yet.",
  step_already_stamped: "This step was already stamped.",
};

const BY_STATUS: Record<number, string> = {
  400: "The request was not accepted.",
  401: "You are signed out. Sign in again.",
  402: "This needs a paid add-on or more credit.",
  403: "You are not allowed to do this.",
  404: "It was not found.",
  409: "It conflicts with the current state. Reload and try again.",
  413: "That is too large.",
  429: "Too many attempts. Wait a moment and try again.",
  503: "The service is unavailable right now. Try again later.",
};

/** A sentence for a person, from whatever a page caught. */
export function describeError(error: unknown): string {
  if (error instanceof ApiProblem) {
    const { code, body, status } = error;
    const field = typeof body.field === "string" ? body.field : undefined;
    if (code === "invalid_request") return `The field “${field ?? "?"}” is not valid${typeof body.message === "string" ? `: ${body.message}` : "."}`;
    if (code === "storage_quota_exceeded" && typeof body.usedBytes === "number" && typeof body.limitBytes === "number") {
      return `${BY_CODE[code]} (${formatBytes(body.usedBytes)} of ${formatBytes(body.limitBytes)} used.)`;
    }
    if ((code === "UPGRADE_REQUIRED" || code === "plan_upgrade_required") && typeof body.feature === "string") return `This needs a higher plan (${body.feature}).`;
    const known = BY_CODE[code];
    if (known) return field ? `${known} (field: ${field})` : known;
    if (typeof body.message === "string") return body.message;
    return BY_STATUS[status] ?? `The server answered ${status}${code ? ` (${code})` : ""}.`;
  }
  if (error instanceof DOMException && error.name === "NotAllowedError") return "The passkey prompt was cancelled or timed out.";
  return error instanceof Error ? error.message : String(error);
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB", "TB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}

export function formatTime(iso: string | null | undefined): string {
  if (!iso) return "—";
  return new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

/** "1 file", "3 files". */
export function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}
