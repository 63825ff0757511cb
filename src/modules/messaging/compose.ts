/**
 * Mails and texts in the recipient's language (spec issue "Languages": e-mails follow the
 * recipient's language where it is known). Every template is a catalog in locales/ with
 * the same keys and {placeholders} in English, Korean and Japanese; a sender picks the
 * language from what it knows of the recipient (docs/languages.md) and fills the values.
 */
import { negotiateLanguage, translator, type Catalog, type Language } from "../../platform/languages";

/** A mail: its subject, its text, and any parts the sender assembles (a line shown only sometimes). */
export type MailTemplate<Part extends string = never> = Catalog<"subject" | "text" | Part>;
/** A mail whose text the sender assembles line by line from the parts (lines that appear only sometimes). */
export type MailOfParts<Part extends string> = Catalog<"subject" | Part>;
export type TextTemplate = Catalog<"text">;
type Values = Record<string, string | number>;

/**
 * The recipient's language from what is known of them, most specific first (their own
 * choice, then the organization's locale, then the request that caused the message): the
 * first Signet speaks, else English. Unknowns (null, "fr-FR") are passed over.
 */
export function recipientLanguage(...known: (string | null | undefined)[]): Language {
  return negotiateLanguage(known.filter((tag): tag is string => typeof tag === "string" && tag !== ""));
}

export function composeMail<Part extends string>(template: MailTemplate<Part>, language: Language, values: Values): { subject: string; text: string } {
  const t = translator(template, language);
  return { subject: t("subject", values), text: t("text", values) };
}

export function composeText(template: TextTemplate, language: Language, values: Values): string {
  return translator(template, language)("text", values);
}
