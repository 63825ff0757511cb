/** The dashboard suite (test/browser/dashboard-suite.ts) in Chromium against the compiled binary. */
import { dashboardSuite } from "../browser/dashboard-suite";
import { send } from "../support/harness";
import { startBinary } from "./support";

dashboardSuite({
  screenshots: false,
  async start() {
    const server = await startBinary({ dev: true, baseHost: "localhost" });
    const binaryApp = {
      handle: (request: Request) => {
        const url = new URL(request.url);
        return fetch(new Request(`${server.base}${url.pathname}${url.search}`, request), { redirect: "manual" });
      },
    };
    return { base: server.base, request: (method, path, options) => send(binaryApp, method, path, options), close: () => server.stop() };
  },
});
