/**
 * What billing tells people and other domains after its transaction commits: mail to the
 * organization's owner (platform outbound) and the delinquency port (spec 3.7) that
 * other domains subscribe to, such as managed databases, which suspend when the grace
 * runs out. Nothing here runs inside a transaction: a failed mail or hook is logged and
 * never undoes the billing change that caused it.
 */
import type { AppContext } from "../../context";
import type { Language } from "../../platform/languages";
import { orgById, orgRecipientLanguage, ownerEmailOf } from "../orgs/index";

export type DelinquencyStage = "grace_opened" | "enforced" | "cleared";

export interface DelinquencyEvent {
  orgId: string;
  stage: DelinquencyStage;
  at: number;
  /** When the grace ends (grace_opened). */
  graceEndsAt?: number;
}

/** A subscriber to the delinquency clock: managed databases suspend on `enforced`. */
export type DelinquencyHook = (event: DelinquencyEvent) => Promise<void>;

const hooks = new Map<string, DelinquencyHook>();

/** Subscribes (or replaces) a named hook; called by the subscribing domain's init. */
export function registerDelinquencyHook(name: string, hook: DelinquencyHook): void {
  hooks.set(name, hook);
}

export function unregisterDelinquencyHook(name: string): void {
  hooks.delete(name);
}

export interface Notice {
  orgId: string;
  /** The mail in a language: the owner's (their account's choice, else the organization's locale). */
  mail: (language: Language) => { subject: string; text: string };
  delinquency?: DelinquencyEvent;
}

type Deps = Pick<AppContext, "db" | "mail" | "logger">;

/** Sends the notices a committed transaction collected: mail to the owner, then the hooks. */
export async function deliverNotices(deps: Deps, notices: readonly Notice[]): Promise<void> {
  for (const notice of notices) {
    try {
      const org = await orgById(deps.db.read, notice.orgId);
      const to = org ? await ownerEmailOf(deps.db.read, org) : null;
      if (to) await deps.mail.send({ to, ...notice.mail(await orgRecipientLanguage(deps.db.read, notice.orgId, to)) });
    } catch (e) {
      deps.logger.warn("billing notice not mailed", { orgId: notice.orgId, subject: notice.mail("en").subject, error: (e as Error).message });
    }
    if (!notice.delinquency) continue;
    for (const [name, hook] of hooks) {
      try {
        await hook(notice.delinquency);
      } catch (e) {
        deps.logger.error("delinquency hook failed", { hook: name, orgId: notice.orgId, stage: notice.delinquency.stage, error: (e as Error).message });
      }
    }
  }
}
