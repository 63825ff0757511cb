/**
 * How the kernel and `signet serve` tell a database that went away from a bug
 * (docs/operations.md "Faults"): connection failures answer 503 database_unavailable,
 * and postgres.js's write to a closed connection is survived; anything else is not.
 */
import { expect, test } from "bun:test";
import { isClosedConnectionWrite } from "../../src/cli/serve";
import { isDatabaseUnreachable } from "../../src/platform/db/unreachable";

const withCode = (code: string, extra: object = {}) => Object.assign(new Error("boom"), { code }, extra);
const wrapped = (cause: unknown, extra: object = {}) => Object.assign(new Error("Failed query: select 1"), { cause }, extra);

test("driver connection errors, refused connections and SQLSTATE class 08 or 57P0x are the database being unreachable, wrapped or not", () => {
  for (const code of ["CONNECTION_CLOSED", "CONNECTION_ENDED", "CONNECT_TIMEOUT", "ECONNREFUSED", "57P01", "57P03", "08006", "08P01"]) {
    expect(isDatabaseUnreachable(withCode(code))).toBe(true);
    expect(isDatabaseUnreachable(wrapped(withCode(code)))).toBe(true);
  }
});

test("a reset or closed connection counts only under a failed query; statement errors and plain errors do not count", () => {
  for (const code of ["ECONNRESET", "EPIPE"]) {
    expect(isDatabaseUnreachable(wrapped(withCode(code), { query: "select 1" }))).toBe(true);
    expect(isDatabaseUnreachable(withCode(code))).toBe(false);
  }
  for (const code of ["23505", "40001", "42P01", "ENOENT"]) expect(isDatabaseUnreachable(wrapped(withCode(code)))).toBe(false);
  expect(isDatabaseUnreachable(new Error("no code"))).toBe(false);
  expect(isDatabaseUnreachable(null)).toBe(false);
});

test("only postgres.js's write to a closed socket is survived", () => {
  const closedWrite = new TypeError("null is not an object (evaluating 'socket.write')");
  closedWrite.stack = `TypeError: ${closedWrite.message}\n    at nextWrite (node_modules/postgres/src/connection.js:255:15)`;
  expect(isClosedConnectionWrite(closedWrite)).toBe(true);
  const elsewhere = new TypeError("null is not an object (evaluating 'socket.write')");
  elsewhere.stack = `TypeError: ${elsewhere.message}\n    at send (src/modules/x.ts:1:1)`;
  expect(isClosedConnectionWrite(elsewhere)).toBe(false);
  expect(isClosedConnectionWrite(new Error("socket.write nextWrite postgres"))).toBe(false);
});
