/**
 * The dashboard's one way to call the API: same-origin fetch with the session cookie,
 * JSON in and out, and every refusal turned into an ApiProblem that the pages show in
 * plain words (see messages.ts).
 */

export class ApiProblem extends Error {
  constructor(
    readonly status: number,
    /** The spec's error code (`error` in the body), or "" when the body carried none. */
    readonly code: string,
    readonly body: Record<string, unknown>,
    /** The server's x-request-id: what an operator searches the logs for. */
    readonly requestId: string | null = null,
  ) {
    super(code || `HTTP ${status}`);
  }
}

/** Sends the browser to the dashboard sign-in page, which brings it back here afterwards (5.7 returnUrl). */
export function signInAgain(): never {
  const here = location.pathname + location.search;
  location.assign(`/login?returnUrl=${encodeURIComponent(here)}`);
  throw new ApiProblem(401, "signed_out", {});
}

async function problemOf(response: Response): Promise<ApiProblem> {
  let body: Record<string, unknown> = {};
  try {
    const parsed = await response.json();
    if (parsed && typeof parsed === "object") body = parsed as Record<string, unknown>;
  } catch {
    // A body that is not JSON (a proxy's page): the status alone explains it.
  }
  return new ApiProblem(response.status, typeof body.error === "string" ? body.error : "", body, response.headers.get("x-request-id"));
}

/** How many changes (any method but GET and HEAD) the server has accepted since the page loaded. */
let acceptedChanges = 0;

/** The count of accepted changes: an action that raised it did something, and its toast says so. */
export function changesAccepted(): number {
  return acceptedChanges;
}

export interface CallOptions {
  /** A 401 means "not signed in": send the browser to /login unless the caller handles it. */
  redirectOn401?: boolean;
}

export async function api<T = any>(method: string, path: string, body?: unknown, options: CallOptions = {}): Promise<T> {
  const init: RequestInit = { method, credentials: "same-origin", headers: {} };
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    (init.headers as Record<string, string>)["content-type"] = "application/json";
  }
  let response: Response;
  try {
    response = await fetch(path, init);
  } catch {
    throw new ApiProblem(0, "network_error", {});
  }
  if (response.status === 401 && options.redirectOn401 !== false) signInAgain();
  if (!response.ok) throw await problemOf(response);
  if (method !== "GET" && method !== "HEAD") acceptedChanges += 1;
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/** A query string from the defined, non-empty values. */
export function query(values: Record<string, string | number | boolean | undefined | null>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value !== undefined && value !== null && value !== "") params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : "";
}

/**
 * A multipart upload through XMLHttpRequest: fetch cannot report upload progress.
 * `onProgress` receives a fraction between 0 and 1.
 */
export function uploadWithProgress<T = any>(path: string, form: FormData, onProgress: (fraction: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", path);
    request.withCredentials = true;
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onerror = () => reject(new ApiProblem(0, "network_error", {}));
    request.onload = () => {
      let body: any = {};
      try {
        body = JSON.parse(request.responseText);
      } catch {}
      if (request.status === 401) signInAgain();
      if (request.status >= 200 && request.status < 300) {
        acceptedChanges += 1;
        resolve(body as T);
      }
      else reject(new ApiProblem(request.status, typeof body?.error === "string" ? body.error : "", body ?? {}, request.getResponseHeader("x-request-id")));
    };
    request.send(form);
  });
}
