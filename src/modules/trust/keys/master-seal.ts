/**
 * The Org Master Seal (spec 2.1): the owner creates it once, with their
 * personal seal (purpose `org.master_seal.create`, subject the org slug). Creating it
 * generates the organization's RS256 signing key. The operator's `admin bootstrap`
 * creates it too: access to the data stands in for the owner's seal there.
 *
 * The seal row carries a record hash over what was sealed (org, key, method, who,
 * when), so the sealed baseline can be checked later by the audit chain.
 */
import type { AppContext } from "../../../context";
import type { Tx } from "../../../platform/db/database";
import { appendAudit, type AuditActor } from "../../../platform/audit/append";
import { auditEvent } from "../../../platform/audit/catalog";
import { TRUST_EVENTS } from "../events";
import { signingKeyErrors } from "./errors";
import { newId } from "../../../platform/ids";
import { verifyPersonalSeal } from "../../identity/index";
import { masterSealOf, type OrgActor, type Organization, type Readiness, readinessOf, recordMasterSeal, requireOwner } from "../../orgs/index";
import { currentSigningKey, generateSigningKeyMaterial, storeSigningKey, type SigningKeyMaterial } from "./signing-keys";

export const MASTER_SEAL_PURPOSE = "org.master_seal.create";

export interface MasterSealView {
  exists: boolean;
  method: "passkey" | "operator" | null;
  createdAt: string | null;
  /** The key the organization signs with now: the seal's own key until the first rotation. */
  signingKeyId: string | null;
  readiness: Readiness;
}

export async function masterSealStatus(deps: Pick<AppContext, "db">, org: Organization): Promise<MasterSealView> {
  const seal = await masterSealOf(deps.db.read, org.id);
  return {
    exists: !!seal,
    method: seal?.method ?? null,
    createdAt: seal ? new Date(seal.createdAt).toISOString() : null,
    signingKeyId: seal ? ((await currentSigningKey(deps.db.read, org.id))?.id ?? null) : null,
    readiness: await readinessOf(deps.db.read, org),
  };
}

/** The owner's ceremony: POST /api/org/{slug}/master-seal with a personal seal. */
export async function createMasterSeal(
  deps: Pick<AppContext, "db" | "clock" | "config" | "secrets">,
  actor: OrgActor,
  org: Organization,
  input: { assertion: unknown; requestId?: string | null },
): Promise<MasterSealView> {
  requireOwner(actor);
  await refuseIfSealed(deps.db.read, org.id);
  const material = await generateSigningKeyMaterial(deps);
  await deps.db.write(async (tx) => {
    const { credentialId } = await verifyPersonalSeal(tx, deps, {
      userId: actor.userId,
      purpose: MASTER_SEAL_PURPOSE,
      subject: org.slug,
      assertion: input.assertion,
    });
    await sealOrganization(tx, {
      orgId: org.id,
      material,
      method: "passkey",
      createdBy: actor.userId,
      credentialId,
      actor: { kind: "user", id: actor.userId },
      requestId: input.requestId,
      at: deps.clock.now(),
    });
  });
  return masterSealStatus(deps, org);
}

/**
 * The operator's Master Seal (admin bootstrap). Creates nothing when the organization
 * already has one; returns whether it created it.
 */
export async function ensureOperatorMasterSeal(deps: Pick<AppContext, "db" | "clock" | "secrets">, orgId: string): Promise<boolean> {
  if (await masterSealOf(deps.db.read, orgId)) return false;
  const material = await generateSigningKeyMaterial(deps);
  return deps.db.write(async (tx) => {
    await tx.lock(`master-seal:${orgId}`);
    if (await masterSealOf(tx, orgId)) return false;
    await sealOrganization(tx, {
      orgId,
      material,
      method: "operator",
      createdBy: null,
      credentialId: null,
      actor: { kind: "operator" },
      at: deps.clock.now(),
    });
    return true;
  });
}

async function refuseIfSealed(reader: AppContext["db"]["read"], orgId: string): Promise<void> {
  if (await masterSealOf(reader, orgId)) throw signingKeyErrors.error("masterSealExists");
}

interface SealInput {
  orgId: string;
  material: SigningKeyMaterial;
  method: "passkey" | "operator";
  createdBy: string | null;
  credentialId: string | null;
  actor: AuditActor;
  requestId?: string | null;
  at: number;
}

/** The seal row, its signing key and org.master_seal.created, in the caller's transaction. */
async function sealOrganization(tx: Tx, input: SealInput): Promise<void> {
  await tx.lock(`master-seal:${input.orgId}`);
  await refuseIfSealed(tx, input.orgId);
  const signingKeyId = await storeSigningKey(tx, input.orgId, input.material, input.at);
  const id = newId();
  const sealed = {
    id,
    orgId: input.orgId,
    method: input.method,
    createdBy: input.createdBy,
    credentialId: input.credentialId,
    signingKeyId,
    createdAt: input.at,
  };
  await recordMasterSeal(tx, sealed);
  await appendAudit(tx, {
    orgId: input.orgId,
    ...auditEvent(TRUST_EVENTS.masterSealCreated, { method: input.method, signingKeyId, credentialId: input.credentialId }),
    actor: input.actor,
    requestId: input.requestId,
    at: input.at,
  });
}
