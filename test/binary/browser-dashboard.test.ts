/** The dashboard suite (test/browser/dashboard-suite.ts) in Chromium against the compiled binary. */
import { dashboardSuite } from "../browser/dashboard-suite";
import { requestOverSocket, startBinary } from "./support";

dashboardSuite({
  screenshots: false,
  async start() {
    const server = await startBinary({ dev: true, baseHost: "localhost", env: { SIGNET_WEBHOOKS_ALLOW_PRIVATE_NETWORKS: "1" } });
    return { base: server.base, request: requestOverSocket(server), close: () => server.stop() };
  },
});
