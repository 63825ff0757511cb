/**
 * TLS served by the compiled binary itself (docs/custom-domains.md "On-prem"): a
 * certificate made here by a throwaway CA (certs.ts), SIGNET_TLS_CERT and SIGNET_TLS_KEY,
 * the plain-HTTP redirect listener, HSTS, Secure cookies, and SIGHUP picking up a renewed
 * certificate without a restart.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { copyFileSync, rmSync } from "node:fs";
import { connect } from "node:tls";
import { createTestPki, type TestPki } from "./certs";
import { freePort, latestLink, logArrives, startBinary, type RunningBinary } from "./support";

let pki: TestPki;
let server: RunningBinary;
let redirectPort = 0;
const live = { cert: "", key: "" };

/** The common name of the certificate the server presents now. */
function presentedName(port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: "127.0.0.1", port, servername: "localhost", ca: pki.ca }, () => {
      const subject = socket.getPeerCertificate().subject as unknown as Record<string, string>;
      socket.end();
      resolve(subject.CN!);
    });
    socket.on("error", reject);
  });
}

beforeAll(async () => {
  pki = createTestPki();
  const first = pki.leaf("first.localhost");
  live.cert = `${pki.dir}/live.crt`;
  live.key = `${pki.dir}/live.key`;
  copyFileSync(first.cert, live.cert);
  copyFileSync(first.key, live.key);
  redirectPort = freePort();
  server = await startBinary({
    dev: true,
    baseHost: "localhost",
    tlsCa: pki.ca,
    env: { SIGNET_TLS_CERT: live.cert, SIGNET_TLS_KEY: live.key, SIGNET_HTTP_REDIRECT_PORT: String(redirectPort) },
  });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  if (pki) rmSync(pki.dir, { recursive: true, force: true });
});

test("serves HTTPS with the configured certificate, and says Strict-Transport-Security on every answer", async () => {
  expect(server.base).toStartWith("https://localhost:");
  const r = await server.fetch("/healthz");
  expect(r.status).toBe(200);
  expect(r.headers.get("strict-transport-security")).toBe("max-age=31536000");
  const missing = await server.fetch("/api/no-such-route");
  expect(missing.status).toBe(404);
  expect(missing.headers.get("strict-transport-security")).toBe("max-age=31536000");
  expect(await presentedName(Number(new URL(server.base).port))).toBe("first.localhost");
  // Plain HTTP on the TLS port gets no page.
  const plain = await fetch(`http://127.0.0.1:${new URL(server.base).port}/healthz`).then((x) => x.status, () => "refused");
  expect(plain).not.toBe(200);
});

test("the plain-HTTP listener redirects every request to https, path and query kept, without HSTS", async () => {
  const r = await fetch(`http://localhost:${redirectPort}/login/client_abc?redirect_url=x`, { redirect: "manual" });
  expect(r.status).toBe(308);
  expect(r.headers.get("location")).toBe(`${server.base}/login/client_abc?redirect_url=x`);
  expect(r.headers.get("strict-transport-security")).toBeNull();
  const post = await fetch(`http://localhost:${redirectPort}/api/auth/magic-link/send`, { method: "POST", redirect: "manual" });
  expect(post.status).toBe(308);
  const custom = await fetch(`http://127.0.0.1:${redirectPort}/`, { redirect: "manual", headers: { host: "login.brand.example" } });
  expect(custom.headers.get("location")).toBe(`https://login.brand.example:${new URL(server.base).port}/`);
});

test("cookies are Secure: the dashboard session and the end-user portal cookie", async () => {
  const sent = await server.fetch("/api/auth/magic-link/send", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: "owner@tls.example" }) });
  expect(sent.status).toBe(202);
  const link = await latestLink(server, "owner@tls.example", "/api/auth/magic-link/verify");
  expect(link).toStartWith(server.base);
  const verified = await fetch(link, { redirect: "manual", tls: { ca: pki.ca } } as RequestInit);
  expect(verified.status).toBe(303);
  const session = verified.headers.getSetCookie().find((c) => c.startsWith("signet_session="))!;
  expect(session).toContain("Secure");
  expect(session).toContain("HttpOnly");

  const boot = await server.cli(["admin", "bootstrap", "--email", "operator@tls.example", "--org", "TLS Co"]);
  expect(boot.code).toBe(0);
  const { slug, sessionToken } = JSON.parse(boot.stdout);
  const auth = { authorization: `Bearer ${sessionToken}`, "content-type": "application/json" };
  const group = await (await server.fetch(`/api/org/${slug}/app-groups`, { method: "POST", headers: auth, body: JSON.stringify({ name: "TLS brand" }) })).json();
  const clientKey: string = group.applications[0].clientKey;
  const origin = server.base;
  const send = await server.fetch(`/api/public/apps/${clientKey}/auth/magic-link/send`, { method: "POST", headers: { "content-type": "application/json", origin }, body: JSON.stringify({ email: "ann@tls.example" }) });
  expect(send.status).toBe(200);
  const portalLink = new URL(await latestLink(server, "ann@tls.example", `/login/${clientKey}/verify`));
  const signedIn = await server.fetch(`/api/public/apps/${clientKey}/auth/magic-link/verify`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({ token: portalLink.searchParams.get("token") }),
  });
  expect(signedIn.status).toBe(200);
  const cookies = signedIn.headers.getSetCookie();
  expect(cookies.length).toBeGreaterThan(0);
  for (const cookie of cookies) expect(cookie).toContain("Secure");
  const signOut = await server.fetch(`/api/public/apps/${clientKey}/auth/session/sign-out`, {
    method: "POST",
    headers: { "content-type": "application/json", origin, cookie: cookies.map((c) => c.split(";")[0]).join("; ") },
    body: "{}",
  });
  for (const cookie of signOut.headers.getSetCookie()) expect(cookie).toContain("Secure");
});

test("SIGHUP reads the certificate again: a renewed one is served without a restart", async () => {
  const second = pki.leaf("second.localhost");
  copyFileSync(second.cert, live.cert);
  copyFileSync(second.key, live.key);
  const port = Number(new URL(server.base).port);
  expect(await presentedName(port)).toBe("first.localhost");
  server.process.kill("SIGHUP");
  let name = "";
  for (let i = 0; i < 200 && name !== "second.localhost"; i++) {
    name = await presentedName(port).catch(() => "");
    if (name !== "second.localhost") await Bun.sleep(25);
  }
  expect(name).toBe("second.localhost");
  expect(server.process.exitCode).toBeNull();
  expect((await server.fetch("/healthz")).status).toBe(200);
  expect(await logArrives(server, (l) => l.msg === "TLS certificate reloaded" || l.message === "TLS certificate reloaded")).toBe(true);
});
