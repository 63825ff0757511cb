/**
 * Client IP resolution behind trusted proxies. Only a peer inside SIGNET_TRUSTED_PROXIES
 * may name the client through X-Forwarded-For; the address used is the right-most
 * entry of the chain that is not itself a trusted proxy.
 */
import { isIP } from "node:net";

export interface Cidr {
  bytes: Uint8Array;
  prefix: number;
  text: string;
}

function ipv4Bytes(ip: string): Uint8Array {
  return Uint8Array.from(ip.split(".").map(Number));
}

function ipv6Bytes(ip: string): Uint8Array {
  let text = ip;
  const v4 = text.match(/(\d+\.\d+\.\d+\.\d+)$/);
  let tail: number[] = [];
  if (v4) {
    const b = ipv4Bytes(v4[1]!);
    tail = [(b[0]! << 8) | b[1]!, (b[2]! << 8) | b[3]!];
    text = text.slice(0, -v4[1]!.length).replace(/:$/, ":0").replace(/::0$/, "::");
    if (text.endsWith(":0")) text = text.slice(0, -2);
  }
  const [head, rest] = text.includes("::") ? text.split("::") : [text, undefined];
  const h = head ? head.split(":").filter(Boolean).map((x) => parseInt(x, 16)) : [];
  const r = rest !== undefined && rest ? rest.split(":").filter(Boolean).map((x) => parseInt(x, 16)) : [];
  const groups = rest === undefined ? [...h, ...tail] : [...h, ...Array(8 - h.length - r.length - tail.length).fill(0), ...r, ...tail];
  const out = new Uint8Array(16);
  groups.slice(0, 8).forEach((g, i) => {
    out[i * 2] = (g >> 8) & 0xff;
    out[i * 2 + 1] = g & 0xff;
  });
  return out;
}

/** Normalises an address to 16 bytes (IPv4 as IPv4-mapped IPv6), or null if it is not an IP. */
export function ipBytes(ip: string): Uint8Array | null {
  const kind = isIP(ip);
  if (kind === 4) return ipBytes(`::ffff:${ip}`);
  if (kind === 6) return ipv6Bytes(ip);
  return null;
}

export function parseCidrList(text: string): Cidr[] {
  return text
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)
    .map((entry) => {
      const [addr, prefixText] = entry.split("/");
      const kind = isIP(addr!);
      if (!kind) throw new Error(`"${entry}" is not an IP address or CIDR`);
      const max = kind === 4 ? 32 : 128;
      const prefix = prefixText === undefined ? max : Number(prefixText);
      if (!Number.isInteger(prefix) || prefix < 0 || prefix > max) throw new Error(`"${entry}" has an invalid prefix length`);
      return { bytes: ipBytes(addr!)!, prefix: kind === 4 ? prefix + 96 : prefix, text: entry };
    });
}

export function inCidrs(ip: string, cidrs: Cidr[]): boolean {
  const bytes = ipBytes(ip);
  if (!bytes) return false;
  return cidrs.some((c) => {
    let bits = c.prefix;
    for (let i = 0; i < 16 && bits > 0; i++, bits -= 8) {
      const mask = bits >= 8 ? 0xff : (0xff << (8 - bits)) & 0xff;
      if ((bytes[i]! & mask) !== (c.bytes[i]! & mask)) return false;
    }
    return true;
  });
}

/** The client address for rate limits and audit records. */
export function clientIp(peer: string | null, forwardedFor: string | null, trusted: Cidr[]): string | null {
  if (!peer || trusted.length === 0 || !inCidrs(peer, trusted) || !forwardedFor) return peer;
  const chain = forwardedFor.split(",").map((s) => s.trim()).filter(Boolean);
  for (let i = chain.length - 1; i >= 0; i--) {
    const hop = chain[i]!;
    if (!isIP(hop)) return peer;
    if (!inCidrs(hop, trusted)) return hop;
  }
  return chain[0] && isIP(chain[0]) ? chain[0] : peer;
}
