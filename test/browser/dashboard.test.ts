/** The dashboard suite (dashboard-suite.ts) against the app in-process, whose clock can end a billing month; with SIGNET_SCREENSHOTS=1 it rewrites docs/screenshots/. */
import { createTestApp, type TestApp } from "../support/harness";
import { RETRY_DELAYS_MS } from "../../src/modules/integrations/webhooks/queue";
import { dashboardSuite } from "./dashboard-suite";

let t: TestApp;

dashboardSuite({
  screenshots: true,
  async start() {
    let app: TestApp["app"] | undefined;
    const server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: (request) => app!.handle(request) });
    const base = `http://localhost:${server.port}`;
    // Custom login domains on, with a DNS server that does not answer (nothing listens on
    // port 9): the domain step's check answers a lookup failure without asking the Internet.
    t = await createTestApp({ env: { SIGNET_BASE_URL: base, SIGNET_DEV: "1", SIGNET_CUSTOM_DOMAIN_TARGET: "edge.signet.test", SIGNET_DNS_SERVERS: "127.0.0.1:9", SIGNET_WEBHOOKS_ALLOW_PRIVATE_NETWORKS: "1" } });
    app = t.app;
    return {
      base,
      request: t.request,
      async close() {
        server.stop(true);
        await t.close();
      },
    };
  },
  async runWebhookQueue(exhaustRetries) {
    const run = async () => {
      const result = await t.ctx.jobs.runNow("webhooks.deliver");
      if (result.outcome !== "ok") throw new Error(`webhooks.deliver: ${result.outcome} ${result.error}`);
    };
    await run();
    if (!exhaustRetries) return;
    const now = t.clock.now();
    try {
      for (const delay of RETRY_DELAYS_MS) {
        t.clock.advance(delay);
        await run();
      }
    } finally {
      t.clock.set(now);
    }
  },
  // The test clock stands still: move it five minutes into the next month for the renewals and the close, then back.
  async endBillingMonth() {
    const now = t.clock.now();
    const at = new Date(now);
    t.clock.set(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1, 0, 5));
    try {
      for (const job of ["billing.renewals", "billing.invoices.close"]) {
        const run = await t.ctx.jobs.runNow(job);
        if (run.outcome !== "ok") throw new Error(`${job}: ${run.outcome} ${run.error}`);
      }
    } finally {
      t.clock.set(now);
    }
  },
  // A day's sign-ins and beacon events roll up once the day is complete: the clock moves just past midnight and stays.
  async rollAnalyticsDay() {
    const at = new Date(t.clock.now());
    t.clock.set(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() + 1, 0, 10));
    const run = await t.ctx.jobs.runNow("analytics.rollups");
    if (run.outcome !== "ok") throw new Error(`analytics.rollups: ${run.outcome} ${run.error}`);
  },
});
