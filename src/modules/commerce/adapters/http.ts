/**
 * The one way commerce's adapters talk to their peers (DESIGN §8): a timeout on every
 * call, the peer's JSON answer or a PeerError that says which peer refused and why. The
 * services turn a PeerError into 502 gateway_failed or provider_failed, after which
 * nothing of theirs has changed.
 */
const TIMEOUT_MS = 15_000;

export class PeerError extends Error {
  constructor(
    readonly peer: string,
    message: string,
    readonly status: number | null,
    readonly code: string | null,
  ) {
    super(`${peer}: ${message}`);
  }
}

export interface PeerRequest {
  method: "GET" | "POST";
  url: URL;
  headers?: Record<string, string>;
  body?: string;
}

export async function callPeer(fetcher: typeof fetch, peer: string, request: PeerRequest, codeOf: (body: any) => string | null = () => null): Promise<any> {
  let response: Response;
  try {
    response = await fetcher(request.url, { method: request.method, headers: request.headers, body: request.body, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (e) {
    throw new PeerError(peer, `could not be reached: ${(e as Error).message}`, null, null);
  }
  const body = (await response.json().catch(() => null)) as any;
  if (!response.ok) throw new PeerError(peer, body?.message ?? body?.error?.message ?? `answered ${response.status}`, response.status, codeOf(body));
  if (body === null || typeof body !== "object") throw new PeerError(peer, "answered without a JSON object", response.status, null);
  return body;
}

export function form(params: Record<string, string | number | boolean>): string {
  return new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
}

/**
 * A peer's refusal as the answer `refusal` makes of it (502 gateway_failed or
 * provider_failed), logged with the peer's status and code; anything else is ours and is
 * returned as it is, for the caller to rethrow.
 */
export function refusalOf(logger: { warn(message: string, fields: Record<string, unknown>): void }, error: unknown, refusal: (e: PeerError) => Error): unknown {
  if (!(error instanceof PeerError)) return error;
  logger.warn("outbound peer refused", { peer: error.peer, status: error.status, code: error.code, error: error.message });
  return refusal(error);
}
