/**
 * End-user import (spec 4.2 `POST /api/public/v1/end-users/import`, §8: 500 rows):
 * people from another system become invited end users of one app group, who then sign
 * in passwordlessly by e-mail (a magic link activates them, see findOrCreateEndUser).
 *
 * Each row answers on its own: `created`, `duplicate` (the address is already an end
 * user of the group, or came earlier in the same batch: the existing id is given) or
 * `invalid` (the row's error and field). Every row is written in ONE transaction: an
 * invalid row is only reported, and a failure of the write leaves nothing behind.
 * Supplied password hashes are stored dormant (never used to sign in); invitations go
 * out after the commit. docs/end-users.md ("Import") is the reference.
 */
import { brandPortal, portalLoginUrl } from "../portal";
import { composeMail, endUserImportedMail, takeOrgMailBudget } from "../../../messaging";
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { AppContext } from "../../../../context";
import { appendAudit } from "../../../../platform/audit/append";
import { auditEvent } from "../../../../platform/audit/catalog";
import { CUSTOMER_EVENTS } from "../../events";
import type { Queryable } from "../../../../platform/db/database";
import { ApiError } from "../../../../platform/http/errors";
import { newId } from "../../../../platform/ids";
import { appErrors } from "../../apps/errors";
import { appGroups, applications, type AppGroupRow, type ApplicationRow } from "../../apps/schema";
import { keyScopeAdmitsGroup } from "../../apps/service";
import { endUsers } from "../schema";
import { normaliseEmail } from "../service";
import type { KeyCaller } from "../../../access/index";
import { orgRecipientLanguage, type Organization } from "../../../orgs/index";
import { importErrors, ImportRowErrors } from "./errors";

/** Spec §8: rows per import request. */
/**
 * The scope an API key needs to import end users. The spec names none (4.2); owners and
 * admins hold it through org.*, and a key holds it only when it was given it.
 */
export const END_USER_IMPORT_SCOPE = "org.end_user.import";

export const IMPORT_MAX_ROWS = 500;
/** The schemes a dormant password hash may be declared as (docs/end-users.md). */
export const PASSWORD_ALGORITHMS = [
  "bcrypt",
  "argon2id",
  "argon2i",
  "scrypt",
  "firebase-scrypt",
  "pbkdf2-sha1",
  "pbkdf2-sha256",
  "pbkdf2-sha512",
  "sha256-crypt",
  "sha512-crypt",
] as const;
export const ROW_LIMITS = { email: 254, displayName: 200, passwordHash: 1024, externalId: 255 } as const;
const ROW_FIELDS = new Set(["email", "displayName", "emailVerified", "passwordHash", "passwordAlgorithm", "externalId"]);
/** Rows per INSERT: keeps every statement far below SQLite's and PostgreSQL's bound-parameter limits. */
const INSERT_CHUNK = 100;

/** Self-describing hash formats are checked against their algorithm; the others only for printable ASCII. */
const HASH_FORMATS: Partial<Record<(typeof PASSWORD_ALGORITHMS)[number], RegExp>> = {
  bcrypt: /^\$2[abxy]?\$\d{2}\$[./A-Za-z0-9]{53}$/,
  argon2id: /^\$argon2id\$/,
  argon2i: /^\$argon2i\$/,
};
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/** The key behind the request, in its organization. */

export interface ImportInput {
  /** The app group's id or groupKey. */
  appGroupId: string;
  source: string;
  sendInvites?: boolean;
  users: unknown[];
}

export type ImportRowStatus = "created" | "duplicate" | "invalid";

export interface ImportRowResult {
  index: number;
  status: ImportRowStatus;
  /** The new or existing end user; null when the row is invalid. */
  endUserId: string | null;
  /** The address as stored (lower case), or as given when the row is invalid. */
  email: string | null;
  /** An invalid row's code, field and reason. */
  error?: string;
  field?: string;
  message?: string;
}

