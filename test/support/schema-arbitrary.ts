/**
 * Requests generated from an operation's own schemas (the OpenAPI document the server
 * serves), for the whole-surface fuzz and the authorization matrix: `validValue` builds a
 * value the schema accepts; `hostileValue` leans on what breaks servers (numbers out of
 * range, huge and unicode strings, deep nesting, wrong types).
 */
import fc from "fast-check";

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
  additionalProperties?: boolean | JsonSchema;
  $ref?: string;
};

/** Strings that have broken servers: numbers past their range, control and bidi characters, lone surrogates. */
export const HOSTILE_STRINGS = [
  "1e309",
  "-1",
  "0",
  "NaN",
  "Infinity",
  "-Infinity",
  "99999999999999999999",
  "1.5",
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\u202Eevil\u202C",
  "\uD800",
  "\uDFFF\uD800",
  "%00",
  "../../etc/passwd",
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  "null",
  "true",
  "[]",
  "{}",
  "😀".repeat(50),
];

const formatted: Record<string, fc.Arbitrary<string>> = {
  email: fc.constantFrom("ann@example.com", "bob@example.org", "c@d.example"),
  uri: fc.constantFrom("https://app.example.com/cb", "https://example.com"),
  url: fc.constantFrom("https://app.example.com/cb", "https://example.com"),
  "date-time": fc.constantFrom("2026-01-01T00:00:00.000Z", "2026-11-24T12:00:00Z"),
  date: fc.constant("2026-01-01"),
  uuid: fc.uuid(),
};

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format && formatted[schema.format]) return formatted[schema.format]!;
  const min = schema.minLength ?? 0;
  const max = Math.min(schema.maxLength ?? 40, Math.max(min, 40));
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length >= min && s.length <= (schema.maxLength ?? Infinity));
    } catch {
      // A pattern JavaScript cannot read: fall through to plain strings.
    }
  }
  return fc.string({ minLength: min, maxLength: max, unit: "grapheme-ascii" });
}

/** A value the schema accepts (as far as JSON Schema can say; a server may still refuse it on meaning). */
export function validValue(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return fc.constant(null);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) return fc.oneof(...variants.map((v) => validValue(v, depth + 1)));
  if (schema.allOf?.length) return validValue(Object.assign({}, ...schema.allOf), depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case "string":
      return stringArbitrary(schema);
    case "integer": {
      const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 0);
      const max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : min + 1000);
      return fc.integer({ min: Math.ceil(min), max: Math.floor(Math.max(min, max)) });
    }
    case "number": {
      const min = schema.minimum ?? 0;
      const max = schema.maximum ?? min + 1000;
      return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
    }
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array": {
      const minLength = schema.minItems ?? 0;
      return fc.array(validValue(schema.items, depth + 1), { minLength, maxLength: Math.min(schema.maxItems ?? 3, Math.max(minLength, 3)) });
    }
    case "object":
    default: {
      const properties = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, property] of Object.entries(properties)) record[name] = validValue(property, depth + 1);
      return fc.record(record, { requiredKeys: [...required].filter((k) => k in record) });
    }
  }
}

/** Nested arrays or objects, 1 to `max` deep. */
export function deeplyNested(max = 200): fc.Arbitrary<unknown> {
  return fc.tuple(fc.integer({ min: 1, max }), fc.boolean()).map(([depth, arrays]) => {
    let value: unknown = 1;
    for (let i = 0; i < depth; i++) value = arrays ? [value] : { a: value };
    return value;
  });
}

/** A value of the wrong kind, or of the right kind far out of range. */
export function hostileValue(): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
    { weight: 2, arbitrary: fc.constantFrom(1e308, -1e308, -1, 0, Number.MAX_SAFE_INTEGER + 2, 2 ** 63, -(2 ** 63), 0.1, 1.5) },
    { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 60 }) },
    { weight: 1, arbitrary: fc.constantFrom("x".repeat(100_000), "é".repeat(20_000)) },
    { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}) },
    { weight: 1, arbitrary: deeplyNested(200) },
    { weight: 1, arbitrary: fc.array(fc.integer(), { maxLength: 2000 }) },
  );
}

/** A value the schema accepts most of the time, a hostile one otherwise. */
export function skewedValue(schema: JsonSchema | undefined, hostileWeight = 1): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 3, arbitrary: validValue(schema) }, { weight: hostileWeight, arbitrary: hostileValue() });
}

/** An object body: the schema's, with fields dropped, added or made hostile. */
export function skewedBody(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  const properties = schema?.properties ?? {};
  const names = Object.keys(properties);
  const mutated = fc
    .record(Object.fromEntries(names.map((n) => [n, skewedValue(properties[n])])), { requiredKeys: [] })
    .chain((body) =>
      fc.option(fc.tuple(fc.constantFrom("extra", "__proto__", "constructor", "é"), hostileValue()), { nil: undefined }).map((extra) => (extra ? { ...body, [extra[0]]: extra[1] } : body)),
    );
  return fc.oneof({ weight: 3, arbitrary: validValue(schema) }, { weight: 3, arbitrary: mutated }, { weight: 1, arbitrary: hostileValue() });
}
