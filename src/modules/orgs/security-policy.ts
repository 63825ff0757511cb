/**
 * The organization's security settings that apply to every dashboard request in it
 * (PUT /settings/security): a session older than `sessionMaxAgeDays` since sign-in is
 * not accepted here, and with `requirePasskeyForAdmins` owners and admins must have
 * registered a passkey (their Personal Seal) before they act. M2M callers are judged
 * by their key, not by these.
 */
import type { Queryable } from "../../platform/db/database";
import { sha256Hex } from "../../platform/crypto/hash";
import { hasPersonalSeal, sessionCreatedAt } from "../identity/index";
import { readSettingsSection } from "./settings";
import { securitySettings } from "./settings-sections";
import { orgAccessErrors, type Organization, type OrgActor } from "./access";

const DAY_MS = 24 * 60 * 60 * 1000;

export async function enforceSessionPolicy(
  reader: Queryable,
  org: Organization,
  actor: Pick<OrgActor, "userId" | "role">,
  sessionToken: string,
  now: number,
): Promise<void> {
  const security = await readSettingsSection(reader, org, securitySettings);
  const signedInAt = await sessionCreatedAt(reader, sha256Hex(sessionToken));
  if (signedInAt !== null && now - signedInAt > security.sessionMaxAgeDays * DAY_MS) {
    throw orgAccessErrors.error("sessionTooOld", {
      maxAgeDays: security.sessionMaxAgeDays,
      message: `this organization accepts sessions up to ${security.sessionMaxAgeDays} days after sign-in; sign in again`,
    });
  }
  if (security.requirePasskeyForAdmins && (actor.role === "owner" || actor.role === "admin")) {
    if (!(await hasPersonalSeal(reader, actor.userId))) {
      throw orgAccessErrors.error("passkeyRequired", {
        message: "this organization requires owners and admins to register a passkey first (POST /api/auth/passkeys/register-options)",
      });
    }
  }
}

/** 400 email_domain_not_allowed when the org limits members to some e-mail domains and `email` is outside them. */
export async function assertEmailDomainAllowed(reader: Queryable, org: Pick<Organization, "id" | "name">, email: string, field = "email"): Promise<void> {
  const { allowedEmailDomains } = await readSettingsSection(reader, org, securitySettings);
  if (allowedEmailDomains.length === 0) return;
  const domain = email.slice(email.lastIndexOf("@") + 1).toLowerCase();
  if (!allowedEmailDomains.includes(domain)) {
    throw orgAccessErrors.error("emailDomainNotAllowed", { field, allowedEmailDomains, message: `members of this organization use ${allowedEmailDomains.join(", ")} addresses` });
  }
}
