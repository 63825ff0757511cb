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
  webhook_target_not_allowed: "That address is on a private or loopback network. Use a public https address, or ask the operator to allow private networks for webhooks.",
  invalid_webhook_url: "Enter an https address without a user name or password.",
  webhook_secret_required: "Generate the webhook secret under API & keys first: deliveries are signed with it.",
  webhook_limit_reached: "The organization has 20 webhook subscribers. Remove one first.",
  delivery_not_dead: "Only a dead delivery can be redelivered.",
  invalid_field: "A connector field is missing or not valid.",
  module_not_enabled: "Enable the connector first.",
  empty_hierarchy: "The connector has not sent its directory yet: nothing to materialize.",
  own_access_request: "Nobody decides their own access request: ask another admin.",
  access_request_pending: "You already have a pending request for this connector.",
  access_request_decided: "That request is already decided.",
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
  // Roles, service accounts and badges (docs/members.md)
  invalid_role_key: "A role's key uses a-z, 0-9 and _ only, at most 40 characters.",
  reserved_role_key: "That key belongs to a built-in role. Choose another.",
  role_key_taken: "Another role already has that key.",
  scopes_not_held: "A role cannot give scopes you do not hold yourself.",
  builtin_role: "Built-in roles cannot be changed.",
  role_in_use: "Members, invitations or service accounts still hold this role. Give them another role first.",
  name_taken: "Another service account already has that name.",
  badge_revoked: "That badge was revoked, which is final.",
  owner_protected: "The owner's role, membership and badge cannot be changed here.",
  // Audit history
  legal_hold: "The organization is under legal hold: no history is deleted.",
  nothing_to_purge: "No history is older than the retention window.",
  integrity_violations_open: "Restore or resolve the open integrity violations first: deleting would erase their evidence.",
  invalid_icon_url: "The icon must be an https URL of at most 500 characters.",
  // The board
  board_not_applicable: "Only corporations and projects have a board of directors; this organization is of another type.",
  board_exists: "The organization already has its board.",
  board_not_found: "The organization has no board yet. Create it first.",
  already_on_board: "They already sit on the board.",
  board_member_not_found: "They no longer sit on the board.",
  not_a_director: "The chairman is chosen among the seated directors.",
  invalid_board_name: "Give the board a name of 1 to 200 characters.",
  invalid_share_percent: "A share is a percentage from 0 to 100 with at most two decimals.",
  machine_not_allowed: "Only a person signed in to the dashboard can do this.",
  // Meetings
  ADDON_REQUIRED: "This needs a paid add-on the organization has not enabled.",
  BOARD_REQUIRED: "A board meeting needs the organization's board with at least one director. Set it up on the Board page first.",
  BOARD_CHAIRMAN_REQUIRED: "A board meeting needs the board's chairman. Choose one on the Board page first.",
  meeting_not_found: "That meeting does not exist, or it was deleted.",
  agenda_item_not_found: "That agenda item no longer exists (it was dropped).",
  participant_not_found: "That participant is not on this meeting.",
  meeting_closed: "The meeting is completed or cancelled: it no longer changes.",
  organizer_required: "Only the meeting's organizer can do this.",
  chair_or_organizer_required: "Only the meeting's organizer or the board's chairman can do this.",
  NOT_A_PARTICIPANT: "Only the meeting's participants can vote, and you are not one of them.",
  AGENDA_NOT_OPENED: "Voting on this item has not been opened yet.",
  AGENDA_CLOSED: "Voting on this item is closed.",
  data_source_not_found: "That data source does not exist in this app group.",
  data_source_deleted: "That data source was deleted for good.",
  data_source_not_active: "Reconnect the data source first.",
  data_source_active: "The data source is already connected.",
  invalid_data_source_name: "A name is 1 to 63 letters, digits, “-” or “_”, starting with a letter.",
  NAME_TAKEN: "Another connected data source of this app group already has that name. Rename or disconnect it first.",
  STILL_ACTIVE: "Disconnect the data source before deleting it for good.",
  confirm_name_mismatch: "Type the data source's exact name to delete it.",
  managed_databases_unavailable: "This Signet has no server for managed databases (SIGNET_MANAGED_DB_URL).",
  provider_unavailable: "The managed database server refused or could not be reached; nothing was created. Try again later.",
  PROVIDER_DELETE_FAILED: "The managed database could not be dropped; it is kept. Try again later.",
  AGENDA_HAS_VOTES: "This item has votes: it can no longer be reworded or dropped.",
  MEETING_HAS_VOTES: "A meeting with votes cannot be cancelled. Complete it instead.",
  REASON_REQUIRED: "Say why the meeting is cancelled.",
  ONLY_COMPLETED_CAN_BE_DELETED: "Only a completed or cancelled meeting can be deleted.",
  invalid_title: "Give a title that is not only spaces (at most 200 characters; an agenda item, 500).",
  invalid_agenda: "The agenda has more than 100 items, or an item longer than 500 characters.",
  agenda_required: "A board meeting needs an agenda: write one item per line.",
  meeting_type_not_available: "That type of meeting is not available yet.",
  invalid_scheduled_at: "Give the date and time of the meeting.",
  scheduled_in_past: "A meeting is scheduled in the future: choose a later time.",
  participant_not_eligible: "A participant must be a person in this organization whose badge is not revoked.",
  invalid_decision: "Vote Assent, Dissent or Abstain.",
  // Commerce and the Korean package (docs/commerce.md)
  invalid_price: "Enter a price above zero, in whole cents (or won).",
  invalid_currency: "Products are priced in the currency your credit is kept in.",
  invalid_product: "Give the product a name (at most 200 characters) and a key of letters, digits, _ . or -.",
  duplicate_product_key: "Another product of this app group has that key.",
  product_not_found: "That product no longer exists.",
  gateway_not_linked: "Link the app group's gateway account first.",
  gateway_not_configured: "No payment gateway is set up on this Signet (Stripe).",
  gateway_failed: "The payment gateway refused or could not be reached; nothing was changed.",
  invalid_business_number: "That business registration number is not valid (10 digits with a matching check digit). No lookup was spent.",
  invalid_query: "Search with 2 to 80 characters, without special characters. No search was spent.",
  lookup_limit_reached: "Today's lookups are used up. They start again at midnight UTC.",
  provider_not_configured: "That Korean provider is not set up on this Signet.",
  provider_failed: "The Korean provider refused or could not be reached; nothing was changed.",
  popbill_not_linked: "Link the organization with Popbill first.",
  kakao_not_linked: "Link the app group's Kakao channel first.",
  invalid_sender_number: "Give a Korean sender number such as 02-1234-5678.",
  // Billing (docs/billing.md)
  insufficient_credit: "The prepaid credit does not cover this. Top up first; nothing was changed.",
  invalid_amount: "Enter an amount above zero and within the largest top-up.",
  unsupported_currency: "That currency is not one the credit can be kept in (USD or KRW).",
  currency_mismatch: "The credit is kept in another currency.",
  payments_not_configured: "No payment processor is set up on this Signet (Stripe), so card top-ups are off. An operator can add credit with signet admin credit.",
  payment_failed: "The payment processor refused or could not be reached; nothing was charged or credited.",
  nothing_to_withdraw: "That is more than can be withdrawn now.",
  withdrawal_too_small: "After the withdrawal fee nothing would be paid out. Withdraw more.",
  unknown_plan: "That plan does not exist.",
  plan_not_self_serve: "Enterprise is priced per contract: the operator sets it.",
  plan_follows_parent: "A sub-organization follows its parent organization's plan.",
  invoice_not_issued: "An open statement has no PDF: it is issued when its month closes.",
  unknown_addon: "That add-on does not exist.",
  // Federation and SCIM (docs/federation.md, docs/scim.md)
  idp_connection_not_found: "That connection no longer exists.",
  idp_not_configured: "The organization has no active connection.",
  invalid_idp_connection: "The connection's settings are incomplete or not valid.",
  invalid_role: "That role cannot be given through single sign-on: choose Member, Director or a custom role.",
  email_domain_public: "A public mail provider's domain (gmail.com, outlook.com, …) cannot route to one organization's identity provider.",
  email_domain_in_use: "Another active connection, here or in another organization, already uses that e-mail domain.",
  default_connection_invalid: "The default connection must be an active connection of this organization.",
  scim_token_not_found: "That SCIM token no longer exists.",
  too_many_scim_tokens: "The organization already has five live SCIM tokens. Revoke one first.",
  // Custom login domains (docs/custom-domains.md); the Apps page words the section's refusals itself (domains.ts)
  domain_not_found: "This app group has no custom login domain any more. Reload the page.",
};

