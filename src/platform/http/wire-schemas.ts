/** Small TypeBox builders that several domains' wire shapes need. */
import { t } from "elysia";
import type { TLiteral, TUnion } from "@sinclair/typebox";

/**
 * A string enum. t.UnionEnum would also do, but it declares its first value as the
 * default, which the API reference then shows on required fields.
 */
export function stringEnum<const T extends readonly string[]>(values: T, options: { description?: string } = {}) {
  return t.Union(values.map((value) => t.Literal(value)), options) as unknown as TUnion<[TLiteral<T[number]>]>;
}

/** A JSON integer. Elysia's t.Integer also accepts numeric strings (it is meant for query strings). */
export const jsonInteger = (options: { minimum: number; maximum: number; description?: string }) => t.Number({ multipleOf: 1, ...options });
