/**
 * SCIM filters (RFC 7644 §3.4.2.2): `eq ne co sw ew pr gt ge lt le`, `and`, `or`, `not`,
 * parentheses and value filters (`emails[type eq "work" and value co "@x"]`).
 *
 * The grammar is scim2-parse-filter's parser (docs/scim.md says why); its own matcher is
 * not used: it compares every string exactly and dates as text. Matching here follows the
 * schema: strings compare without regard to case unless the attribute is `caseExact`
 * (externalId, id, a member's value), dateTime values compare as instants, booleans only
 * with eq and ne; an attribute of another type under an ordering or substring operator,
 * or a value of the wrong type, is 400 invalidFilter. Attribute names are case-insensitive.
 * An attribute the schema does not have matches nothing (`ne` matches everything).
 */
import { parse, type Filter } from "scim2-parse-filter";
import { provisioningErrors } from "./errors";
import { resolvePath, type AttributeDef, type ResourceKind } from "./scim-schemas";

/** Filters longer than this are refused before parsing. */
export const MAX_FILTER_LENGTH = 4096;

export function parseFilter(text: string): Filter {
  if (text.length > MAX_FILTER_LENGTH) throw provisioningErrors.error("invalidFilter", { message: `a filter is at most ${MAX_FILTER_LENGTH} characters` });
  try {
    return parse(text);
  } catch (e) {
    throw provisioningErrors.error("invalidFilter", { message: `the filter is not valid: ${(e as Error).message}`.slice(0, 300) });
  }
}

/** Where attribute paths are resolved: the resource (by its schema) or one value of a multi-valued attribute. */
type Scope = { kind: ResourceKind; object: Record<string, unknown> } | { defs: readonly AttributeDef[]; object: Record<string, unknown> };

interface Found {
  def: AttributeDef | null;
  values: unknown[];
}

function keyOf(object: Record<string, unknown>, name: string): unknown {
  if (name in object) return object[name];
  const lower = name.toLowerCase();
  const key = Object.keys(object).find((k) => k.toLowerCase() === lower);
  return key === undefined ? undefined : object[key];
}

/** The values at `keys`, multi-valued attributes spread out. */
function valuesAt(object: unknown, keys: readonly string[]): unknown[] {
  if (keys.length === 0) return Array.isArray(object) ? object : object === undefined || object === null ? [] : [object];
  if (Array.isArray(object)) return object.flatMap((item) => valuesAt(item, keys));
  if (typeof object !== "object" || object === null) return [];
  return valuesAt(keyOf(object as Record<string, unknown>, keys[0]!), keys.slice(1));
}

function find(scope: Scope, attrPath: string): Found {
  if ("kind" in scope) {
    const resolved = resolvePath(scope.kind, attrPath);
    if (!resolved) return { def: null, values: [] };
    return { def: resolved.def, values: valuesAt(scope.object, resolved.keys) };
  }
  const [first, second, ...rest] = attrPath.split(".");
  const lower = (s: string) => s.toLowerCase();
  const top = scope.defs.find((d) => lower(d.name) === lower(first ?? ""));
  if (!top || rest.length > 0) return { def: null, values: [] };
  if (second === undefined) return { def: top, values: valuesAt(scope.object, [top.name]) };
  const sub = top.subAttributes?.find((d) => lower(d.name) === lower(second));
  if (!sub) return { def: null, values: [] };
  return { def: sub, values: valuesAt(scope.object, [top.name, sub.name]) };
}

function invalid(message: string): never {
  throw provisioningErrors.error("invalidFilter", { message });
}

/** A multi-valued complex attribute compared directly compares its `value` sub-attribute (RFC 7644 §3.4.2.2). */
function comparable(found: Found): Found {
  const def = found.def;
  if (!def || def.type !== "complex") return found;
  const value = def.subAttributes?.find((d) => d.name === "value");
  if (!def.multiValued || !value) return found;
  return { def: value, values: found.values.flatMap((v) => (v && typeof v === "object" ? valuesAt(v, ["value"]) : [])) };
}

