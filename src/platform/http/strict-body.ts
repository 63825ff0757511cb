/**
 * A body schema that refuses unknown fields: spread it into a route's options,
 * `...strictBody(t.Object({...}, { additionalProperties: false }))`.
 *
 * Elysia drops unknown fields before validating (its `normalize`), so without this a
 * misspelt optional field would silently fall back to its default. The raw body is
 * checked in `transform`, before Elysia's own validation; the kernel turns the
 * ValidationError into 400 invalid_request naming the field. (Turning `normalize` off
 * app-wide would also stop Elysia trimming responses to their schemas, so it stays a
 * per-route choice.)
 */
import { getSchemaValidator, ValidationError, type TSchema } from "elysia";

export function strictBody<S extends TSchema>(schema: S) {
  const validator = getSchemaValidator(schema, { normalize: false });
  return {
    body: schema,
    transform({ body }: { body: unknown }) {
      if (!validator!.Check(body)) throw new ValidationError("body", validator!, body);
    },
  };
}
