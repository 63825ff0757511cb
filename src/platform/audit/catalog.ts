/**
 * The event catalog: every audit event type, in one place, with its payload type
 * (spec §6, plus the events the modules emit). Emit through `auditEvent`, which types
 * the payload from the catalog:
 *
 *   await appendAudit(tx, { ...auditEvent(AUDIT_EVENTS.memberAdded, { userId, connectedId, role }), orgId, actor, at });
 *
 * A new event is added here first (test/modules/audit/catalog.test.ts checks that every
 * type appended in src/ is catalogued). Every event also carries, outside its payload:
 * the actor (kind, id, ConnectedId), the organization, the app group, the request id,
 * and hashed client IP and user agent where a request caused it (docs/audit-format.md).
 * Payloads never carry credentials: appendAudit refuses CREDENTIAL_FIELDS at any depth.
 *
 * Where the spec gives an event only a code (RPT031…), the type is named under the
 * system it belongs to (reporting.*), so system grants (5.4) reach it, and `code` keeps
 * the spec's name.
 */

export interface AuditEventDefinition<T extends string = string, P = Record<string, unknown>> {
  type: T;
  description: string;
  /** The spec's code for the event, where it names one (RPT031). */
  code?: string;
  /** Phantom: the payload's type. */
  readonly payload?: P;
}

const define =
  <P extends object = Record<string, never>>() =>
  <T extends string>(type: T, description: string, code?: string): AuditEventDefinition<T, P> =>
    code ? { type, description, code } : { type, description };

type Id = string;
type Iso = string;
type Change<V> = { from: V; to: V };

