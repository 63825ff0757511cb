/**
 * Peers of the custom-domain tests:
 *
 * - a real DNS server (npm dns2) on a loopback UDP port, answering TXT, CNAME, A and AAAA
 *   from a zone the test edits; the service asks it over the wire through
 *   SIGNET_DNS_SERVERS, as it would ask the Internet's;
 * - a FAKE of Cloudflare's DNS API (Bun.serve): only the two calls auto-configure makes
 *   (GET /zones?name=, POST /zones/{id}/dns_records), with Cloudflare's envelope and
 *   error codes, not the real service. Records it creates go into the DNS zone above, so
 *   a verify after it sees them.
 */
import dns2 from "dns2";
import type { TestApp, TestResponse, RequestOptions } from "../../../support/harness";
import { send } from "../../../support/harness";

export const TARGET = "edge.signet.test";
export const TARGET_V4 = ["203.0.113.10", "203.0.113.11"];
export const TARGET_V6 = ["2001:db8::10"];

export interface ZoneEntry {
  TXT?: string[];
  CNAME?: string;
  A?: string[];
  AAAA?: string[];
  /** Answer SERVFAIL for this name, whatever the type. */
  servfail?: boolean;
}

export interface DnsPeer {
  /** host:port for SIGNET_DNS_SERVERS. */
  server: string;
  zone: Map<string, ZoneEntry>;
  set(name: string, entry: ZoneEntry): void;
  /** Names asked, in order, with their type. */
  asked: Array<{ name: string; type: string }>;
  close(): Promise<void>;
}

const TYPE_NAMES: Record<number, string> = { 1: "A", 5: "CNAME", 16: "TXT", 28: "AAAA" };

export async function startDnsServer(): Promise<DnsPeer> {
  const { Packet } = dns2 as any;
  const zone = new Map<string, ZoneEntry>();
  zone.set(TARGET, { A: TARGET_V4, AAAA: TARGET_V6 });
  const asked: DnsPeer["asked"] = [];
  const server = (dns2 as any).createServer({
    udp: true,
    handle: (request: any, reply: (r: any) => void) => {
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      const name = String(question.name).toLowerCase();
      asked.push({ name, type: TYPE_NAMES[question.type] ?? String(question.type) });
      const entry = zone.get(name);
      const answer = (type: number, data: Record<string, unknown>) => response.answers.push({ name: question.name, type, class: Packet.CLASS.IN, ttl: 1, ...data });
      if (entry?.servfail) {
        response.header.rcode = 2;
        return reply(response);
      }
      if (!entry) response.header.rcode = 3; // NXDOMAIN
      else if (entry.CNAME && question.type !== Packet.TYPE.TXT) {
        // A CNAME answers every type but its own with the alias (resolvers follow it).
        answer(Packet.TYPE.CNAME, { domain: entry.CNAME });
        if (question.type !== Packet.TYPE.CNAME) {
          const target = zone.get(entry.CNAME);
          if (question.type === Packet.TYPE.A) for (const address of target?.A ?? []) response.answers.push({ name: entry.CNAME, type: Packet.TYPE.A, class: Packet.CLASS.IN, ttl: 1, address });
          if (question.type === Packet.TYPE.AAAA) for (const address of target?.AAAA ?? []) response.answers.push({ name: entry.CNAME, type: Packet.TYPE.AAAA, class: Packet.CLASS.IN, ttl: 1, address });
        }
      } else if (question.type === Packet.TYPE.TXT) for (const data of entry.TXT ?? []) answer(Packet.TYPE.TXT, { data });
      else if (question.type === Packet.TYPE.A) for (const address of entry.A ?? []) answer(Packet.TYPE.A, { address });
      else if (question.type === Packet.TYPE.AAAA) for (const address of entry.AAAA ?? []) answer(Packet.TYPE.AAAA, { address });
      reply(response);
    },
  });
  await server.listen({ udp: { port: 0, address: "127.0.0.1" } });
  const port: number = server.addresses().udp.port;
  return {
    server: `127.0.0.1:${port}`,
    zone,
    asked,
    set: (name, entry) => zone.set(name.toLowerCase(), entry),
    close: () => server.close(),
  };
}

export interface CloudflareFake {
  apiBase: string;
  /** Every request it received: method, path, the Authorization header, the JSON body. */
  requests: Array<{ method: string; path: string; authorization: string | null; body: any }>;
  /** Zones by name, and the token each accepts. */
  zones: Map<string, { id: string }>;
  token: string;
  /** Make the next calls fail: 500s (unavailable). */
  down: boolean;
  stop(): void;
}

/** A fake of Cloudflare's DNS API (see the top of this file): not the real service. */
export function startFakeCloudflare(dns: DnsPeer, token: string): CloudflareFake {
  const fake: CloudflareFake = {
    apiBase: "",
    requests: [],
    zones: new Map(),
    token,
    down: false,
    stop: () => server.stop(true),
  };
  const records: Array<{ zoneId: string; type: string; name: string; content: string }> = [];
  const envelope = (result: unknown, status = 200, errors: Array<{ code: number; message: string }> = []) =>
    Response.json({ success: errors.length === 0, errors, messages: [], result }, { status });
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(request) {
      const url = new URL(request.url);
      const body = request.method === "POST" ? await request.json().catch(() => null) : null;
      fake.requests.push({ method: request.method, path: `${url.pathname}${url.search}`, authorization: request.headers.get("authorization"), body });
      if (fake.down) return new Response("upstream down", { status: 502 });
      if (request.headers.get("authorization") !== `Bearer ${fake.token}`) return envelope(null, 403, [{ code: 9109, message: "Invalid access token" }]);
      const path = url.pathname.replace(/^\/client\/v4/, "");
      if (request.method === "GET" && path === "/zones") {
        const name = url.searchParams.get("name") ?? "";
        const zone = fake.zones.get(name);
        return envelope(zone ? [{ id: zone.id, name, status: "active" }] : []);
      }
      const m = /^\/zones\/([^/]+)\/dns_records$/.exec(path);
      if (request.method === "POST" && m) {
        const zoneId = m[1]!;
        const { type, name, content } = body ?? {};
        const same = records.find((r) => r.zoneId === zoneId && r.name === name && r.type === type && r.content === content);
        if (same) return envelope(null, 400, [{ code: 81058, message: "An identical record already exists." }]);
        const existing = dns.zone.get(name);
        if (type === "CNAME" && existing && (existing.A || existing.AAAA || existing.CNAME)) {
          return envelope(null, 400, [{ code: 81053, message: "An A, AAAA, or CNAME record with that host already exists." }]);
        }
        records.push({ zoneId, type, name, content });
        const entry = dns.zone.get(name) ?? {};
        if (type === "TXT") entry.TXT = [...(entry.TXT ?? []), content];
        if (type === "CNAME") entry.CNAME = content;
        dns.set(name, entry);
        return envelope({ id: crypto.randomUUID(), type, name, content });
      }
      return envelope(null, 404, [{ code: 7003, message: "Could not route" }]);
    },
  });
  fake.apiBase = `http://127.0.0.1:${server.port}/client/v4`;
  return fake;
}

/** A request as a browser sends it to `host` (the URL's host is what Bun takes the Host header from). */
export async function onHost(t: TestApp, host: string, method: string, path: string, options: RequestOptions = {}): Promise<TestResponse> {
  const app = { handle: (r: Request) => t.app.handle(new Request(`http://${host}${new URL(r.url).pathname}${new URL(r.url).search}`, r)) };
  return send(app, method, path, options);
}
