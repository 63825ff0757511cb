import { afterAll, beforeAll, expect, test } from "bun:test";
import { createTestApp, type TestApp } from "../support/harness";

let t: TestApp;
beforeAll(async () => (t = await createTestApp()));
afterAll(() => t.close());

test("healthz", async () => {
  const r = await t.request("GET", "/healthz");
  expect(r.status).toBe(200);
  expect(r.body.status).toBe("ok");
  expect(r.headers.get("x-request-id")).toBeTruthy();
});