export const AUDIT_EVENTS = {
  // --- Organizations
  orgCreated: define<{ name: string; slug: string; type: string; plan: string; parentOrgId?: Id }>()("org.created", "An organization is created"),
  orgDeleted: define<{ slug: string; name: string; parentOrgId: Id }>()("org.deleted", "A sub-organization is deleted (recorded in its own chain)"),
  orgPlanChanged: define<{ from: string; to: string; via?: "parent" }>()("org.plan_changed", "The plan changes (a sub-organization follows its parent)"),
  orgTypeChanged: define<{ from: string; to: string }>()("org.type_changed", "The organization type changes"),
  orgRepresentativeSet: define<{ before: unknown; after: unknown }>()("org.representative_set", "The representative director is set"),
  orgSubOrgCreated: define<{ subOrgId: Id; slug: string; name: string; type: string }>()("org.sub_org.created", "A sub-organization is created"),
  orgSubOrgDeleted: define<{ subOrgId: Id; slug: string; name: string }>()("org.sub_org.deleted", "A sub-organization is deleted"),
  orgOtpRequested: define<{ channel: "phone" | "email"; destination: string; [detail: string]: unknown }>()("org.otp.requested", "An organization OTP code is requested"),
  orgPhoneVerified: define<{ phone: string; previousPhone: string | null }>()("org.phone_verified", "A contact phone is verified by OTP"),
  orgEmailVerified: define<{ email: string; previousEmail: string | null }>()("org.email_verified", "A contact e-mail is verified by OTP"),

  // --- Members, badges, invitations, roles, service accounts
  memberAdded: define<{ userId: Id; connectedId: Id; role: string }>()("org.member.added", "A person joins (a sealed record)"),
  memberRoleChanged: define<{ userId: Id; connectedId: Id | null } & Change<string>>()("org.member.role_changed", "A member's role changes"),
  memberRemoved: define<{ userId: Id; connectedId: Id | null; role: string; left: boolean }>()("org.member.removed", "A member is removed or leaves"),
  badgeStatusChanged: define<{ connectedId: Id; userId: Id | null; serviceAccountId: Id | null } & Change<string>>()("org.badge.status_changed", "A badge is activated, suspended or revoked"),
  badgeUpdated: define<{ connectedId: Id; changes: Record<string, unknown> }>()("org.badge.updated", "A badge's type or membership type changes"),
  invitationCreated: define<{ invitationId: Id; email: string; role: string; expiresAt: Iso }>()("org.invitation.created", "An invitation is issued (never its code)"),
  invitationRevoked: define<{ invitationId: Id; email: string; reason: string }>()("org.invitation.revoked", "An invitation is revoked or re-issued"),
  invitationAccepted: define<{ invitationId: Id; userId: Id; connectedId: Id; role: string }>()("org.invitation.accepted", "An invitation is accepted"),
  roleCreated: define<{ roleId: Id; key: string; name: string; scopes: string[] }>()("org.role.created", "A custom role is created (a sealed record)"),
  roleUpdated: define<{ roleId: Id; before: unknown; after: unknown }>()("org.role.updated", "A custom role is replaced"),
  roleDeleted: define<{ roleId: Id; key: string; name: string; scopes: string[] }>()("org.role.deleted", "A custom role is deleted"),
  serviceAccountCreated: define<{ serviceAccountId: Id; connectedId: Id; name: string; role: string }>()("org.service_account.created", "A service account is created (a sealed record)"),
  serviceAccountUpdated: define<{ serviceAccountId: Id; changes: Record<string, unknown> }>()("org.service_account.updated", "A service account changes"),
  serviceAccountDeleted: define<{ serviceAccountId: Id; connectedId: Id | null; name: string; role: string }>()("org.service_account.deleted", "A service account is deleted"),

  // --- Keys and machine access
  masterSealCreated: define<{ method: "passkey" | "operator"; signingKeyId: Id; credentialId: string | null }>()("org.master_seal.created", "The Org Master Seal and the signing keys are created (a sealed record)"),
  signingKeyRotated: define<{ previous: Record<string, unknown>; current: Record<string, unknown>; previousSigningKeyRetireAt: Iso; retireImmediately: boolean }>()(
    "org.signing_key.rotated",
    "The signing keys are rotated",
  ),
  apiKeyCreated: define<{ keyId: Id; prefix: string; scopes: string[]; appGroupId: Id | null; serviceAccountId: Id | null; maxTokenLifetimeSeconds: number; sealCredentialId?: string | null }>()(
    "org.api_key.created",
    "An org API key is created; only its prefix is recorded (a sealed record)",
  ),
  apiKeyRevoked: define<{ keyId: Id; prefix: string; markerUntil: Iso }>()("org.api_key.revoked", "An org API key is revoked"),
  m2mTokenIssued: define<{ keyId: Id; tokenId: Id; scopes: string[]; expiresIn: number }>()("org.m2m_token.issued", "An M2M access token is issued (never the token)"),

  // --- Spec §6
  behaviorRollupCreated: define<{ date: string; rollupSha256: string; rowCount: number; eventCount: number; sourceFilesSha256: string }>()(
    "audit.rollup.behavior_created",
    "A daily behavior rollup is built: its SHA-256, row and event counts and a hash of the source file list",
  ),
  fileShareModeChanged: define<{ fileId: Id; by: "person" | "policy" } & Change<"restricted" | "link_anyone">>()("org.file.share_mode_changed", "A file's share mode changes, by a person or by org policy"),
  fileShareTokenRotated: define<{ fileId: Id }>()("org.file.share_token_rotated", "A share link is rotated (never the token)"),
  fileShareViewed: define<{ fileId: Id }>()("org.file.share_viewed", "A share link is opened; the event carries the hashed IP and user agent"),
  agentHired: define<{ agentId: Id; connectedId: Id; [detail: string]: unknown }>()("agent.hired", "An agent is hired"),
  agentSuspended: define<{ agentId: Id; reason: "manual" | "expired" }>()("agent.suspended", "An agent is suspended, by hand or on expiry"),
  agentRevoked: define<{ agentId: Id }>()("agent.revoked", "An agent is revoked"),
  agentOperatorAssigned: define<{ agentId: Id } & Change<Id | null>>()("agent.operator_assigned", "An agent's operator is transferred"),
  agentActionDenied: define<{ agentId: Id; action: string; reason: string }>()("agent.action_denied", "An agent's write is refused by its gate"),
  agentWake: define<{ agentId: Id; reason: "story_start" | "story_passed" | "story_revise" | "story_redo" | "story_hold" | "setup_done" }>()("agent.wake", "An agent wake notification"),
  meetingCreated: define<{ meetingId: Id; followUpOf?: Id | null; [detail: string]: unknown }>()("business.meeting.created", "A meeting is created (a follow-up included)"),
  meetingUpdated: define<{ meetingId: Id; changes: Record<string, unknown> }>()("business.meeting.updated", "A meeting's agenda changes"),
  meetingCancelled: define<{ meetingId: Id; reason: string }>()("business.meeting.cancelled", "A meeting is cancelled"),
  meetingAttendanceMarked: define<{ meetingId: Id; connectedId: Id; present: boolean; mode: "manual" | "automatic" }>()("business.meeting.attendance_marked", "Attendance is marked, by hand or automatically"),
  meetingAgendaVoted: define<{ meetingId: Id; agendaItemId: Id; choice: string; chg: boolean }>()("business.meeting.agenda_voted", "A vote is cast; chg marks a changed vote"),
  teamLeadChanged: define<{ teamId: Id } & Change<Id | null>>()("reporting.team.lead_changed", "A team lead is set or cleared"),
  approvalLineChanged: define<{ aggregateId: Id; [detail: string]: unknown }>()("reporting.approvalline.changed", "An approval line is replaced; aggregateId is the WorkItemId", "RPT038"),
  // Every approval step is sealed as a five-piece event.
  approvalStepApproved: define<ApprovalStepPayload>()("reporting.approval.step_approved", "An approval step is stamped approved", "RPT031"),
  approvalStepRejected: define<ApprovalStepPayload>()("reporting.approval.step_rejected", "An approval step is stamped rejected", "RPT032"),
  approvalCompleted: define<{ aggregateId: Id; instanceId: Id; [detail: string]: unknown }>()("reporting.approval.completed", "An approval line is completed and materialized (ApprovalCompletedEvent)", "RPT033"),
  monetizationEnabled: define<{ appGroupId: Id }>()("appgroup.monetization.enabled", "Collection is switched on for an app group"),
  monetizationDisabled: define<{ appGroupId: Id }>()("appgroup.monetization.disabled", "Collection is switched off for an app group"),
  datasourceConnected: define<DataSourcePayload>()("appgroup.datasource.connected", "A data source is connected (never its credentials)"),
  datasourceDisconnected: define<DataSourcePayload>()("appgroup.datasource.disconnected", "A data source is disconnected"),
  datasourceReconnected: define<DataSourcePayload>()("appgroup.datasource.reconnected", "A data source is reconnected"),
  datasourceDeleted: define<DataSourcePayload & { pd: boolean }>()("appgroup.datasource.deleted", "A data source is deleted; pd: the provider-side delete was confirmed"),
  datasourceTested: define<DataSourcePayload & { ok: boolean }>()("appgroup.datasource.tested", "A data source connection is tested"),
  datasourcePrimaryChanged: define<DataSourcePayload & Change<Id | null>>()("appgroup.datasource.primary_changed", "The primary data source changes"),
  kakaoChannelLinked: define<KakaoPayload>()("appgroup.kakao.channel_linked", "A messaging channel is linked"),
  kakaoChannelChanged: define<KakaoPayload & Change<string>>()("appgroup.kakao.channel_changed", "The linked messaging channel changes"),
  kakaoChannelUnlinked: define<KakaoPayload>()("appgroup.kakao.channel_unlinked", "A messaging channel is unlinked"),
  kakaoMemberJoined: define<KakaoPayload>()("appgroup.kakao.member_joined", "A member joins through the messaging channel"),

  // --- The audit chain itself
  historyPurged: define<{ fromSeq: number; throughSeq: number; count: number; throughChainHash: string; oldestAt: Iso; newestAt: Iso; cutoffAt: Iso; reason: "retention" | "purge_now" }>()(
    "audit.history.purged",
    "The sealed tombstone of a retention purge; the chain continues from throughChainHash",
  ),
  historyExported: define<{ exportId: Id; fromSeq: number | null; throughSeq: number | null; count: number; sha256: string }>()("audit.history.exported", "A range of the chain is exported (presign)"),
  retentionNoticeSent: define<{ notice: 1 | 2; cutoffAt: Iso; purgeScheduledAt: Iso }>()("audit.retention.notice_sent", "The owner is notified that history will be purged"),
  retentionCycleCancelled: define<{ reason: string; retentionDays: number | null }>()("audit.retention.cycle_cancelled", "A purge cycle ends with nothing left to purge (an upgrade restored access)"),
  retentionLegalHoldSet: define<{ on: boolean; reason: string | null }>()("audit.retention.legal_hold_set", "The operator sets or lifts the legal hold"),
  retentionContractSet: define<{ retentionDays: number | null }>()("audit.retention.contract_set", "The operator sets or clears a contract's retention window"),
  integrityRecordRestored: define<{ entityType: string; entityId: string; previousStateHash: string | null; restoredStateHash: string | null; violationIds: Id[] }>()(
    "integrity.record_restored",
    "A sealed record is restored to its sealed baseline",
  ),
  integrityViolationResolved: define<{ entityType: string; entityId: string; violationIds: Id[]; reasons: string[]; acceptedStateHash: string | null }>()(
    "integrity.violation_resolved",
    "Integrity violations are resolved as false positives",
  ),

  // --- Keys: partner assertions, webhook secret, plugin tokens
  partnerAssertionIssued: define<{ keyId: Id; assertionId: Id; kid: string; audience: string; subject: string; scopes: string[]; expiresIn: number }>()(
    "org.partner_assertion.issued",
    "A partner assertion is signed for an org API key (never the assertion)",
  ),
  webhookSecretRegenerated: define<{ createdAt: Iso; replacedCreatedAt: Iso | null; previousValidUntil: Iso | null; revokePrevious: boolean }>()(
    "org.webhook_secret.regenerated",
    "The webhook signing secret is regenerated (never the secret); the replaced one stays valid until previousValidUntil",
  ),
  pluginTokenCreated: define<{ tokenId: Id; name: string; prefix: string; scopes: string[]; expiresAt: Iso }>()("org.plugin_token.created", "A plugin token is created; only its prefix is recorded"),
  pluginTokenRevoked: define<{ tokenId: Id; name: string; prefix: string }>()("org.plugin_token.revoked", "A plugin token is revoked"),

  // --- Storage lifecycle rules (the share events are under spec §6)
  lifecycleRuleCreated: define<LifecycleRulePayload>()("org.lifecycle_rule.created", "A storage lifecycle rule is created"),
  lifecycleRuleUpdated: define<{ ruleId: Id; before: Omit<LifecycleRulePayload, "ruleId">; after: Omit<LifecycleRulePayload, "ruleId"> }>()(
    "org.lifecycle_rule.updated",
    "A storage lifecycle rule is changed, paused or resumed",
  ),
  lifecycleRuleDeleted: define<LifecycleRulePayload>()("org.lifecycle_rule.deleted", "A storage lifecycle rule is deleted"),
  lifecycleRuleRan: define<{ ruleId: Id; action: "transition_ia" | "trash"; count: number; bytes: number; fileIds: Id[] }>()(
    "org.lifecycle_rule.ran",
    "The lifecycle job applied a rule: the files it moved to infrequent access or to the trash",
  ),

  // --- Apps: app groups and applications
  appGroupCreated: define<{ appGroupId: Id; key: string; name: string; firstApplicationId: Id }>()("appgroup.created", "An app group is created with its first application"),
  appGroupUpdated: define<{ appGroupId: Id; fields: string[] }>()("appgroup.updated", "An app group's settings change (the fields named; never a secret)"),
  appGroupIconChanged: define<{ appGroupId: Id; iconUrl: string | null }>()("appgroup.icon_changed", "An app group's icon is set or removed"),
  appGroupDeleted: define<{ appGroupId: Id; key: string; name: string; applicationIds: Id[] }>()("appgroup.deleted", "An app group is deleted with its applications"),
  applicationCreated: define<{ applicationId: Id; clientKey: string; name: string; platform: string; environment: string }>()("appgroup.application.created", "An application is created"),
  applicationUpdated: define<{ applicationId: Id; fields: string[] }>()("appgroup.application.updated", "An application's configuration changes (the fields named)"),
  applicationStatusChanged: define<{ applicationId: Id } & Change<string>>()("appgroup.application.status_changed", "An application is disabled or enabled"),
  applicationSecretRotated: define<{ applicationId: Id; clientKey: string; first: boolean }>()("appgroup.application.secret_rotated", "An application's client secret is issued or rotated (never the secret)"),
  applicationCloudflareConnected: define<{ applicationId: Id; accountId: string }>()("appgroup.application.cloudflare_connected", "A deployment account is connected (never its token)"),
  applicationCloudflareDisconnected: define<{ applicationId: Id; accountId: string }>()("appgroup.application.cloudflare_disconnected", "A deployment account is disconnected"),
  applicationDeleted: define<{ applicationId: Id; clientKey: string; name: string }>()("appgroup.application.deleted", "An application is deleted"),

  // --- Files
  fileUploaded: define<{ fileId: Id; fileName: string; contentType: string; sizeBytes: number; sha256: string; scope: string }>()("org.file.uploaded", "A file is uploaded"),
  fileTrashed: define<{ fileId: Id; fileName: string; sizeBytes: number; reason: "manual" | "lifecycle"; restorableUntil: Iso }>()(
    "org.file.trashed",
    "A file moves to the trash, by a person or a lifecycle rule; its bytes stop counting toward the quota",
  ),
  fileRestored: define<{ fileId: Id; fileName: string; sizeBytes: number }>()("org.file.restored", "A file comes back from the trash"),
  fileDeleted: define<{ fileId: Id; fileName: string; sizeBytes: number; reason: "retention" }>()("org.file.deleted", "A trashed file is removed for good when its retention window ends"),

  // --- Analytics and add-ons (audit.rollup.behavior_created is under spec §6)
  signInRollupCreated: define<{ date: string; rollupSha256: string; rowCount: number; eventCount: number; sourceSha256: string }>()(
    "audit.rollup.sign_in_created",
    "A daily sign-in rollup is built: its SHA-256, row and event counts and a hash of the source row list",
  ),
  analyticsCollectionChanged: define<{ appGroupId: Id } & Change<boolean>>()("appgroup.analytics.collection_changed", "The beacon's collection switch of an app group is flipped"),
  addonEnabled: define<{ addonKey: string; chargedCents: number; balanceAfterCents: number; paidThrough: Iso }>()(
    "org.addon.enabled",
    "An add-on is switched on; the prorated charge taken from the prepaid credit (0 when the month was already paid)",
  ),
  addonDisabled: define<{ addonKey: string }>()("org.addon.disabled", "An add-on is switched off (no refund; it stays paid through the month)"),
  creditToppedUp: define<{ amountCents: number; balanceAfterCents: number }>()("org.credit.topped_up", "Prepaid credit is added by an operator (the seam billing replaces)"),

  // --- end-user-import
  endUserImported: define<{ appGroupId: Id; source: string; rows: number; created: number; duplicate: number; invalid: number; dormantPasswordHashes: number; sendInvites: boolean }>()(
    "end_user.imported",
    "End users are imported into an app group through public v1 (one event per request, with its counts)",
  ),
} as const;