export interface ImportResult {
  appGroupId: string;
  groupKey: string;
  source: string;
  created: number;
  duplicate: number;
  invalid: number;
  /** Invitations handed to the mailer (sendInvites). */
  invitesSent: number;
  rows: ImportRowResult[];
}

interface ValidRow {
  index: number;
  email: string;
  displayName: string | null;
  emailVerified: boolean;
  passwordHash: string | null;
  passwordAlgorithm: string | null;
  externalId: string | null;
}

class RowError extends Error {
  constructor(
    readonly code: string,
    readonly field: string | undefined,
    message: string,
  ) {
    super(message);
  }
}

function optionalText(row: Record<string, unknown>, field: string, max: number, code: string): string | null {
  const value = row[field];
  if (value === undefined || value === null) return null;
  if (typeof value !== "string") throw new RowError(code, field, `${field} is a string`);
  const text = value.trim();
  if (text.length > max) throw new RowError(code, field, `${field} has at most ${max} characters`);
  if (CONTROL_CHARACTERS.test(text)) throw new RowError(code, field, `${field} has no control characters`);
  return text || null;
}

function rowEmail(row: Record<string, unknown>): string {
  const value = row.email;
  if (typeof value !== "string") throw new RowError(ImportRowErrors.invalidEmail, "email", "email is required, as a string");
  try {
    return normaliseEmail(value);
  } catch {
    throw new RowError(ImportRowErrors.invalidEmail, "email", `not an e-mail address of at most ${ROW_LIMITS.email} characters`);
  }
}

function rowPassword(row: Record<string, unknown>): { passwordHash: string | null; passwordAlgorithm: string | null } {
  const { passwordHash: hash, passwordAlgorithm: algorithm } = row;
  if (hash === undefined || hash === null) {
    if (algorithm !== undefined && algorithm !== null) throw new RowError(ImportRowErrors.invalidPasswordAlgorithm, "passwordAlgorithm", "passwordAlgorithm comes with a passwordHash");
    return { passwordHash: null, passwordAlgorithm: null };
  }
  if (typeof hash !== "string" || hash.length === 0 || hash.length > ROW_LIMITS.passwordHash || !/^[\x21-\x7e]+$/.test(hash)) {
    throw new RowError(ImportRowErrors.invalidPasswordHash, "passwordHash", `a password hash is printable ASCII without spaces, at most ${ROW_LIMITS.passwordHash} characters`);
  }
  if (typeof algorithm !== "string" || !(PASSWORD_ALGORITHMS as readonly string[]).includes(algorithm)) {
    throw new RowError(ImportRowErrors.invalidPasswordAlgorithm, "passwordAlgorithm", `passwordAlgorithm is one of ${PASSWORD_ALGORITHMS.join(", ")}`);
  }
  const format = HASH_FORMATS[algorithm as (typeof PASSWORD_ALGORITHMS)[number]];
  if (format && !format.test(hash)) throw new RowError(ImportRowErrors.invalidPasswordHash, "passwordHash", `not a ${algorithm} hash`);
  return { passwordHash: hash, passwordAlgorithm: algorithm };
}

/** One row checked on its own: a valid row, or the reason it is not. */
function parseRow(raw: unknown, index: number): ValidRow | ImportRowResult {
  const given = raw && typeof raw === "object" && typeof (raw as { email?: unknown }).email === "string" ? (raw as { email: string }).email.slice(0, 320) : null;
  try {
    if (!raw || typeof raw !== "object" || Array.isArray(raw)) throw new RowError(ImportRowErrors.invalidRow, undefined, "a row is an object with at least email");
    const row = raw as Record<string, unknown>;
    const unknown = Object.keys(row).find((k) => !ROW_FIELDS.has(k));
    if (unknown !== undefined) throw new RowError(ImportRowErrors.unknownField, unknown, `unknown field ${unknown}`);
    const email = rowEmail(row);
    if (row.emailVerified !== undefined && row.emailVerified !== null && typeof row.emailVerified !== "boolean") {
      throw new RowError(ImportRowErrors.invalidEmailVerified, "emailVerified", "emailVerified is a boolean");
    }
    return {
      index,
      email,
      displayName: optionalText(row, "displayName", ROW_LIMITS.displayName, ImportRowErrors.invalidDisplayName),
      emailVerified: row.emailVerified === true,
      ...rowPassword(row),
      externalId: optionalText(row, "externalId", ROW_LIMITS.externalId, ImportRowErrors.invalidExternalId),
    };
  } catch (error) {
    if (!(error instanceof RowError)) throw error;
    return { index, status: "invalid", endUserId: null, email: given, error: error.code, ...(error.field ? { field: error.field } : {}), message: error.message };
  }
}

