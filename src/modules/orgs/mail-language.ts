/**
 * The language of a mail an organization sends (docs/languages.md): the recipient's own
 * choice when they have an account that made one, else the organization's locale (general
 * settings), else the language of whoever caused it (their account's choice, then their
 * request's), else English.
 */
import type { Queryable } from "../../platform/db/database";
import type { Language } from "../../platform/languages";
import { accountLanguage, userByEmail } from "../identity/index";
import { recipientLanguage } from "../messaging/index";
import type { Caller } from "./access";
import type { PermissionActor } from "./permissions/service";
import { orgLocaleOf } from "./settings-sections";

/** For mail with no caller (notices, clocks): the recipient's choice, else the organization's locale, else `fallbacks`. */
export async function orgRecipientLanguage(reader: Queryable, orgId: string, recipientEmail: string | null, ...fallbacks: (string | null | undefined)[]): Promise<Language> {
  const recipient = recipientEmail ? await userByEmail(reader, recipientEmail) : null;
  return recipientLanguage(recipient?.language, await orgLocaleOf(reader, orgId), ...fallbacks);
}

/** For mail a request causes: as above, then the caller's account choice and their request's language. */
export async function orgMailLanguage(reader: Queryable, caller: Caller<PermissionActor>, recipientEmail: string | null): Promise<Language> {
  const sender = caller.actor.userId ? await accountLanguage(reader, caller.actor.userId) : null;
  return orgRecipientLanguage(reader, caller.org.id, recipientEmail, sender, caller.language);
}
