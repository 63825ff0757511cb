/**
 * The Node quickstart an application's card shows (embedded-ui/dashboard/quickstart.ts)
 * verifies a real end-user token: the snippet, filled in for the application, runs in
 * Node with jose against the service over HTTP; the same snippet for another application
 * refuses the token (its audience check is real).
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { nodeVerify, quickstarts, type QuickstartTarget } from "../../../embedded-ui/dashboard/quickstart";
import { createTestApp, type TestApp } from "../../support/harness";
import { createFixture, signInByMagicLink, type Fixture } from "../../modules/customers/end-users/flows-support";

setDefaultTimeout(30_000);

let t: TestApp;
let fx: Fixture;
let server: ReturnType<typeof Bun.serve>;
let base: string;
let dir: string;

beforeAll(async () => {
  let app: TestApp["app"] | undefined;
  server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: (request) => app!.handle(request) });
  base = `http://127.0.0.1:${server.port}`;
  t = await createTestApp({ env: { SIGNET_BASE_URL: base } });
  app = t.app;
  // Node checks exp against its own clock: the tokens are issued now.
  t.clock.set(Date.now());
  fx = await createFixture(t, "owner@quickstart.example", "Quickstart Co");
  dir = await mkdtemp(join(import.meta.dir, ".run-"));
  await symlink(join(import.meta.dir, "../../../node_modules"), join(dir, "node_modules"));
});
afterAll(async () => {
  server.stop(true);
  await t.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** Runs the Node snippet for `target` on `token` in a Node process: its exit code and output. */
async function runNodeSnippet(target: QuickstartTarget, token: string, name: string) {
  const file = join(dir, `${name}.mjs`);
  await writeFile(file, `${nodeVerify(target)}\nconsole.log(JSON.stringify(await verifyEndUser(process.argv[2])));\n`);
  const child = Bun.spawn(["node", file, token], { stdout: "pipe", stderr: "pipe" });
  const [code, stdout, stderr] = await Promise.all([child.exited, new Response(child.stdout).text(), new Response(child.stderr).text()]);
  return { code, stdout, stderr };
}

describe("the Node quickstart", () => {
  test("verifies a real end-user token of its application and returns its claims", async () => {
    const signedIn = (await signInByMagicLink(t, fx, "reader@quickstart.example")).body;
    const run = await runNodeSnippet({ baseUrl: base, orgSlug: fx.org.slug, clientKey: fx.clientKey, callbackUrl: null }, signedIn.accessToken, "verify");
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const claims = JSON.parse(run.stdout);
    expect(claims.sub).toBe(signedIn.endUser.id);
    expect(claims.aud).toBe(fx.clientKey);
    expect(claims.iss).toBe(`${base}/orgs/${fx.org.slug}`);
  });

  test("filled in for another application, it refuses the token", async () => {
    const signedIn = (await signInByMagicLink(t, fx, "other@quickstart.example")).body;
    const run = await runNodeSnippet({ baseUrl: base, orgSlug: fx.org.slug, clientKey: "client_someone_else", callbackUrl: null }, signedIn.accessToken, "wrong-audience");
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain("aud");
  });

  test("every quickstart names the application's own key and the service's URL", () => {
    const target = { baseUrl: "https://id.example.com", orgSlug: "acme", clientKey: "client_abc", callbackUrl: "https://app.example.com/cb" };
    for (const q of quickstarts(target)) {
      expect(q.code).toContain("https://id.example.com");
      if (q.id !== "m2m") expect(q.code).toContain("client_abc");
      else expect(q.code).toContain('"orgSlug":"acme"');
    }
    expect(quickstarts(target).find((q) => q.id === "hosted-login")!.code).toContain(`redirect_url=${encodeURIComponent("https://app.example.com/cb")}`);
  });
});
