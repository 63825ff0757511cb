/**
 * Outbound HTTP to addresses that customers configure (an organization's identity
 * provider: discovery documents, JWKS, token endpoints, SAML metadata). A URL an
 * organization types must not become a way into the operator's own network (SSRF), so
 * every request goes through one guard:
 *
 * - https only; plain http only to a loopback or private address, and only when the
 *   operator allows private networks;
 * - the host's addresses (every one DNS gives) must be public unless the operator allows
 *   private networks (SIGNET_FEDERATION_ALLOW_PRIVATE_NETWORKS): loopback, RFC 1918,
 *   carrier-grade NAT, link-local (cloud metadata at 169.254.169.254), unique-local,
 *   multicast and reserved ranges are refused;
 * - redirects are not followed (the caller sees the 3xx), so a public URL cannot bounce
 *   the request inward;
 * - a time limit and a size limit on the answer.
 *
 * The address is checked before connecting; a DNS answer that changes between the
 * check and the connection (rebinding) is not caught here. docs/federation.md says so.
 */
import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import { inCidrs, parseCidrList } from "../http/ip";
import { metrics } from "../metrics";

/** A fetch with the guard's checks; answers a Response whose body is already read (bounded). */
export type GuardedFetch = (url: string | URL, init?: RequestInit) => Promise<Response>;

export interface OutboundPolicy {
  /** Loopback and private addresses, and plain http to them, are allowed. */
  allowPrivateNetworks: boolean;
  timeoutMs?: number;
  maxBytes?: number;
  /** Replaces DNS (the addresses a host resolves to). */
  resolve?: (host: string) => Promise<string[]>;
}

/** Why a request was not sent, or its answer not read, in words a person can act on. */
export class OutboundRefusedError extends Error {
  constructor(
    message: string,
    readonly reason: "scheme" | "address" | "dns" | "timeout" | "too_large" | "network",
  ) {
    super(message);
  }
}

/** Addresses that are not the public internet. */
const NON_PUBLIC = parseCidrList(
  [
    "0.0.0.0/8",
    "10.0.0.0/8",
    "100.64.0.0/10",
    "127.0.0.0/8",
    "169.254.0.0/16",
    "172.16.0.0/12",
    "192.0.0.0/24",
    "192.0.2.0/24",
    "192.168.0.0/16",
    "198.18.0.0/15",
    "198.51.100.0/24",
    "203.0.113.0/24",
    "224.0.0.0/4",
    "240.0.0.0/4",
    "::/128",
    "::1/128",
    "64:ff9b::/96",
    "100::/64",
    "2001:db8::/32",
    "fc00::/7",
    "fe80::/10",
    "ff00::/8",
  ].join(","),
);

export function isPublicAddress(ip: string): boolean {
  return isIP(ip) !== 0 && !inCidrs(ip, NON_PUBLIC);
}

async function systemResolve(host: string): Promise<string[]> {
  const answers = await lookup(host, { all: true, verbatim: true });
  return answers.map((a) => a.address);
}

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_BYTES = 1024 * 1024;

/** Throws OutboundRefusedError when the policy does not let a request go to `url`. */
export async function checkOutboundUrl(policy: OutboundPolicy, url: URL): Promise<void> {
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new OutboundRefusedError(`${url.protocol} URLs are not fetched; use https`, "scheme");
  if (url.username || url.password) throw new OutboundRefusedError("URLs with a user name or password are not fetched", "scheme");
  const host = url.hostname.replace(/^\[|\]$/g, "");
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = await (policy.resolve ?? systemResolve)(host);
    } catch {
      throw new OutboundRefusedError(`the host ${host} does not resolve`, "dns");
    }
    if (addresses.length === 0) throw new OutboundRefusedError(`the host ${host} does not resolve`, "dns");
  }
  const inward = addresses.filter((a) => !isPublicAddress(a));
  if (inward.length > 0 && !policy.allowPrivateNetworks) {
    throw new OutboundRefusedError(`${host} is a loopback or private address (${inward[0]}); only public addresses are reached unless the operator allows private networks`, "address");
  }
  if (url.protocol === "http:" && (inward.length === 0 || !policy.allowPrivateNetworks)) {
    throw new OutboundRefusedError(`${url.origin} is plain http; use https`, "scheme");
  }
}

/** A fetch that applies the policy to every request (see the module comment). */
export function guardedFetch(policy: OutboundPolicy): GuardedFetch {
  const timeoutMs = policy.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBytes = policy.maxBytes ?? DEFAULT_MAX_BYTES;
  return async (input, init = {}) => {
    const url = new URL(String(input));
    await checkOutboundUrl(policy, url);
    const signal = init.signal ? AbortSignal.any([init.signal, AbortSignal.timeout(timeoutMs)]) : AbortSignal.timeout(timeoutMs);
    let response: Response;
    try {
      response = await fetch(url, { ...init, redirect: "manual", signal });
    } catch (e) {
      metrics.outboundFailures.inc({ channel: "http" });
      if ((e as Error)?.name === "TimeoutError") throw new OutboundRefusedError(`${url.origin} did not answer within ${timeoutMs / 1000} s`, "timeout");
      throw new OutboundRefusedError(`${url.origin} could not be reached (${(e as Error)?.message ?? "network error"})`, "network");
    }
    const body = await readBounded(response, maxBytes, url);
    // The body is read and decoded: the length and encoding the server gave no longer describe it.
    const headers = new Headers(response.headers);
    headers.delete("content-encoding");
    headers.delete("content-length");
    return new Response(body as BodyInit | null, { status: response.status, statusText: response.statusText, headers });
  };
}

async function readBounded(response: Response, maxBytes: number, url: URL): Promise<Uint8Array | null> {
  if (!response.body) return null;
  const declared = Number(response.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw new OutboundRefusedError(`${url.origin} answered more than ${maxBytes} bytes`, "too_large");
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => {});
      throw new OutboundRefusedError(`${url.origin} answered more than ${maxBytes} bytes`, "too_large");
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
