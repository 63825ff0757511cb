/**
 * PATCH (RFC 7644 §3.5.2). The operations are applied by scim-patch to the resource as
 * Signet stores it; the result is then read and saved as a PUT of it would be, so a
 * PATCH can produce nothing a PUT could not.
 *
 * Before scim-patch sees them, operations are made canonical, which is what real clients
 * need (docs/scim.md): `op` in any case (Entra sends "Replace", "Add", "Remove"); attribute
 * names in any case, in a path and in the keys of a value sent without a path (Entra's
 * `{"op":"Replace","value":{"displayName":"x","name.givenName":"y"}}`); the core schema's URN
 * before a path dropped, an extension's kept; a Group member sent as `{ value, display }`
 * reduced to its value, so a removal by value list finds it. Booleans sent as strings
 * ("True") are read when the result is read. A path to a read-only attribute is 400
 * mutability; to no attribute, 400 invalidPath.
 */
import { ScimError, scimPatch, type ScimPatchOperation } from "scim-patch";
import { provisioningErrors } from "./errors";
import { requireObject } from "./input";
import { RESOURCE_SCHEMAS, resolvePath, SCHEMA, type ResourceKind } from "./scim-schemas";

type Json = Record<string, unknown>;

export const MAX_OPERATIONS = 1000;

function invalidSyntax(message: string): never {
  throw provisioningErrors.error("invalidSyntax", { message });
}

