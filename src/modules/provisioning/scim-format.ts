/**
 * SCIM's wire format on the /scim/v2 routes only (DESIGN §7; RFC 7644 §3.1, §3.12):
 * every answer is `application/scim+json`, and every error, whether a provisioning
 * service threw it or the kernel answered it (malformed JSON, a body over the limit or
 * nested too deep, a failed validation, no credential), leaves as SCIM's error body
 * `{ schemas: [Error], status: "409", scimType, detail }`.
 *
 * It is a response mapper on the SCIM routes' plugin: the kernel's error handler runs
 * first (it answers every route), and this turns its `{ error: code, … }` body into
 * SCIM's; each code maps to its scimType below. A 401 carries WWW-Authenticate: Bearer.
 */
import { Elysia } from "elysia";
import { SCHEMA } from "./scim-schemas";

export const SCIM_CONTENT_TYPE = "application/scim+json";

/** The scimType (RFC 7644 §3.12, table 9) each error code answers with, where one applies. */
const SCIM_TYPES: Record<string, string> = {
  invalid_filter: "invalidFilter",
  invalid_syntax: "invalidSyntax",
  invalid_json: "invalidSyntax",
  invalid_path: "invalidPath",
  no_target: "noTarget",
  invalid_value: "invalidValue",
  invalid_email: "invalidValue",
  invalid_name: "invalidValue",
  email_domain_not_allowed: "invalidValue",
  mutability: "mutability",
  uniqueness: "uniqueness",
};

/** The body of a SCIM error. */
export function scimError(status: number, detail: string, scimType?: string): Record<string, unknown> {
  return { schemas: [SCHEMA.error], status: String(status), ...(scimType ? { scimType } : {}), detail };
}

function detailOf(body: Record<string, unknown>): string {
  const message = typeof body.message === "string" ? body.message : String(body.error);
  const field = typeof body.field === "string" ? body.field : null;
  const requestId = typeof body.requestId === "string" ? ` (request ${body.requestId})` : "";
  return `${field && !message.includes(field) ? `${field}: ` : ""}${message}${requestId}`;
}

/** The SCIM form of the kernel's error body `{ error, message?, field?, in? }`. */
function fromKernelError(status: number, body: Record<string, unknown>): Record<string, unknown> {
  const code = String(body.error);
  let scimType: string | undefined = SCIM_TYPES[code];
  // A body that fails the route's (loose) schema is not a SCIM message at all; a bad query value is an invalid value.
  if (code === "invalid_request") scimType = body.in === "body" ? "invalidSyntax" : "invalidValue";
  if (status >= 500) scimType = undefined;
  return scimError(status, detailOf(body), scimType);
}

function headersOf(set: { headers: Record<string, unknown> }): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(set.headers)) if (typeof value === "string") headers.set(name, value);
  headers.set("content-type", SCIM_CONTENT_TYPE);
  return headers;
}

/** The plugin a SCIM route instance uses first: answers in SCIM's format. */
export function scimFormat() {
  return new Elysia({ name: "provisioning.scim-format" }).mapResponse({ as: "scoped" }, (context) => {
    const { set } = context;
    const value = (context as { responseValue?: unknown }).responseValue ?? (context as { response?: unknown }).response;
    if (value instanceof Response) return value;
    const status = typeof set.status === "number" ? set.status : 200;
    const headers = headersOf(set as { headers: Record<string, unknown> });
    if (status === 204) {
      headers.delete("content-type");
      return new Response(null, { status, headers });
    }
    let body = value;
    if (status >= 400 && value && typeof value === "object" && "error" in value) {
      body = fromKernelError(status, value as Record<string, unknown>);
      if (status === 401) headers.set("www-authenticate", 'Bearer realm="scim"');
    }
    return new Response(JSON.stringify(body), { status, headers });
  });
}
