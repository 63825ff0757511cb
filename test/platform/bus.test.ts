/**
 * The cross-node bus (platform/bus): an event published in a transaction reaches the
 * other subscribers only if that transaction commits; a subscription is in step once its
 * subscriber has reloaded. On SQLite (one node) there is nothing to deliver.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createBus, type Bus } from "../../src/platform/bus";
import { createLogger } from "../../src/platform/log";
import { createTestApp, type TestApp } from "../support/harness";
import { testDialect } from "../support/database";

let t: TestApp;
let other: Bus;
beforeAll(async () => {
  t = await createTestApp();
  other = createBus(t.config.database, createLogger("silent"));
});
afterAll(async () => {
  await other.close();
  await t.close();
});

async function eventually(check: () => boolean, ms = 5000): Promise<boolean> {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 10));
  }
  return check();
}

describe("the bus", () => {
  test("a channel must be a lower-case identifier (it is a LISTEN name on PostgreSQL)", async () => {
    const subscriber = { onEvent: () => {}, reload: async () => {} };
    await expect(other.subscribe("Bad-Channel; drop table x", subscriber)).rejects.toThrow("is not a lower-case identifier");
  });

  test("a subscription reloads first and is then in step", async () => {
    let reloads = 0;
    const subscription = await other.subscribe("signet_test_reload", { onEvent: () => {}, reload: async () => void reloads++ });
    expect(reloads).toBe(1);
    expect(subscription.inStep).toBe(true);
    await subscription.close();
  });

  test("an event reaches another subscriber only when its transaction commits", async () => {
    const received: unknown[] = [];
    const subscription = await other.subscribe<{ n: number }>("signet_test_events", { onEvent: (e) => void received.push(e), reload: async () => {} });
    await t.ctx.db
      .write(async (tx) => {
        await t.ctx.bus.publish(tx, "signet_test_events", { n: 1 });
        throw new Error("roll back");
      })
      .catch(() => {});
    await t.ctx.db.write((tx) => t.ctx.bus.publish(tx, "signet_test_events", { n: 2 }));
    if (testDialect === "postgres") {
      expect(await eventually(() => received.length > 0)).toBe(true);
      expect(received).toEqual([{ n: 2 }]);
    } else {
      // One node: the node that makes a change applies it itself; nothing travels.
      expect(received).toEqual([]);
    }
    await subscription.close();
  });
});
