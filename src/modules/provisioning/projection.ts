/**
 * `attributes` and `excludedAttributes` (RFC 7644 §3.4.2.5, §3.9): which attributes of a
 * resource an answer carries. `schemas` and `id` (returned "always") are always there.
 * With `attributes`, only the named ones (a sub-attribute, `name.givenName`, keeps only
 * that part; an extension's URN keeps the whole extension; `emails[type eq "work"]` keeps
 * the values that match); with `excludedAttributes`, all but the named ones. Names are
 * case-insensitive; a name the schema lacks is ignored.
 */
import { matchesValueFilter, parseFilter } from "./filter";
import { provisioningErrors } from "./errors";
import { RESOURCE_SCHEMAS, resolvePath, type ResourceKind } from "./scim-schemas";

type Json = Record<string, unknown>;

export interface Projection {
  attributes: string[] | null;
  excluded: string[] | null;
}

const MAX_LIST = 2048;

/** A comma-separated list, commas inside brackets or quotes kept. */
export function splitList(value: string | undefined): string[] | null {
  if (value === undefined) return null;
  if (value.length > MAX_LIST) throw provisioningErrors.error("invalidValue", { message: `attribute lists are at most ${MAX_LIST} characters` });
  const items: string[] = [];
  let depth = 0;
  let quoted = false;
  let current = "";
  for (const c of value) {
    if (c === '"') quoted = !quoted;
    else if (!quoted && c === "[") depth++;
    else if (!quoted && c === "]") depth--;
    if (c === "," && depth === 0 && !quoted) {
      items.push(current.trim());
      current = "";
    } else current += c;
  }
  items.push(current.trim());
  const found = items.filter(Boolean);
  return found.length > 0 ? found : null;
}

function valueAt(object: unknown, key: string): unknown {
  return object && typeof object === "object" && !Array.isArray(object) ? (object as Json)[key] : undefined;
}

/** Copies the value at `keys` from `from` into `to`, keeping only that path (arrays kept, each item narrowed). */
function copyPath(from: Json, to: Json, keys: readonly string[]): void {
  const [key, ...rest] = keys;
  const value = from[key!];
  if (value === undefined) return;
  if (rest.length === 0) {
    to[key!] = value;
    return;
  }
  if (Array.isArray(value)) {
    const existing = Array.isArray(to[key!]) ? (to[key!] as Json[]) : value.map(() => ({}));
    value.forEach((item, i) => {
      if (item && typeof item === "object") copyPath(item as Json, existing[i]!, rest);
    });
    to[key!] = existing;
    return;
  }
  if (value && typeof value === "object") {
    const target = (to[key!] && typeof to[key!] === "object" ? to[key!] : {}) as Json;
    copyPath(value as Json, target, rest);
    to[key!] = target;
  }
}

function deletePath(object: Json, keys: readonly string[]): void {
  const [key, ...rest] = keys;
  if (rest.length === 0) {
    delete object[key!];
    return;
  }
  const value = object[key!];
  if (Array.isArray(value)) {
    for (const item of value) if (item && typeof item === "object") deletePath(item as Json, rest);
  } else if (value && typeof value === "object") {
    deletePath(value as Json, rest);
  }
}

const VALUE_PATH = /^(.+?)\[(.*)\]$/s;

function keysOf(kind: ResourceKind, path: string): string[] | null {
  const extension = Object.keys(RESOURCE_SCHEMAS[kind].extensions).find((urn) => urn.toLowerCase() === path.toLowerCase());
  if (extension) return [extension];
  return resolvePath(kind, path)?.keys ?? null;
}

/** The resource as the projection asks. */
export function project(kind: ResourceKind, resource: Json, projection: Projection): Json {
  if (projection.attributes) {
    const out: Json = { schemas: resource.schemas, id: resource.id };
    for (const path of projection.attributes) {
      const valuePath = VALUE_PATH.exec(path);
      if (valuePath) {
        const resolved = resolvePath(kind, valuePath[1]!);
        if (!resolved || resolved.def.type !== "complex" || !resolved.def.multiValued) continue;
        const filter = parseFilter(valuePath[2]!);
        const items = valueAt(resource, resolved.keys[0]!);
        if (resolved.keys.length !== 1 || !Array.isArray(items)) continue;
        const kept = items.filter((item) => item && typeof item === "object" && matchesValueFilter(resolved.def.subAttributes ?? [], item as Json, filter));
        if (kept.length > 0) out[resolved.keys[0]!] = kept;
        continue;
      }
      const keys = keysOf(kind, path);
      if (keys) copyPath(resource, out, keys);
    }
    return out;
  }
  if (projection.excluded) {
    const out = structuredClone(resource);
    for (const path of projection.excluded) {
      const keys = keysOf(kind, path);
      if (!keys || (keys.length === 1 && (keys[0] === "id" || keys[0] === "schemas"))) continue;
      deletePath(out, keys);
    }
    return out;
  }
  return resource;
}
