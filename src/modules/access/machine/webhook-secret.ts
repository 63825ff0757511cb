/**
 * The secret that signs the organization's outgoing webhooks (spec 4.4 settings keys:
 * POST …/settings/keys/webhook-secret/regenerate). `whsec_` plus 256 random bits,
 * shown once, in the regenerate response.
 *
 * Signet must sign every delivery with it later, so it is sealed with the master key
 * (AES-GCM, bound to the organization), not hashed. A regeneration keeps the secret it
 * replaces valid for PREVIOUS_SECRET_GRACE_MS, so receivers can switch over without
 * refusing events signed in between; `revokePrevious` ends it at once (a leaked secret).
 * There is one previous slot: regenerating twice within the grace period ends the older
 * secret at the second regeneration.
 */
import { eq } from "drizzle-orm";
import type { AppContext } from "../../../context";
import { appendAudit } from "../../../platform/audit/append";
import { auditEvent } from "../../../platform/audit/catalog";
import { ACCESS_EVENTS } from "../events";
import { toIso } from "../../../platform/clock";
import { randomSecret } from "../../../platform/crypto/hash";
import type { Queryable } from "../../../platform/db/database";
import { assertCan, type OrgActor, type Organization } from "../../orgs/index";
import { orgWebhookSecrets } from "./schema";

export const WEBHOOK_SECRET_PREFIX = "whsec_";
const WEBHOOK_SECRET_BYTES = 32;
/** How long the replaced secret still verifies after a regeneration. */
export const PREVIOUS_SECRET_GRACE_MS = 24 * 60 * 60 * 1000;

/** Owner and Admin hold them through `org.*`; a custom role may be given them. */
export const WebhookSecretScopes = {
  read: "org.webhook_secret.read",
  regenerate: "org.webhook_secret.regenerate",
} as const;

type WebhookSecretRow = typeof orgWebhookSecrets.$inferSelect;

export interface RegeneratedWebhookSecret {
  /** The new secret: in this response only. */
  secret: string;
  createdAt: string;
  /** Until when the replaced secret still verifies; null when there was none or it was revoked. */
  previousValidUntil: string | null;
}

export interface WebhookSecretStatus {
  exists: boolean;
  createdAt: string | null;
  previousValidUntil: string | null;
}

function sealContext(orgId: string): string {
  return `org_webhook_secrets:${orgId}`;
}

/** The previous secret's end, or null once it has passed. */
function livePreviousUntil(row: WebhookSecretRow, now: number): number | null {
  return row.previousSecretSealed !== null && row.previousValidUntil !== null && row.previousValidUntil > now ? row.previousValidUntil : null;
}

async function secretRow(reader: Queryable, orgId: string): Promise<WebhookSecretRow | null> {
  const [row] = await reader.select().from(orgWebhookSecrets).where(eq(orgWebhookSecrets.orgId, orgId));
  return row ?? null;
}

/** POST /api/org/{slug}/settings/keys/webhook-secret/regenerate. */
export async function regenerateWebhookSecret(
  deps: Pick<AppContext, "db" | "clock" | "secrets">,
  actor: OrgActor,
  org: Organization,
  input: { revokePrevious?: boolean; requestId?: string | null },
): Promise<RegeneratedWebhookSecret> {
  assertCan(actor, WebhookSecretScopes.regenerate);
  const revokePrevious = input.revokePrevious ?? false;
  const secret = WEBHOOK_SECRET_PREFIX + randomSecret(WEBHOOK_SECRET_BYTES);
  const secretSealed = await deps.secrets.seal(secret, sealContext(org.id));
  return deps.db.write(async (tx) => {
    await tx.lock(`webhook-secret:${org.id}`);
    const now = deps.clock.now();
    const replaced = await secretRow(tx, org.id);
    const keepPrevious = replaced !== null && !revokePrevious;
    const next = {
      secretSealed,
      createdAt: now,
      createdBy: actor.userId,
      previousSecretSealed: keepPrevious ? replaced.secretSealed : null,
      previousValidUntil: keepPrevious ? now + PREVIOUS_SECRET_GRACE_MS : null,
    };
    if (replaced) await tx.update(orgWebhookSecrets).set(next).where(eq(orgWebhookSecrets.orgId, org.id));
    else await tx.insert(orgWebhookSecrets).values({ orgId: org.id, ...next });
    const previousValidUntil = next.previousValidUntil === null ? null : toIso(next.previousValidUntil);
    await appendAudit(tx, {
      orgId: org.id,
      ...auditEvent(ACCESS_EVENTS.webhookSecretRegenerated, {
        createdAt: toIso(now),
        replacedCreatedAt: replaced ? toIso(replaced.createdAt) : null,
        previousValidUntil,
        revokePrevious,
      }),
      actor: { kind: "user", id: actor.userId, connectedId: actor.connectedId },
      requestId: input.requestId,
      at: now,
    });
    return { secret, createdAt: toIso(now), previousValidUntil };
  });
}

/** GET /api/org/{slug}/settings/keys/webhook-secret: metadata only, never a secret. */
export async function webhookSecretStatus(deps: Pick<AppContext, "db" | "clock">, actor: OrgActor, org: Organization): Promise<WebhookSecretStatus> {
  assertCan(actor, WebhookSecretScopes.read);
  const row = await secretRow(deps.db.read, org.id);
  if (!row) return { exists: false, createdAt: null, previousValidUntil: null };
  const previousUntil = livePreviousUntil(row, deps.clock.now());
  return { exists: true, createdAt: toIso(row.createdAt), previousValidUntil: previousUntil === null ? null : toIso(previousUntil) };
}

/**
 * The secrets a webhook delivery signs with (for the webhooks module): `current` signs;
 * during a cutover `previous` is still valid too (sign with both, e.g. two signatures in
 * one header, so receivers holding either verify). Nulls when there is none.
 */
export async function webhookSigningSecrets(deps: Pick<AppContext, "db" | "clock" | "secrets">, orgId: string): Promise<{ current: string | null; previous: string | null }> {
  const row = await secretRow(deps.db.read, orgId);
  if (!row) return { current: null, previous: null };
  const context = sealContext(orgId);
  const [current, previous] = await Promise.all([
    deps.secrets.open(row.secretSealed, context),
    livePreviousUntil(row, deps.clock.now()) === null ? null : deps.secrets.open(row.previousSecretSealed!, context),
  ]);
  return { current, previous };
}
