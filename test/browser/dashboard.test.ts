/** The dashboard suite (dashboard-suite.ts) against the app in-process; with SIGNET_SCREENSHOTS=1 it rewrites docs/screenshots/. */
import { createTestApp, type TestApp } from "../support/harness";
import { dashboardSuite } from "./dashboard-suite";

dashboardSuite({
  screenshots: true,
  async start() {
    let app: TestApp["app"] | undefined;
    const server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: (request) => app!.handle(request) });
    const base = `http://localhost:${server.port}`;
    const t = await createTestApp({ env: { SIGNET_BASE_URL: base, SIGNET_DEV: "1" } });
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
});
