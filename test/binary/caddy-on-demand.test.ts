/**
 * Caddy (Debian's package) in front of the compiled binary with on-demand TLS from its
 * internal CA, asking the binary's resolve route before issuing (docs/custom-domains.md
 * "Caddy"). A verified custom domain gets a certificate and its hosted login over HTTPS;
 * an unverified one never gets a certificate. Everything is on loopback high ports (the
 * admin endpoint off); test hostnames resolve to 127.0.0.1 in the client only (curl
 * --resolve), and DNS for the verification is a dns2 server on loopback.
 *
 * Without caddy: CI fails here, saying so; elsewhere the tests are skipped with the reason.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startDnsServer, TARGET, type DnsPeer } from "../modules/customers/domains/support";
import { freePort, logArrives, startBinary, type RunningBinary } from "./support";

const caddy = Bun.which("caddy");
const missing = caddy === null ? "caddy is not installed (Debian: apt-get install caddy; .ci/run installs it)" : null;
if (missing && process.env.CI !== "true") console.log(`caddy-on-demand: skipped: ${missing}`);
const run = missing === null ? test : process.env.CI === "true" ? test : test.skip;

const DOMAIN = "login.caddy-brand.test";
const UNVERIFIED = "pending.caddy-brand.test";

let dns: DnsPeer;
let server: RunningBinary;
let scratch = "";
let caddyProcess: Bun.Subprocess | null = null;
let httpsPort = 0;
let clientKey = "";
let caddyLog = "";

async function curl(host: string, path: string): Promise<{ code: number; status: string; body: string; stderr: string }> {
  const root = join(scratch, "data/caddy/pki/authorities/local/root.crt");
  const args = ["curl", "-sS", "--max-time", "20", "--resolve", `${host}:${httpsPort}:127.0.0.1`, "--cacert", root, "-w", "\n%{http_code}", `https://${host}:${httpsPort}${path}`];
  const p = Bun.spawn(args, { stdout: "pipe", stderr: "pipe" });
  const [out, err, code] = await Promise.all([new Response(p.stdout).text(), new Response(p.stderr).text(), p.exited]);
  const cut = out.lastIndexOf("\n");
  return { code, body: out.slice(0, cut), status: out.slice(cut + 1), stderr: err };
}

beforeAll(async () => {
  if (missing) return;
  dns = await startDnsServer();
  server = await startBinary({ env: { SIGNET_CUSTOM_DOMAIN_TARGET: TARGET, SIGNET_DNS_SERVERS: dns.server } });
  const boot = await server.cli(["admin", "bootstrap", "--email", "owner@caddy-brand.test", "--org", "Caddy Brand", "--plan", "pro"]);
  if (boot.code !== 0) throw new Error(`bootstrap: ${boot.stderr}`);
  const { slug, sessionToken } = JSON.parse(boot.stdout);
  const auth = { authorization: `Bearer ${sessionToken}`, "content-type": "application/json" };
  const group = await (await server.fetch(`/api/org/${slug}/app-groups`, { method: "POST", headers: auth, body: JSON.stringify({ name: "Caddy Brand" }) })).json();
  clientKey = group.applications[0].clientKey;
  const other = await (await server.fetch(`/api/org/${slug}/app-groups`, { method: "POST", headers: auth, body: JSON.stringify({ name: "Second" }) })).json();
  const put = await server.fetch(`/api/org/${slug}/settings/domains`, {
    method: "PUT",
    headers: auth,
    body: JSON.stringify({ customLoginDomains: [{ domain: DOMAIN, appGroupId: group.id }, { domain: UNVERIFIED, appGroupId: other.id }] }),
  });
  if (put.status !== 200) throw new Error(`PUT domains: ${put.status} ${await put.text()}`);
  const listed = await (await server.fetch(`/api/org/${slug}/settings/domains`, { headers: auth })).json();
  const token = listed.customLoginDomains.find((d: any) => d.domain === DOMAIN).records[0].value;
  dns.set(`_service-challenge.${DOMAIN}`, { TXT: [token] });
  dns.set(DOMAIN, { CNAME: TARGET });
  const verified = await (await server.fetch(`/api/org/${slug}/settings/domains/verify?appGroupId=${group.id}`, { method: "POST", headers: auth })).json();
  if (!verified.served) throw new Error(`verify: ${JSON.stringify(verified)}`);

  scratch = mkdtempSync(join(tmpdir(), "signet-caddy-"));
  httpsPort = freePort();
  const httpPort = freePort();
  const upstream = new URL(server.base);
  writeFileSync(
    join(scratch, "Caddyfile"),
    `{
	admin off
	storage file_system ${join(scratch, "data/caddy")}
	skip_install_trust
	http_port ${httpPort}
	https_port ${httpsPort}
	auto_https disable_redirects
	on_demand_tls {
		ask http://${upstream.host}/api/public/custom-domains/resolve
	}
}

https:// {
	bind 127.0.0.1
	tls internal {
		on_demand
	}
	reverse_proxy ${upstream.host}
}
`,
  );
  const env = { PATH: process.env.PATH ?? "", HOME: scratch, XDG_DATA_HOME: join(scratch, "data"), XDG_CONFIG_HOME: join(scratch, "config") };
  caddyProcess = Bun.spawn([caddy!, "run", "--config", join(scratch, "Caddyfile"), "--adapter", "caddyfile"], { cwd: scratch, env, stdout: "pipe", stderr: "pipe" });
  void (async () => {
    const reader = (caddyProcess!.stderr as ReadableStream<Uint8Array>).getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      caddyLog += new TextDecoder().decode(value);
    }
  })();
  // Caddy is up once its internal CA exists and its port accepts connections.
  const started = performance.now();
  for (;;) {
    if (caddyProcess.exitCode !== null) throw new Error(`caddy exited with ${caddyProcess.exitCode}:\n${caddyLog}`);
    if (performance.now() - started > 20_000) throw new Error(`caddy did not start within 20 s:\n${caddyLog}`);
    const listening = await Bun.connect({ hostname: "127.0.0.1", port: httpsPort, socket: { data() {} } }).then((s) => (s.end(), true), () => false);
    if (listening && existsSync(join(scratch, "data/caddy/pki/authorities/local/root.crt"))) break;
    await Bun.sleep(50);
  }
}, 120_000);

afterAll(async () => {
  if (caddyProcess && caddyProcess.exitCode === null) {
    caddyProcess.kill("SIGTERM");
    await Promise.race([caddyProcess.exited, Bun.sleep(5_000)]);
    if (caddyProcess.exitCode === null) caddyProcess.kill("SIGKILL");
  }
  await server?.stop();
  await dns?.close();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

run("caddy is installed (CI installs it in .ci/run)", () => {
  expect(missing).toBeNull();
});

run("a verified custom domain gets a certificate from Caddy's CA and its hosted login over HTTPS", async () => {
  const page = await curl(DOMAIN, `/login/${clientKey}`);
  expect({ code: page.code, status: page.status, stderr: page.stderr }).toEqual({ code: 0, status: "200", stderr: "" });
  expect(page.body).toContain("<!doctype html>".slice(0, 9));
  const methods = await curl(DOMAIN, `/api/public/apps/${clientKey}/login-methods`);
  expect(methods.status).toBe("200");
  expect(JSON.parse(methods.body).branding.name).toBe("Caddy Brand");
  expect(JSON.parse(methods.body).portal.loginUrl).toBe(`https://${DOMAIN}/login/${clientKey}`);
  // The binary was asked, by the name Caddy sends (?domain=).
  expect(await logArrives(server, (l) => String(l.path).startsWith("/api/public/custom-domains/resolve") && l.status === 200)).toBe(true);
});

run("an unverified domain never gets a certificate: the handshake fails and the binary said 404", async () => {
  const r = await curl(UNVERIFIED, `/login/${clientKey}`);
  expect(r.code).not.toBe(0);
  expect(r.status).toBe("000");
  const unknown = await curl("nobody.example", "/");
  expect(unknown.code).not.toBe(0);
  expect(await logArrives(server, (l) => String(l.path).startsWith("/api/public/custom-domains/resolve") && l.status === 404)).toBe(true);
  expect(existsSync(join(scratch, `data/caddy/certificates/local/${UNVERIFIED}`))).toBe(false);
  expect(existsSync(join(scratch, `data/caddy/certificates/local/${DOMAIN}`))).toBe(true);
});