type ApprovalStepPayload = { aggregateId: Id; stepId: Id; approverConnectedId: Id; decision: "approved" | "rejected"; sealHash: string };
type DataSourcePayload = { dataSourceId: Id; appGroupId: Id; name: string; region?: string };
type KakaoPayload = { appGroupId: Id; channelId: string };
type LifecycleRulePayload = { ruleId: Id; action: "transition_ia" | "trash"; unaccessedDays: number; scope: string | null; enabled?: boolean };

type Catalog = typeof AUDIT_EVENTS;
export type AuditEventType = Catalog[keyof Catalog]["type"];
export type AuditPayload<D> = D extends AuditEventDefinition<string, infer P> ? P : never;

const byType = new Map<string, AuditEventDefinition>(Object.values(AUDIT_EVENTS).map((d) => [d.type, d]));

export function catalogEntry(type: string): AuditEventDefinition | null {
  return byType.get(type) ?? null;
}

/**
 * Adds a module's own event types (its `events` in src/modules.ts) to the catalog. The
 * same definition may be registered again (every context registers its modules); a
 * different definition of a type is refused.
 */
export function registerAuditEvents(definitions: readonly AuditEventDefinition[]): void {
  for (const definition of definitions) {
    const existing = byType.get(definition.type);
    const same = existing && existing.description === definition.description && existing.code === definition.code;
    if (existing && !same) throw new Error(`audit event "${definition.type}" is already in the catalog`);
    byType.set(definition.type, definition);
  }
}

