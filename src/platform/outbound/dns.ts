/**
 * DNS through `node:dns` (DESIGN §8): the records custom login domains are checked
 * against. One resolver per process, pointed at SIGNET_DNS_SERVERS when set (an internal
 * resolver, or a test's local DNS server), else at the system's. Lookups go over the
 * wire every time: nothing here caches, so a record a customer just created is seen as
 * soon as their DNS answers it.
 *
 * Answers are reduced to what a check needs: a name that has no record of the type is an
 * empty list (NXDOMAIN and NODATA alike), and anything else that went wrong (a timeout,
 * SERVFAIL, a refused query) is a DnsLookupError naming the code.
 */
import { Resolver } from "node:dns/promises";

export class DnsLookupError extends Error {
  constructor(
    readonly code: string,
    readonly name_: string,
    readonly type: string,
  ) {
    super(`DNS ${type} lookup of ${name_} failed (${code})`);
  }
}

export interface DnsResolver {
  /** Each TXT record as one string (its character-strings joined). */
  txt(name: string): Promise<string[]>;
  /** CNAME targets, lower case without the trailing dot. */
  cname(name: string): Promise<string[]>;
  /** A and AAAA addresses together (flattened records at an apex are compared this way). */
  addresses(name: string): Promise<string[]>;
}

const ABSENT = new Set(["ENOTFOUND", "ENODATA", "NXDOMAIN", "NODATA"]);

/** `host:port` entries as node:dns takes them; a bare IPv6 address, or one with a port, in brackets. */
export function parseDnsServers(value: string): string[] {
  return value
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}

export function createDnsResolver(options: { servers: string[]; timeoutMs?: number }): DnsResolver {
  // A resolver per lookup: one kept would answer from its own cache (c-ares keeps answers
  // for their TTL, and a "no such name" for the zone's negative TTL), and a customer who
  // just created a record must not wait for that.
  function fresh(): Resolver {
    const resolver = new Resolver({ timeout: options.timeoutMs ?? 3000, tries: 2 });
    if (options.servers.length > 0) resolver.setServers(options.servers);
    return resolver;
  }
  async function lookup<T>(type: string, name: string, run: (resolver: Resolver) => Promise<T[]>): Promise<T[]> {
    try {
      return await run(fresh());
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code ?? "EUNKNOWN";
      if (ABSENT.has(code)) return [];
      throw new DnsLookupError(code, name, type);
    }
  }
  const clean = (host: string) => host.toLowerCase().replace(/\.$/, "");
  return {
    txt: async (name) => (await lookup("TXT", name, (r) => r.resolveTxt(name))).map((chunks) => chunks.join("")),
    cname: async (name) => (await lookup("CNAME", name, (r) => r.resolveCname(name))).map(clean),
    addresses: async (name) => {
      const [v4, v6] = await Promise.all([lookup("A", name, (r) => r.resolve4(name)), lookup("AAAA", name, (r) => r.resolve6(name))]);
      return [...v4, ...v6.map((a) => a.toLowerCase())];
    },
  };
}
