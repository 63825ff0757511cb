/**
 * Reading SCIM request bodies (RFC 7643, RFC 7644 §3.3, §3.5.1). SCIM bodies are loose:
 * attribute names in any case, booleans sometimes sent as "True", read-only attributes
 * echoed back. What a body says is read against the schema (scim-schemas.ts): read-only
 * attributes (id, meta, groups) are ignored, as RFC 7644 §3.5.1 asks; a name the schema
 * does not have is ignored too (docs/scim.md); a schema Signet does not serve, an
 * attribute it does not keep (password, photos, ims, roles, entitlements,
 * x509Certificates, profileUrl) with a value, or a value of the wrong type is refused with
 * 400 invalidValue, and a body that is not a JSON object with 400 invalidSyntax.
 */
import { provisioningErrors } from "./errors";
import { RESOURCE_SCHEMAS, SCHEMA, topLevel, type AttributeDef, type ResourceKind } from "./scim-schemas";

type Json = Record<string, unknown>;

export const MAX_STRING = 1024;
export const MAX_USER_NAME = 256;
export const MAX_MULTI_VALUES = 50;
/** Group members one request may name (a larger group is sent in several PATCH requests). */
export const MAX_GROUP_MEMBERS = 10_000;

/** Core attributes of RFC 7643 §4.1 that Signet does not keep: a value for one is refused. */
const NOT_KEPT = ["password", "profileUrl", "ims", "photos", "entitlements", "roles", "x509Certificates"];

function invalidValue(message: string): never {
  throw provisioningErrors.error("invalidValue", { message });
}

export function requireObject(body: unknown): Json {
  if (body === null || typeof body !== "object" || Array.isArray(body)) throw provisioningErrors.error("invalidSyntax", { message: "the body is a JSON object" });
  return body as Json;
}

function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || value === "" || (Array.isArray(value) && value.length === 0);
}

/** A boolean, or the strings "true" and "false" in any case (what some clients send). */
export function readBoolean(value: unknown, name: string): boolean {
  if (typeof value === "boolean") return value;
  if (typeof value === "string" && /^(true|false)$/i.test(value)) return value.toLowerCase() === "true";
  return invalidValue(`${name} is a boolean`);
}

function readString(value: unknown, name: string, max = MAX_STRING): string {
  if (typeof value !== "string") invalidValue(`${name} is a string`);
  if (value.length > max) invalidValue(`${name} is at most ${max} characters`);
  if (value.includes("\u0000")) invalidValue(`${name} may not contain NUL characters`);
  return value;
}

