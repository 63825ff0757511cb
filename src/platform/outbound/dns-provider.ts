/**
 * Creating DNS records in a customer's zone with a token they hand us once (DESIGN §8):
 * custom login domains' auto-configure. The shipped adapter is Cloudflare's DNS API over
 * plain fetch (`SIGNET_CLOUDFLARE_API_BASE`, default https://api.cloudflare.com/client/v4).
 *
 * The token lives only in the arguments of one call: it is never stored, logged, put in
 * an error message or kept in memory after the call returns. Records that already exist
 * with the same content count as created; a different record on the same name is left
 * alone and reported (`record_conflict`), since nothing in a customer's zone is ever
 * changed or deleted.
 */

export interface DnsRecordRequest {
  type: "TXT" | "CNAME";
  /** Fully qualified, lower case, no trailing dot. */
  name: string;
  content: string;
}

export type DnsProviderError = "invalid_token" | "zone_not_found" | "record_conflict" | "provider_error" | "provider_unavailable";

export type DnsProviderResult =
  | { ok: true; zoneName: string; created: Array<DnsRecordRequest["type"]> }
  | { ok: false; error: DnsProviderError; zoneName: string | null; created: Array<DnsRecordRequest["type"]>; detail: string };

export interface DnsProvider {
  /** Finds the zone that holds `domain` and creates `records` in it with `token`. */
  createRecords(token: string, domain: string, records: DnsRecordRequest[]): Promise<DnsProviderResult>;
}

export const CLOUDFLARE_API_BASE = "https://api.cloudflare.com/client/v4";
const TIMEOUT_MS = 10_000;

interface CloudflareEnvelope<T> {
  success?: boolean;
  errors?: Array<{ code?: number; message?: string }>;
  result?: T;
}

class ProviderFailure extends Error {
  constructor(
    readonly error: DnsProviderError,
    readonly detail: string,
  ) {
    super(detail);
  }
}

/** Cloudflare's error codes that mean the token is wrong or lacks the permission. */
const AUTH_CODES = new Set([9106, 9109, 10000, 10001]);
/** "An identical record already exists." */
const IDENTICAL_RECORD = 81058;
/** Another record on the name (A/AAAA/CNAME, or a CNAME beside other records). */
const CONFLICT_CODES = new Set([81053, 81054, 81055, 81056, 81057]);

export function createCloudflareDnsProvider(options: { apiBase: string; fetch?: typeof fetch }): DnsProvider {
  const base = options.apiBase.replace(/\/+$/, "");
  const doFetch = options.fetch ?? fetch;

  async function call<T>(token: string, method: string, path: string, body?: unknown): Promise<{ status: number; envelope: CloudflareEnvelope<T> }> {
    let response: Response;
    try {
      response = await doFetch(`${base}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json", accept: "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
        redirect: "manual",
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (e) {
      throw new ProviderFailure("provider_unavailable", `the DNS provider could not be reached (${(e as Error).name})`);
    }
    let envelope: CloudflareEnvelope<T>;
    try {
      envelope = (await response.json()) as CloudflareEnvelope<T>;
    } catch {
      throw new ProviderFailure(response.status >= 500 ? "provider_unavailable" : "provider_error", `the DNS provider answered ${response.status} without JSON`);
    }
    const codes = (envelope.errors ?? []).map((e) => e.code ?? 0);
    if (response.status === 401 || response.status === 403 || codes.some((c) => AUTH_CODES.has(c))) {
      throw new ProviderFailure("invalid_token", "the DNS provider refused the token (wrong token, or it lacks Zone:Read and DNS:Edit)");
    }
    if (response.status >= 500) throw new ProviderFailure("provider_unavailable", `the DNS provider answered ${response.status}`);
    return { status: response.status, envelope };
  }

  /** The zone holding `domain`: the longest of its suffixes (two labels at least) that the token can see. */
  async function findZone(token: string, domain: string): Promise<{ id: string; name: string }> {
    const labels = domain.split(".");
    for (let i = 0; i <= labels.length - 2; i++) {
      const candidate = labels.slice(i).join(".");
      const { status, envelope } = await call<Array<{ id: string; name: string }>>(token, "GET", `/zones?name=${encodeURIComponent(candidate)}&per_page=5`);
      if (status !== 200 || envelope.success === false) throw new ProviderFailure("provider_error", `listing zones answered ${status}`);
      const zone = (envelope.result ?? []).find((z) => z.name?.toLowerCase() === candidate);
      if (zone) return { id: zone.id, name: candidate };
    }
    throw new ProviderFailure("zone_not_found", `no zone for ${domain} is visible to this token`);
  }

  return {
    async createRecords(token, domain, records) {
      let zoneName: string | null = null;
      const created: Array<DnsRecordRequest["type"]> = [];
      try {
        const zone = await findZone(token, domain);
        zoneName = zone.name;
        for (const record of records) {
          const body = { type: record.type, name: record.name, content: record.content, ttl: 1, ...(record.type === "CNAME" ? { proxied: false } : {}) };
          const { status, envelope } = await call(token, "POST", `/zones/${encodeURIComponent(zone.id)}/dns_records`, body);
          const codes = (envelope.errors ?? []).map((e) => e.code ?? 0);
          if (envelope.success && status < 300) {
            created.push(record.type);
            continue;
          }
          if (codes.includes(IDENTICAL_RECORD)) continue;
          if (codes.some((c) => CONFLICT_CODES.has(c))) {
            throw new ProviderFailure("record_conflict", `${record.name} already has another record; remove it yourself, then try again (nothing in your zone is changed or deleted here)`);
          }
          throw new ProviderFailure("provider_error", `creating the ${record.type} record answered ${status}${codes.length ? ` (codes ${codes.join(", ")})` : ""}`);
        }
        return { ok: true, zoneName: zone.name, created };
      } catch (e) {
        if (e instanceof ProviderFailure) return { ok: false, error: e.error, zoneName, created, detail: e.detail };
        throw e;
      }
    },
  };
}