/** What the plan gates name (`feature` of 403 UPGRADE_REQUIRED): a whole sentence, or the feature in words. */
const FEATURES: Record<string, string> = {
  meetings: "Meetings need the Pro plan or higher.",
  custom_login_domain: "Custom login domains need the Pro plan or higher.",
};
const FEATURE_NAMES: Record<string, string> = {
  sso_connections: "single sign-on connections",
  "billing.verify": "public invoice verification, on Business or higher",
  audit_analytics: "Audit Analytics, on Pro or higher",
  board_meetings: "board meetings",
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
    if (code === "UPGRADE_REQUIRED" && body.feature === "sso_connections" && typeof body.limit === "number") {
      const allowed = body.limit === 0 ? "no single sign-on connections" : `${plural(body.limit, "active single sign-on connection")}`;
      return `Your plan allows ${allowed}${typeof body.current === "number" && body.limit > 0 ? ` and ${body.current} ${body.current === 1 ? "is" : "are"} on` : ""}. Upgrade the plan on the Billing page, or deactivate a connection.`;
    }
    if ((code === "UPGRADE_REQUIRED" || code === "plan_upgrade_required") && typeof body.feature === "string") {
      return FEATURES[body.feature] ?? `This needs a higher plan (${FEATURE_NAMES[body.feature] ?? body.feature}).`;
    }
    if (code === "insufficient_credit") {
      const balance = body.balance ?? body.balanceCents;
      const required = body.required ?? body.requiredCents;
      const currency = typeof body.currency === "string" ? body.currency : "USD";
      if (typeof balance === "number" && typeof required === "number") return `The prepaid credit (${minorMoney(balance, currency)}) does not cover the ${minorMoney(required, currency)} this costs. Top up first; nothing was changed.`;
    }
    if (code === "CREDIT_REQUIRED" && typeof body.balance === "number" && typeof body.required === "number") {
      const currency = typeof body.currency === "string" ? body.currency : "USD";
      return `A managed database needs ${minorMoney(body.required, currency)} of prepaid credit; the balance is ${minorMoney(body.balance, currency)}. Top up on the Billing page first.`;
    }
    if ((code === "connection_test_failed" || code === "invalid_connection_string") && typeof body.message === "string") {
      return typeof body.lastTestError === "string" ? `The database could not be reached: ${body.lastTestError}.` : body.message;
    }
    if (code === "nothing_to_withdraw" && typeof body.withdrawable === "number") return `That is more than can be withdrawn now: at most ${minorMoney(body.withdrawable, typeof body.currency === "string" ? body.currency : "USD")}.`;
    if (code === "invalid_idp_connection" && typeof body.message === "string") return `${field ? `${field.replace(/_/g, " ")}: ` : ""}${body.message}`;
    if (code === "ADDON_REQUIRED" && body.addon === "addon.board_meeting") {
      const price = typeof body.priceUsd === "number" ? ` ($${body.priceUsd} a month)` : "";
      return `The organization's first board meeting is free; every further one needs the Board Meetings add-on${price}. The owner can enable it.`;
    }
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

/** Minor units as money (cents; won for KRW), in the browser's locale. */
export function minorMoney(minor: number, currency: string): string {
  try {
    const format = new Intl.NumberFormat(undefined, { style: "currency", currency });
    const exponent = format.resolvedOptions().maximumFractionDigits ?? 2;
    return format.format(minor / 10 ** exponent);
  } catch {
    return `${minor} ${currency}`;
  }
}
