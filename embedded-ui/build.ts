/**
 * Bundles the dashboard with Bun's bundler. The server calls it in memory when it
 * runs from source; build/compile.ts calls it with an outdir and embeds the result.
 */
import { join } from "node:path";

/** Where the pages module serves the bundled scripts and styles from. */
export const UI_PUBLIC_PATH = "/ui/";
/** Replaced by the server with its version when it serves index.html. */
export const VERSION_TOKEN = "%SIGNET_VERSION%";

export async function buildUi(outdir?: string) {
  const result = await Bun.build({
    // The dashboard, the share viewer served at /f/{shareToken} and the hosted login at /login/{appKey}.
    entrypoints: [join(import.meta.dir, "index.html"), join(import.meta.dir, "share.html"), join(import.meta.dir, "login.html")],
    publicPath: UI_PUBLIC_PATH,
    minify: true,
    outdir,
    throw: false,
  });
  // The analytics beacon (served at /beacon.js): its own bundle, under a stable name customers embed.
  const beacon = await Bun.build({ entrypoints: [join(import.meta.dir, "beacon.ts")], naming: "beacon.js", target: "browser", minify: true, outdir, throw: false });
  for (const built of [result, beacon]) {
    if (!built.success) throw new AggregateError(built.logs, `embedded-ui failed to build: ${built.logs.map(String).join("; ")}`);
  }
  return [...result.outputs, ...beacon.outputs];
}
