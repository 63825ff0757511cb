/**
 * The references of test/bench/run.ts, each a process of its own like the binary:
 *
 *   bun test/bench/ceiling-server.ts bare PORT     a bare Bun.serve answering a small JSON body (the ceiling)
 *   bun test/bench/ceiling-server.ts elysia PORT   an Elysia app with that one route and nothing else
 *
 * The gap between the two is Elysia's own cost per request, the framework's wall.
 * Prints "ready" once it listens.
 */
import { Elysia } from "elysia";

const [mode, portArg] = process.argv.slice(2);
const port = Number(portArg);
const body = { status: "ok", version: "0.1.0" };

if (mode === "bare") {
  Bun.serve({ hostname: "127.0.0.1", port, fetch: () => Response.json(body) });
} else if (mode === "elysia") {
  new Elysia().get("/", () => body).listen({ hostname: "127.0.0.1", port });
} else {
  console.error("usage: ceiling-server.ts bare|elysia PORT");
  process.exit(2);
}
console.log("ready");
