/** Error codes of the audit and integrity surface (spec §7 codes where it gives them), with their statuses (DESIGN §7). */
import { defineErrors } from "../../../platform/http/error-catalog";

export const auditErrors = defineErrors({
  permissionDenied: { code: "PERMISSION_DENIED", status: 403, message: "scope=all without the Owner or an Admin, or no audit grant at all (spec 5.4)" },
  upgradeRequired: { code: "UPGRADE_REQUIRED", status: [402, 403], message: "403: feature.audit.view_all below Pro; 402: audit.retention, a range outside the plan's window" },
  invalidRange: { code: "invalid_range", status: 400, message: "from must not be after to" },
  rangeTooLarge: { code: "range_too_large", status: 400, message: "a query covers at most 90 days" },
  invalidCursor: { code: "invalid_cursor", status: 400, message: "a cursor this server did not issue for this query: use the nextCursor of a previous page" },
  ownerRequired: { code: "owner_required", status: 403, message: "only the organization owner may do this" },
  adminRequired: { code: "admin_required", status: 403, message: "only the owner or an admin may do this" },
  notFound: { code: "not_found", status: 404, message: "no such record in this organization" },
  unknownEntityType: { code: "unknown_entity_type", status: 400, message: "an entity type the integrity registry does not know" },
  alreadyAtBaseline: { code: "already_at_baseline", status: 409, message: "the record already matches its sealed baseline" },
  baselineUntrusted: { code: "baseline_untrusted", status: 409, message: "the stored baseline is not the one the chain sealed (it was tampered with too); it cannot be restored from" },
  notRestorable: { code: "not_restorable", status: 409, message: "audit chain entries cannot be restored, only resolved: the chain never repairs itself" },
  noOpenViolation: { code: "no_open_violation", status: 404, message: "the record has no open integrity violation" },
  legalHold: { code: "legal_hold", status: 409, message: "the organization is under legal hold; nothing is purged" },
  integrityViolationsOpen: { code: "integrity_violations_open", status: 409, message: "restore or resolve the open integrity violations first; purging would erase their evidence" },
  nothingToPurge: { code: "nothing_to_purge", status: 409, message: "no audit history is past the retention window" },
  checkpointUnavailable: { code: "checkpoint_unavailable", status: 409, message: "a checkpoint cannot be signed: no events or no signing key yet, or the chain is broken" },
  invalidSignature: { code: "invalid_signature", status: 403, message: "the archive URL's signature does not hold" },
  urlExpired: { code: "url_expired", status: 403, message: "the archive URL has expired; ask /audit/presign again" },
});

export const AuditErrors = auditErrors.codes;