function present(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === "string") return value.length > 0;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === "object") return Object.values(value as object).some(present);
  return true;
}

function instant(value: unknown, what: string): number {
  const ms = typeof value === "string" ? Date.parse(value) : NaN;
  if (Number.isNaN(ms)) invalid(`${what} is not a dateTime`);
  return ms;
}

type CompareOp = "eq" | "ne" | "co" | "sw" | "ew" | "gt" | "lt" | "ge" | "le";

function compareOne(op: CompareOp, def: AttributeDef, value: unknown, target: unknown): boolean {
  switch (def.type) {
    case "boolean": {
      if (op !== "eq" && op !== "ne") invalid(`${def.name} is a boolean: only eq and ne apply`);
      if (typeof target !== "boolean") invalid(`${def.name} is a boolean: compare it with true or false`);
      return op === "eq" ? value === target : value !== target;
    }
    case "dateTime": {
      if (op === "co" || op === "sw" || op === "ew") invalid(`${def.name} is a dateTime: co, sw and ew do not apply`);
      const a = instant(value, `the value of ${def.name}`);
      const b = instant(target, "the compared value");
      return op === "eq" ? a === b : op === "ne" ? a !== b : op === "gt" ? a > b : op === "ge" ? a >= b : op === "lt" ? a < b : a <= b;
    }
    case "complex":
      return invalid(`${def.name} is complex: compare one of its sub-attributes`);
    default: {
      if (typeof target !== "string") {
        if (op === "eq") return false;
        if (op === "ne") return true;
        invalid(`${def.name} is a string: compare it with a quoted string`);
      }
      if (typeof value !== "string") return false;
      const a = def.caseExact ? value : value.toLowerCase();
      const b = def.caseExact ? target : target.toLowerCase();
      switch (op) {
        case "eq":
          return a === b;
        case "ne":
          return a !== b;
        case "co":
          return a.includes(b);
        case "sw":
          return a.startsWith(b);
        case "ew":
          return a.endsWith(b);
        case "gt":
          return a > b;
        case "ge":
          return a >= b;
        case "lt":
          return a < b;
        case "le":
          return a <= b;
      }
    }
  }
}

function test(scope: Scope, filter: Filter): boolean {
  switch (filter.op) {
    case "and":
      return (filter as { filters: Filter[] }).filters.every((f) => test(scope, f));
    case "or":
      return (filter as { filters: Filter[] }).filters.some((f) => test(scope, f));
    case "not":
      return !test(scope, (filter as { filter: Filter }).filter);
    case "[]": {
      const { attrPath, valFilter } = filter as { attrPath: string; valFilter: Filter };
      const found = find(scope, attrPath);
      if (!found.def) return false;
      if (found.def.type !== "complex") invalid(`${found.def.name} has no sub-attributes to filter on`);
      const defs = found.def.subAttributes ?? [];
      return found.values.some((item) => item !== null && typeof item === "object" && test({ defs, object: item as Record<string, unknown> }, valFilter));
    }
    case "pr":
      return find(scope, (filter as { attrPath: string }).attrPath).values.some(present);
    default: {
      const { op, attrPath, compValue } = filter as { op: CompareOp; attrPath: string; compValue: unknown };
      const found = comparable(find(scope, attrPath));
      if (!found.def) return op === "ne";
      if (op === "ne") return !found.values.some((v) => compareOne("eq", found.def!, v, compValue));
      return found.values.some((v) => compareOne(op, found.def!, v, compValue));
    }
  }
}

/** Whether a resource (its full representation) matches the filter. */
export function matchesFilter(kind: ResourceKind, resource: Record<string, unknown>, filter: Filter): boolean {
  return test({ kind, object: resource }, filter);
}

/** Whether one value of a multi-valued attribute matches a value filter written against its sub-attributes. */
export function matchesValueFilter(defs: readonly AttributeDef[], value: Record<string, unknown>, filter: Filter): boolean {
  return test({ defs, object: value }, filter);
}