/** The type and a payload checked against the catalog, to spread into appendAudit's input. */
export function auditEvent<D extends AuditEventDefinition<string, any>>(definition: D, payload: AuditPayload<D>): { type: D["type"]; payload: Record<string, unknown> } {
  return { type: definition.type, payload: payload as Record<string, unknown> };
}

/** Payload field names that would carry a credential; appendAudit refuses them at any depth. */
export const CREDENTIAL_FIELDS: ReadonlySet<string> = new Set(
  [
    "password",
    "secret",
    "clientSecret",
    "token",
    "accessToken",
    "refreshToken",
    "sessionToken",
    "shareToken",
    "apiKey",
    "privateKey",
    "privateJwk",
    "privateJwkSealed",
    "otp",
    "otpCode",
    "assertion",
    "assertionResponseJson",
    "SealAssertionJson",
    "connectionString",
  ].map((f) => f.toLowerCase()),
);

/** The path of the first credential field in a payload, or null. */
export function credentialFieldIn(value: unknown, path = "payload"): string | null {
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) {
      const found = credentialFieldIn(v, `${path}[${i}]`);
      if (found) return found;
    }
  } else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      if (CREDENTIAL_FIELDS.has(k.toLowerCase())) return `${path}.${k}`;
      const found = credentialFieldIn(v, `${path}.${k}`);
      if (found) return found;
    }
  }
  return null;
}
