import { afterAll, beforeAll, expect, test } from "bun:test";
import { VERSION } from "../../../src/context";
import { testDialect } from "../../support/database";
import { createTestApp, type TestApp } from "../../support/harness";

let t: TestApp;
beforeAll(async () => (t = await createTestApp()));
afterAll(() => t.close());

test("healthz answers while the process is up, with the version", async () => {
  const r = await t.request("GET", "/healthz");
  expect(r.status).toBe(200);
  expect(r.body).toEqual({ status: "ok", version: VERSION });
});

test("readyz answers 200 while the database answers, 503 when it does not", async () => {
  let r = await t.request("GET", "/readyz");
  expect(r.status).toBe(200);
  expect(r.body).toEqual({ status: "ready", database: testDialect });
  const other = await createTestApp();
  await other.ctx.db.close();
  r = await other.request("GET", "/readyz");
  expect(r.status).toBe(503);
  expect(r.body).toEqual({ status: "unavailable", database: testDialect, error: "database_unreachable" });
  await other.database.drop();
});