function readComplex(value: unknown, def: AttributeDef, name: string): Json | undefined {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return invalidValue(`${name} is an object`);
  const out: Json = {};
  for (const [key, v] of Object.entries(value)) {
    const sub = def.subAttributes?.find((d) => d.name.toLowerCase() === key.toLowerCase());
    if (!sub || sub.mutability === "readOnly" || isEmpty(v)) continue;
    out[sub.name] = readValue(v, sub, `${name}.${sub.name}`);
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

function readValue(value: unknown, def: AttributeDef, name: string): unknown {
  switch (def.type) {
    case "boolean":
      return readBoolean(value, name);
    case "complex":
      return readComplex(value, def, name);
    default:
      return readString(value, name);
  }
}

/** An attribute's value as stored, or undefined when it is unassigned (null, "", []). */
export function readAttribute(value: unknown, def: AttributeDef, name = def.name): unknown {
  if (isEmpty(value)) return undefined;
  if (!def.multiValued) return readValue(value, def, name);
  if (!Array.isArray(value)) return invalidValue(`${name} is a list`);
  if (value.length > MAX_MULTI_VALUES) invalidValue(`${name} holds at most ${MAX_MULTI_VALUES} values`);
  const items = value.map((v, i) => readValue(v, def, `${name}[${i}]`)).filter((v) => v !== undefined) as Json[];
  if (items.filter((v) => v.primary === true).length > 1) invalidValue(`at most one of ${name} is primary`);
  return items.length > 0 ? items : undefined;
}

function readSchemas(kind: ResourceKind, value: unknown): void {
  if (value === undefined) return;
  if (!Array.isArray(value) || value.some((s) => typeof s !== "string")) invalidValue("schemas is a list of schema URIs");
  const known = [RESOURCE_SCHEMAS[kind].core, ...Object.keys(RESOURCE_SCHEMAS[kind].extensions)].map((s) => s.toLowerCase());
  for (const urn of value as string[]) if (!known.includes(urn.toLowerCase())) invalidValue(`the schema ${urn.slice(0, 200)} is not supported here`);
}

/**
 * The attributes of a body as stored: canonical names, checked values, extensions by URN,
 * read-only and unknown names left out. `extensions` holds the extension URNs present.
 */
export function readResource(kind: ResourceKind, body: unknown): { attributes: Json; schemasGiven: boolean } {
  const object = requireObject(body);
  const attributes: Json = {};
  let schemasGiven = false;
  for (const [key, value] of Object.entries(object)) {
    if (key.toLowerCase() === "schemas") {
      readSchemas(kind, value);
      schemasGiven = true;
      continue;
    }
    const found = topLevel(kind, key);
    if (!found) {
      if (NOT_KEPT.some((n) => n.toLowerCase() === key.toLowerCase()) && !isEmpty(value)) invalidValue(`${key} is not supported by Signet`);
      if (key.startsWith("urn:") && !isEmpty(value)) invalidValue(`the extension ${key.slice(0, 200)} is not supported here`);
      continue;
    }
    if ("extension" in found) {
      if (isEmpty(value)) continue;
      if (typeof value !== "object" || Array.isArray(value)) invalidValue(`${found.extension} is an object`);
      const defs = RESOURCE_SCHEMAS[kind].extensions[found.extension]!;
      const ext: Json = {};
      for (const [k, v] of Object.entries(value as Json)) {
        const def = defs.find((d) => d.name.toLowerCase() === k.toLowerCase());
        if (!def || def.mutability === "readOnly") continue;
        const read = readAttribute(v, def);
        if (read !== undefined) ext[def.name] = read;
      }
      if (Object.keys(ext).length > 0) attributes[found.extension] = ext;
      continue;
    }
    if (found.def.mutability === "readOnly") continue;
    const read = readAttribute(value, found.def);
    if (read !== undefined) attributes[found.name] = read;
  }
  return { attributes, schemasGiven };
}

/** What a User body says, checked: userName is required. */
export interface UserInput {
  userName: string;
  externalId: string | null;
  active: boolean;
  /** Every other attribute as stored (name, displayName, emails, the enterprise extension, …). */
  attributes: Json;
}

export function readUser(body: unknown): UserInput {
  const { attributes } = readResource("User", body);
  const { userName, externalId, active, ...rest } = attributes;
  if (typeof userName !== "string" || userName.trim() === "") invalidValue("userName is required");
  if (userName.length > MAX_USER_NAME) invalidValue(`userName is at most ${MAX_USER_NAME} characters`);
  return {
    userName: userName.trim(),
    externalId: typeof externalId === "string" ? externalId : null,
    active: active === undefined ? true : (active as boolean),
    attributes: rest,
  };
}

export interface GroupInput {
  displayName: string;
  externalId: string | null;
  /** The Users' ids; undefined when the body leaves members out. */
  members: string[] | undefined;
}

export function readGroup(body: unknown, options: { membersGiven?: boolean } = {}): GroupInput {
  const object = requireObject(body);
  const membersKey = Object.keys(object).find((k) => k.toLowerCase() === "members");
  const rawMembers = membersKey === undefined ? undefined : object[membersKey];
  if (Array.isArray(rawMembers) && rawMembers.length > MAX_GROUP_MEMBERS) invalidValue(`members holds at most ${MAX_GROUP_MEMBERS} values per request`);
  const { attributes } = readResource("Group", Array.isArray(rawMembers) ? { ...object, [membersKey!]: [] } : object);
  const { displayName, externalId } = attributes;
  if (typeof displayName !== "string" || displayName.trim() === "") invalidValue("displayName is required");
  let members: string[] | undefined;
  if (rawMembers !== undefined && rawMembers !== null) {
    if (!Array.isArray(rawMembers)) invalidValue("members is a list");
    members = rawMembers.map((m, i) => memberId(m, `members[${i}]`));
  } else if (options.membersGiven) members = [];
  return { displayName: displayName.trim(), externalId: typeof externalId === "string" ? externalId : null, members: members ? [...new Set(members)] : undefined };
}

/** A member entry's User id: `{ "value": id }`; a `type` other than User (a nested group) is refused. */
export function memberId(entry: unknown, name: string): string {
  if (entry === null || typeof entry !== "object" || Array.isArray(entry)) invalidValue(`${name} is an object with a value`);
  const fields = Object.fromEntries(Object.entries(entry as Json).map(([k, v]) => [k.toLowerCase(), v]));
  if (fields.type !== undefined && fields.type !== null && String(fields.type).toLowerCase() !== "user") invalidValue(`${name}: Signet's Groups hold Users only, not nested Groups`);
  return readString(fields.value, `${name}.value`, 200);
}

/** The address of a User's dashboard account: the primary e-mail, else the first work one, else the first, else a userName that is an address. */
export function accountEmailOf(input: UserInput): string | null {
  const emails = (input.attributes.emails as Array<{ value?: string; type?: string; primary?: boolean }> | undefined) ?? [];
  const chosen = emails.find((e) => e.primary) ?? emails.find((e) => e.type?.toLowerCase() === "work") ?? emails[0];
  if (chosen?.value) return chosen.value;
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(input.userName) ? input.userName : null;
}

export { SCHEMA };
