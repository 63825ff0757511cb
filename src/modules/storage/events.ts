/** The audit events this domain appends (DESIGN §3, §6): files, sharing (spec §6) and lifecycle rules. Declared as its module's `events`. */
import { defineEvent } from "../../platform/audit/catalog";

type Id = string;
type Iso = string;
type Change<V> = { from: V; to: V };
type LifecycleRulePayload = { ruleId: Id; action: "transition_ia" | "trash"; unaccessedDays: number; scope: string | null; enabled?: boolean };

export const STORAGE_EVENTS = {
  fileShareModeChanged: defineEvent<{ fileId: Id; by: "person" | "policy" } & Change<"restricted" | "link_anyone">>()("org.file.share_mode_changed", "A file's share mode changes, by a person or by org policy"),
  fileShareTokenRotated: defineEvent<{ fileId: Id }>()("org.file.share_token_rotated", "A share link is rotated (never the token)"),
  fileShareViewed: defineEvent<{ fileId: Id }>()("org.file.share_viewed", "A share link is opened; the event carries the hashed IP and user agent"),
  lifecycleRuleCreated: defineEvent<LifecycleRulePayload>()("org.lifecycle_rule.created", "A storage lifecycle rule is created"),
  lifecycleRuleUpdated: defineEvent<{ ruleId: Id; before: Omit<LifecycleRulePayload, "ruleId">; after: Omit<LifecycleRulePayload, "ruleId"> }>()(
    "org.lifecycle_rule.updated",
    "A storage lifecycle rule is changed, paused or resumed",
  ),
  lifecycleRuleDeleted: defineEvent<LifecycleRulePayload>()("org.lifecycle_rule.deleted", "A storage lifecycle rule is deleted"),
  lifecycleRuleRan: defineEvent<{ ruleId: Id; action: "transition_ia" | "trash"; count: number; bytes: number; fileIds: Id[] }>()(
    "org.lifecycle_rule.ran",
    "The lifecycle job applied a rule: the files it moved to infrequent access or to the trash",
  ),
  fileUploaded: defineEvent<{ fileId: Id; fileName: string; contentType: string; sizeBytes: number; sha256: string; scope: string }>()("org.file.uploaded", "A file is uploaded"),
  fileTrashed: defineEvent<{ fileId: Id; fileName: string; sizeBytes: number; reason: "manual" | "lifecycle"; restorableUntil: Iso }>()(
    "org.file.trashed",
    "A file moves to the trash, by a person or a lifecycle rule; its bytes stop counting toward the quota",
  ),
  fileRestored: defineEvent<{ fileId: Id; fileName: string; sizeBytes: number }>()("org.file.restored", "A file comes back from the trash"),
  fileDeleted: defineEvent<{ fileId: Id; fileName: string; sizeBytes: number; reason: "retention" }>()("org.file.deleted", "A trashed file is removed for good when its retention window ends"),
} as const;
