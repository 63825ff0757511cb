/**
 * API refusals in plain words, in the person's language: the words are in locales/errors.ts
 * (the codes are the spec's, section 7, and the modules' documented ones); anything unknown
 * falls back to the body's message or the status. Also the language-aware formatting of
 * times, sizes, counts and money (Intl, so Korean and Japanese read their own way).
 */
import { translator, type Language } from "../i18n";
import { ApiProblem } from "./api";
import { errorsCatalog, type ErrorKey } from "./locales/errors";
import { NoPasskey } from "./passkeys";

const isErrorKey = (key: string): key is ErrorKey => key in errorsCatalog.en;

/** A sentence for a person, from whatever a page caught, in `language`. */
export function describeError(error: unknown, language: Language = "en"): string {
  const t = translator(errorsCatalog, language);
  const money = (minor: number, currency: unknown) => minorMoney(minor, typeof currency === "string" ? currency : "USD", language);
  if (error instanceof ApiProblem) {
    const { code, body, status } = error;
    const field = typeof body.field === "string" ? body.field : undefined;
    const byCode = `errors.${code}`;
    const known = isErrorKey(byCode) ? t(byCode) : undefined;
    if (code === "invalid_request") {
      return typeof body.message === "string" ? t("errors.invalidFieldBecause", { field: field ?? "?", message: body.message }) : t("errors.invalidField", { field: field ?? "?" });
    }
    if (code === "storage_quota_exceeded" && typeof body.usedBytes === "number" && typeof body.limitBytes === "number") {
      return t("errors.storageUsed", { message: known!, used: formatBytes(body.usedBytes, language), limit: formatBytes(body.limitBytes, language) });
    }
    if (code === "UPGRADE_REQUIRED" && body.feature === "sso_connections" && typeof body.limit === "number") {
      if (body.limit === 0) return t("errors.ssoNone");
      const limit = formatNumber(body.limit, language);
      if (typeof body.current !== "number") return t(`errors.ssoLimit.${pluralForm(body.limit, language)}`, { limit });
      const inUse = t(`errors.ssoInUse.${pluralForm(body.current, language)}`, { current: formatNumber(body.current, language) });
      return t(`errors.ssoLimitInUse.${pluralForm(body.limit, language)}`, { limit, inUse });
    }
    if ((code === "UPGRADE_REQUIRED" || code === "plan_upgrade_required") && typeof body.feature === "string") {
      const sentence = `errors.feature.${body.feature}`;
      if (isErrorKey(sentence)) return t(sentence);
      const name = `errors.featureName.${body.feature}`;
      return t("errors.higherPlanFor", { feature: isErrorKey(name) ? t(name) : body.feature });
    }
    if (code === "insufficient_credit") {
      const balance = body.balance ?? body.balanceCents;
      const required = body.required ?? body.requiredCents;
      if (typeof balance === "number" && typeof required === "number") return t("errors.creditShort", { balance: money(balance, body.currency), required: money(required, body.currency) });
    }
    if (code === "CREDIT_REQUIRED" && typeof body.balance === "number" && typeof body.required === "number") {
      return t("errors.managedDatabaseCredit", { required: money(body.required, body.currency), balance: money(body.balance, body.currency) });
    }
    if ((code === "connection_test_failed" || code === "invalid_connection_string") && typeof body.message === "string") {
      return typeof body.lastTestError === "string" ? t("errors.databaseUnreachable", { detail: body.lastTestError }) : body.message;
    }
    if (code === "nothing_to_withdraw" && typeof body.withdrawable === "number") return t("errors.withdrawAtMost", { amount: money(body.withdrawable, body.currency) });
    if (code === "invalid_idp_connection" && typeof body.message === "string") return `${field ? `${field.replace(/_/g, " ")}: ` : ""}${body.message}`;
    if (code === "ADDON_REQUIRED" && body.addon === "addon.board_meeting") {
      return typeof body.priceUsd === "number" ? t("errors.boardMeetingAddonPriced", { price: body.priceUsd }) : t("errors.boardMeetingAddon");
    }
    if (known) return field ? t("errors.withField", { message: known, field }) : known;
    if (typeof body.message === "string") return body.message;
    const byStatus = `errors.status.${status}`;
    if (isErrorKey(byStatus)) return t(byStatus);
    return code ? t("errors.serverAnsweredCode", { status, code }) : t("errors.serverAnswered", { status });
  }
  if (error instanceof DOMException && error.name === "NotAllowedError") return t("errors.passkeyCancelled");
  if (error instanceof NoPasskey) return t(error.key);
  return error instanceof Error ? error.message : String(error);
}

/** A count with the language's digit grouping ("1,234"). */
export function formatNumber(value: number, language: Language = "en"): string {
  return new Intl.NumberFormat(language).format(value);
}

/** A size in bytes, with the binary units every language writes the same way ("2.0 MB"). */
export function formatBytes(bytes: number, language: Language = "en"): string {
  if (bytes < 1024) return `${formatNumber(bytes, language)} B`;
  const units = ["KB", "MB", "GB", "TB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = value < 10 ? 1 : 0;
  return `${new Intl.NumberFormat(language, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value)} ${units[unit]}`;
}

/** A moment as the language writes a date and a time ("Nov 26, 2026, 10:07 AM", "2026. 11. 26. 오전 10:07"). */
export function formatTime(iso: string | null | undefined, language: Language = "en"): string {
  if (!iso) return "—";
  return new Date(iso).toLocaleString(language, { dateStyle: "medium", timeStyle: "short" });
}

/**
 * Which form of a counted phrase `count` takes in `language` (Intl.PluralRules): catalogs give
 * a counted phrase as two keys, "….one" and "….other"; Korean and Japanese only use "other".
 */
export function pluralForm(count: number, language: Language = "en"): "one" | "other" {
  return new Intl.PluralRules(language).select(count) === "one" ? "one" : "other";
}

/** "1 file", "3 files": English only; translated pages count with pluralForm and their catalog. */
export function plural(count: number, word: string, language: Language = "en"): string {
  return `${formatNumber(count, language)} ${word}${pluralForm(count, "en") === "one" ? "" : "s"}`;
}

/** Minor units as money (cents; won for KRW), written the language's way. */
export function minorMoney(minor: number, currency: string, language: Language = "en"): string {
  try {
    const format = new Intl.NumberFormat(language, { style: "currency", currency });
    const exponent = format.resolvedOptions().maximumFractionDigits ?? 2;
    return format.format(minor / 10 ** exponent);
  } catch {
    return `${minor} ${currency}`;
  }
}
