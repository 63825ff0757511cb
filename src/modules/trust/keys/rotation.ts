/**
 * Signing-key rotation (POST /api/org/{slug}/settings/keys/signing-key/rotate) and the
 * list of published keys. A rotation replaces both current keys:
 * - the permit key leaves the JWKS at once: every permit it signed stops verifying;
 * - the token key stays published until the longest token it may have signed has
 *   expired (MAX_SIGNED_TOKEN_LIFETIME_SECONDS plus skew), unless `retireImmediately`
 *   (a compromised key) takes it out at once too.
 * Owner or admin; no personal seal (see docs/machine-access.md).
 */
import { eq } from "drizzle-orm";
import type { AppContext } from "../../../context";
import { appendAudit } from "../../../platform/audit/append";
import { auditEvent } from "../../../platform/audit/catalog";
import { TRUST_EVENTS } from "../events";
import { toIso } from "../../../platform/clock";
import type { Queryable } from "../../../platform/db/database";
import { type OrgActor, type Organization, requireAdmin } from "../../orgs/index";
import { orgSigningKeys } from "./schema";
import { signingKeyErrors } from "./errors";
import type { KeyEvent } from "./keyring";
import {
  currentPermitKey,
  currentSigningKey,
  generateSigningKeyMaterial,
  MAX_SIGNED_TOKEN_LIFETIME_SECONDS,
  retiringSigningKeys,
  storeSigningKey,
  TOKEN_KEY_SKEW_MS,
} from "./signing-keys";

/** Rotated token keys the JWKS may carry at once; a rotation beyond that waits (409). */
export const MAX_RETIRING_SIGNING_KEYS = 5;

export interface PublishedKey {
  kid: string;
  /** token: end-user tokens and other org signatures; permit: permits only. */
  use: "token" | "permit";
  createdAt: string;
  /** When a rotated token key leaves the JWKS; null for current keys. */
  retireAt: string | null;
}

export interface SigningKeysView {
  signingKeyId: string | null;
  permitKeyId: string | null;
  /** Exactly the keys the JWKS publishes now. */
  published: PublishedKey[];
}

export async function signingKeysView(reader: Queryable, orgId: string, now: number): Promise<SigningKeysView> {
  const [token, permit, retiring] = await Promise.all([currentSigningKey(reader, orgId), currentPermitKey(reader, orgId), retiringSigningKeys(reader, orgId, now)]);
  const published: PublishedKey[] = [];
  if (token) published.push({ kid: token.id, use: "token", createdAt: toIso(token.createdAt), retireAt: null });
  if (permit) published.push({ kid: permit.id, use: "permit", createdAt: toIso(permit.createdAt), retireAt: null });
  for (const key of retiring) published.push({ kid: key.id, use: "token", createdAt: toIso(key.createdAt), retireAt: toIso(key.retireAt!) });
  return { signingKeyId: token?.id ?? null, permitKeyId: permit?.id ?? null, published };
}

export async function rotateSigningKeys(
  deps: Pick<AppContext, "db" | "clock" | "secrets" | "keyring">,
  actor: OrgActor,
  org: Organization,
  input: { retireImmediately?: boolean; requestId?: string | null },
): Promise<SigningKeysView> {
  requireAdmin(actor);
  const retireImmediately = input.retireImmediately ?? false;
  const material = await generateSigningKeyMaterial(deps);
  const event = await deps.db.write(async (tx) => {
    await tx.lock(`signing-keys:${org.id}`);
    const now = deps.clock.now();
    const previous = await currentSigningKey(tx, org.id);
    if (!previous) {
      throw signingKeyErrors.error("orgSealRequired", { message: "the organization has no Org Master Seal yet, so no signing keys to rotate" });
    }
    const retiring = await retiringSigningKeys(tx, org.id, now);
    if (!retireImmediately && retiring.length >= MAX_RETIRING_SIGNING_KEYS) {
      const retryAt = Math.min(...retiring.map((k) => k.retireAt!));
      throw signingKeyErrors.error("tooManySigningKeys", {
        message: `the JWKS already carries ${retiring.length} retiring keys; rotate again after ${toIso(retryAt)}, or with retireImmediately`,
        retryAt: toIso(retryAt),
      });
    }
    const previousPermit = await currentPermitKey(tx, org.id);
    const retireAt = retireImmediately ? now : now + MAX_SIGNED_TOKEN_LIFETIME_SECONDS * 1000 + TOKEN_KEY_SKEW_MS;
    await tx.update(orgSigningKeys).set({ rotatedAt: now, retireAt }).where(eq(orgSigningKeys.id, previous.id));
    if (previousPermit) await tx.update(orgSigningKeys).set({ rotatedAt: now }).where(eq(orgSigningKeys.id, previousPermit.id));
    await storeSigningKey(tx, org.id, material, now);
    await appendAudit(tx, {
      orgId: org.id,
      ...auditEvent(TRUST_EVENTS.signingKeyRotated, {
        previous: { signingKeyId: previous.id, permitKeyId: previousPermit?.id ?? null },
        current: { signingKeyId: material.kid, permitKeyId: material.permit.kid },
        previousSigningKeyRetireAt: toIso(retireAt),
        retireImmediately,
      }),
      actor: { kind: "user", id: actor.userId },
      requestId: input.requestId,
      at: now,
    });
    const changed: KeyEvent = { type: "signing_keys.changed", orgId: org.id };
    await deps.keyring.publish(tx, changed);
    return changed;
  });
  deps.keyring.apply(event);
  return signingKeysView(deps.db.read, org.id, deps.clock.now());
}
