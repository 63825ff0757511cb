/**
 * Where a hot path's time goes: `signet serve` from the sources under Bun's sampling CPU
 * profiler while wrk drives one path, then the profile's hottest functions. Evidence for
 * docs/performance.md; not a timed test.
 *
 *   bun test/bench/profile.ts healthz|jwks|me|permits|exchange [seconds] [out-dir]
 *
 * The out dir (default: a temp dir) keeps the .cpuprofile (for Chrome DevTools or
 * speedscope, as a flame graph) and Bun's Markdown summary of it.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { load, startSignet, type LoadOptions } from "./m2m-support";

const [which = "me", secondsArg = "10", outArg] = process.argv.slice(2);
const seconds = Number(secondsArg);
const out = outArg ?? mkdtempSync(join(tmpdir(), "signet-profile-"));
mkdirSync(out, { recursive: true });
const server = await startSignet(["--cpu-prof", "--cpu-prof-md", `--cpu-prof-dir=${out}`, `--cpu-prof-name=${which}`]);
const { url, slug, apiKey, sessionToken } = server;

const exchangeBody = JSON.stringify({ orgSlug: slug, apiKey });
const token = async () => ((await (await fetch(`${url}/api/m2m/token`, { method: "POST", headers: { "content-type": "application/json" }, body: exchangeBody })).json()) as { accessToken: string }).accessToken;
const targets: Record<string, () => Promise<LoadOptions>> = {
  healthz: async () => ({ name: which, url: `${url}/healthz` }),
  jwks: async () => ({ name: which, url: `${url}/api/public/orgs/${slug}/jwks.json` }),
  me: async () => ({ name: which, url: `${url}/api/org/${slug}/me`, headers: { authorization: `Bearer ${await token()}` } }),
  permits: async () => ({
    name: which,
    url: `${url}/api/org/${slug}/permits/issue`,
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${sessionToken}` },
    body: JSON.stringify({ requestedScope: "org.member.list" }),
  }),
  exchange: async () => ({ name: which, url: `${url}/api/m2m/token`, method: "POST", headers: { "content-type": "application/json" }, body: exchangeBody }),
};
if (!targets[which]) throw new Error(`unknown path "${which}" (known: ${Object.keys(targets).join(", ")})`);
try {
  const result = await load({ ...(await targets[which]()), connections: 32, seconds });
  console.log(JSON.stringify(result));
} finally {
  await server.stop();
}
const written = readdirSync(out).filter((name) => name.startsWith(which));
const profile = written.find((name) => name.endsWith(".cpuprofile"));
const summary = written.find((name) => name.endsWith(".md"));
if (!profile || !summary) throw new Error(`no profile written in ${out}`);
console.log(`profile: ${join(out, profile)}\nsummary: ${join(out, summary)}\n`);
console.log(readFileSync(join(out, summary), "utf8").split("\n").slice(0, 80).join("\n"));