function isValid(row: ValidRow | ImportRowResult): row is ValidRow {
  return !("status" in row);
}

function tally(rows: readonly ImportRowResult[]): Record<ImportRowStatus, number> {
  const counts = { created: 0, duplicate: 0, invalid: 0 };
  for (const row of rows) counts[row.status]++;
  return counts;
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

function groupNotFound(): ApiError {
  return appErrors.error("notFound", { field: "appGroupId", message: "no such app group" });
}

/** The live app group (by id or groupKey) of the key's organization that the key may import into, else 404. */
async function importTarget(reader: Queryable, caller: KeyCaller, idOrKey: string): Promise<AppGroupRow> {
  const column = idOrKey.startsWith("appgroup_") ? appGroups.key : appGroups.id;
  const [group] = await reader.select().from(appGroups).where(and(eq(column, idOrKey), eq(appGroups.orgId, caller.org.id), isNull(appGroups.deletedAt)));
  if (!group || !keyScopeAdmitsGroup(caller.key.appGroupId, group)) throw groupNotFound();
  return group;
}

/** Where an invitation sends people: the group's hosted login on its active application, production web first. */
export async function invitationApplication(reader: Queryable, appGroupId: string): Promise<ApplicationRow | null> {
  const active = await reader
    .select()
    .from(applications)
    .where(and(eq(applications.appGroupId, appGroupId), eq(applications.status, "active")))
    .orderBy(asc(applications.createdAt), asc(applications.id));
  const rank = (app: ApplicationRow) => (app.environment === "production" ? 0 : 2) + (app.platform === "web" ? 0 : 1);
  return active.reduce<ApplicationRow | null>((best, app) => (best === null || rank(app) < rank(best) ? app : best), null);
}

export async function importEndUsers(deps: Pick<AppContext, "db" | "clock" | "mail" | "logger" | "config" | "customDomains">, caller: KeyCaller, input: ImportInput): Promise<ImportResult> {
  if (input.users.length > IMPORT_MAX_ROWS) {
    throw importErrors.error("tooManyRows", { field: "users", limit: IMPORT_MAX_ROWS, message: `an import takes at most ${IMPORT_MAX_ROWS} rows; split it` });
  }
  const group = await importTarget(deps.db.read, caller, input.appGroupId);
  const inviteVia = input.sendInvites ? await invitationApplication(deps.db.read, group.id) : null;
  if (input.sendInvites && !inviteVia) {
    throw importErrors.error("noActiveApplication", { field: "sendInvites", message: "the app group has no active application whose hosted login an invitation could link to" });
  }
  const parsed = input.users.map(parseRow);
  const at = deps.clock.now();

  const rows = await deps.db.write(async (tx) => {
    // The group's lock: a concurrent delete of the group waits, and then this finds it gone.
    await tx.lock(`app_group:${group.id}`);
    const [live] = await tx.select({ id: appGroups.id }).from(appGroups).where(and(eq(appGroups.id, group.id), isNull(appGroups.deletedAt)));
    if (!live) throw groupNotFound();

    // The first row of each address is the one written; later ones in the batch are its duplicates.
    const firstOfEmail = new Map<string, ValidRow>();
    for (const row of parsed) if (isValid(row) && !firstOfEmail.has(row.email)) firstOfEmail.set(row.email, row);
    const candidates = [...firstOfEmail.values()];

    const idOfEmail = new Map<string, string>();
    const created = new Set<string>();
    for (const batch of chunks(candidates, INSERT_CHUNK)) {
      // An address that is already an end user of the group (or is being signed up right now) conflicts and is skipped.
      const inserted = await tx
        .insert(endUsers)
        .values(
          batch.map((row) => ({
            id: newId(),
            orgId: group.orgId,
            appGroupId: group.id,
            email: row.email,
            emailVerified: row.emailVerified,
            displayName: row.displayName,
            status: "invited",
            importSource: input.source,
            importedPasswordHash: row.passwordHash,
            importedPasswordAlgorithm: row.passwordAlgorithm,
            externalId: row.externalId,
            createdAt: at,
            updatedAt: at,
          })),
        )
        .onConflictDoNothing()
        .returning({ id: endUsers.id, email: endUsers.email });
      for (const row of inserted) {
        idOfEmail.set(row.email!, row.id);
        created.add(row.email!);
      }
    }
    const existing = candidates.map((row) => row.email).filter((email) => !created.has(email));
    for (const batch of chunks(existing, INSERT_CHUNK)) {
      const found = await tx.select({ id: endUsers.id, email: endUsers.email }).from(endUsers).where(and(eq(endUsers.appGroupId, group.id), inArray(endUsers.email, batch)));
      for (const row of found) idOfEmail.set(row.email!, row.id);
    }

    const results = parsed.map((row): ImportRowResult => {
      if (!isValid(row)) return row;
      const isFirst = firstOfEmail.get(row.email) === row;
      return { index: row.index, status: isFirst && created.has(row.email) ? "created" : "duplicate", endUserId: idOfEmail.get(row.email) ?? null, email: row.email };
    });
    await appendAudit(tx, {
      ...auditEvent(CUSTOMER_EVENTS.endUserImported, {
        appGroupId: group.id,
        source: input.source,
        rows: results.length,
        ...tally(results),
        dormantPasswordHashes: candidates.filter((row) => created.has(row.email) && row.passwordHash !== null).length,
        sendInvites: input.sendInvites === true,
      }),
      orgId: group.orgId,
      appGroupId: group.id,
      actor: { kind: "api_key", id: caller.key.id },
      requestId: caller.requestId,
      at,
    });
    // Every invite this batch would send comes out of the organization's mail budget before
    // anything commits: over it, nothing is imported and nothing is sent.
    if (inviteVia) await takeOrgMailBudget(tx, group.orgId, results.filter((r) => r.status === "created").length, at, "sendInvites");
    return results;
  });

  const invitees = rows.filter((r) => r.status === "created").map((r) => r.email!);
  const invitesSent = inviteVia ? await sendInvitations(deps, caller.org, group, inviteVia, invitees) : 0;
  return {
    appGroupId: group.id,
    groupKey: group.key,
    source: input.source,
    ...tally(rows),
    invitesSent,
    rows,
  };
}

/** After the commit: one e-mail per created user with the hosted login link. A failed send is logged, not retried here. */
async function sendInvitations(
  deps: Pick<AppContext, "db" | "mail" | "logger" | "config" | "customDomains">,
  org: Organization,
  group: AppGroupRow,
  application: ApplicationRow,
  emails: string[],
): Promise<number> {
  // The brand's custom login domain when it has a served one, else {portal_base}.
  const link = portalLoginUrl(await brandPortal(deps, null, group), application.clientKey);
  // End users choose no language before their first sign-in: the organization's locale speaks for them.
  const language = await orgRecipientLanguage(deps.db.read, org.id, null);
  let sent = 0;
  for (const email of emails) {
    try {
      await deps.mail.send({ to: email, ...composeMail(endUserImportedMail, language, { app: group.name, org: org.name, email, link }) });
      sent++;
    } catch (error) {
      deps.logger.warn("import invitation failed", { orgId: org.id, appGroupId: group.id, error: (error as Error).message });
    }
  }
  return sent;
}