const VALUE_PATH = /^([^[]+)\[(.*)\](?:\.(.+))?$/s;

/** The canonical form of a PATCH path, or 400 invalidPath / mutability. */
export function canonicalPath(kind: ResourceKind, path: string): string {
  const schemas = RESOURCE_SCHEMAS[kind];
  let rest = path.trim();
  let urn: string | null = null;
  for (const candidate of [schemas.core, ...Object.keys(schemas.extensions)]) {
    if (rest.toLowerCase().startsWith(`${candidate.toLowerCase()}:`)) {
      rest = rest.slice(candidate.length + 1);
      urn = candidate === schemas.core ? null : candidate;
      break;
    }
  }
  const prefix = urn ? `${urn}:` : "";
  const valuePath = VALUE_PATH.exec(rest);
  const attribute = valuePath ? valuePath[1]! : rest;
  const resolved = resolvePath(kind, `${prefix}${attribute}`);
  if (!resolved) throw provisioningErrors.error("invalidPath", { message: `no attribute ${path.slice(0, 200)} here` });
  if (resolved.top.mutability === "readOnly" || resolved.def.mutability === "readOnly") {
    throw provisioningErrors.error("mutability", { message: `${resolved.canonical} is read-only` });
  }
  if (!valuePath) return resolved.canonical;
  if (resolved.keys.length !== (urn ? 2 : 1) || !resolved.def.multiValued) {
    throw provisioningErrors.error("invalidPath", { message: `${resolved.canonical} takes no value filter` });
  }
  const sub = valuePath[3];
  if (sub === undefined) return `${resolved.canonical}[${valuePath[2]}]`;
  const subDef = resolved.def.subAttributes?.find((d) => d.name.toLowerCase() === sub.toLowerCase());
  if (!subDef) throw provisioningErrors.error("invalidPath", { message: `${resolved.canonical} has no sub-attribute ${sub.slice(0, 100)}` });
  if (subDef.mutability === "readOnly") throw provisioningErrors.error("mutability", { message: `${resolved.canonical}.${subDef.name} is read-only` });
  return `${resolved.canonical}[${valuePath[2]}].${subDef.name}`;
}

function canonicalValueKeys(kind: ResourceKind, value: unknown): unknown {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return value;
  const out: Json = {};
  for (const [key, v] of Object.entries(value)) {
    if (key.toLowerCase() === "schemas") continue;
    const extension = Object.keys(RESOURCE_SCHEMAS[kind].extensions).find((urn) => urn.toLowerCase() === key.toLowerCase());
    if (extension) {
      out[extension] = v;
      continue;
    }
    const resolved = resolvePath(kind, key);
    // A name the schema lacks is ignored, as in a PUT; a read-only one too (RFC 7644 §3.5.2: id, meta are not set).
    if (!resolved || resolved.top.mutability === "readOnly") continue;
    out[resolved.canonical] = v;
  }
  return out;
}

/** A Group member sent as an object is kept as `{ value }` only (the stored form). */
function memberValues(value: unknown): unknown {
  const one = (m: unknown) => {
    if (m && typeof m === "object" && !Array.isArray(m)) {
      const entry = Object.entries(m).find(([k]) => k.toLowerCase() === "value");
      const type = Object.entries(m).find(([k]) => k.toLowerCase() === "type")?.[1];
      return type === undefined ? { value: entry?.[1] } : { value: entry?.[1], type };
    }
    return { value: m };
  };
  return Array.isArray(value) ? value.map(one) : one(value);
}

/** The operations of a PatchOp body, canonical (see above). */
export function readPatch(kind: ResourceKind, body: unknown): ScimPatchOperation[] {
  const object = requireObject(body);
  const get = (name: string) => object[Object.keys(object).find((k) => k.toLowerCase() === name.toLowerCase()) ?? name];
  const schemas = get("schemas");
  if (!Array.isArray(schemas) || !schemas.some((s) => typeof s === "string" && s.toLowerCase() === SCHEMA.patchOp.toLowerCase())) {
    invalidSyntax(`a PATCH body has schemas ["${SCHEMA.patchOp}"]`);
  }
  const operations = get("Operations");
  if (!Array.isArray(operations) || operations.length === 0) invalidSyntax("Operations is a non-empty list");
  if (operations.length > MAX_OPERATIONS) invalidSyntax(`at most ${MAX_OPERATIONS} operations per request`);
  return operations.map((raw, i) => {
    if (raw === null || typeof raw !== "object" || Array.isArray(raw)) invalidSyntax(`Operations[${i}] is an object`);
    const fields = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k.toLowerCase(), v]));
    const op = typeof fields.op === "string" ? fields.op.toLowerCase() : null;
    if (op !== "add" && op !== "remove" && op !== "replace") invalidSyntax(`Operations[${i}].op is add, remove or replace`);
    if (fields.path !== undefined && fields.path !== null && typeof fields.path !== "string") invalidSyntax(`Operations[${i}].path is a string`);
    const path = typeof fields.path === "string" && fields.path.trim() !== "" ? canonicalPath(kind, fields.path) : undefined;
    if (op === "remove" && path === undefined) throw provisioningErrors.error("noTarget", { message: `Operations[${i}]: remove needs a path` });
    if (op !== "remove" && !("value" in fields)) invalidSyntax(`Operations[${i}]: ${op} needs a value`);
    let value = path === undefined ? canonicalValueKeys(kind, fields.value) : fields.value;
    if (kind === "Group" && path === "members" && value !== undefined) value = memberValues(value);
    if (kind === "Group" && path === undefined && value && typeof value === "object" && "members" in (value as Json)) {
      value = { ...(value as Json), members: memberValues((value as Json).members) };
    }
    if (op !== "add" && op !== "replace" && op !== "remove") throw new Error("unreachable");
    const operation = { op, ...(path !== undefined ? { path } : {}), ...(value !== undefined ? { value } : {}) };
    return operation as ScimPatchOperation;
  });
}

const SCIM_TYPES: Record<string, "noTarget" | "invalidPath" | "invalidSyntax" | "invalidValue"> = {
  noTarget: "noTarget",
  invalidPath: "invalidPath",
  invalidSyntax: "invalidSyntax",
  invalidValue: "invalidValue",
};

/** Applies the operations to a copy of `resource`; scim-patch's refusals become SCIM errors. */
export function applyPatch(resource: Json, operations: ScimPatchOperation[]): Json {
  try {
    return scimPatch(resource as any, operations, { mutateDocument: false, treatMissingAsAdd: true }) as Json;
  } catch (e) {
    if (!(e instanceof ScimError)) throw e;
    const type = SCIM_TYPES[e.scimCode ?? ""] ?? "invalidValue";
    throw provisioningErrors.error(type, { message: (e.message || "the operation cannot be applied").slice(0, 300) });
  }
}
