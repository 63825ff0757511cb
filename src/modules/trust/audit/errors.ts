/** Error codes of the audit and integrity surface (spec §7 codes where it gives them). */
export const AuditErrors = {
  /** 403: scope=all without Owner/Admin, or no audit grant at all (spec 5.4). */
  permissionDenied: "PERMISSION_DENIED",
  /** 403 feature.audit.view_all below Pro; 402 audit.retention outside the window. */
  upgradeRequired: "UPGRADE_REQUIRED",
  /** 400: from after to. */
  invalidRange: "invalid_range",
  /** 400: more than 90 days in one query. */
  rangeTooLarge: "range_too_large",
  /** 400: a cursor that this server did not issue for this query. */
  invalidCursor: "invalid_cursor",
  /** 403: an owner-only action (purge-now). */
  ownerRequired: "owner_required",
  /** 403: an Owner-or-Admin action (checkpoints, restore, resolve, member sessions). */
  adminRequired: "admin_required",
  notFound: "not_found",
  /** 400: an entity type the integrity registry does not know. */
  unknownEntityType: "unknown_entity_type",
  /** 409: the record already matches its sealed baseline. */
  alreadyAtBaseline: "already_at_baseline",
  /** 409: the stored baseline is not the one the chain sealed (it was tampered with too). */
  baselineUntrusted: "baseline_untrusted",
  /** 409: chain entries cannot be restored (only resolved): the chain never repairs itself. */
  notRestorable: "not_restorable",
  /** 404: resolve with no open violation for the record. */
  noOpenViolation: "no_open_violation",
  /** 409: purge-now while the organization is under legal hold. */
  legalHold: "legal_hold",
  /** 409: purge-now while integrity violations are open (purging would erase their evidence). */
  integrityViolationsOpen: "integrity_violations_open",
  /** 409: purge-now with no history past the window. */
  nothingToPurge: "nothing_to_purge",
  /** 409: a checkpoint cannot be signed (no signing key yet, or the chain is broken). */
  checkpointUnavailable: "checkpoint_unavailable",
  /** 403: an archive URL whose signature or expiry does not hold. */
  invalidSignature: "invalid_signature",
  /** 403: an archive URL past its 10 minutes. */
  urlExpired: "url_expired",
} as const;
