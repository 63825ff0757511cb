/**
 * A recorded fake of the OAuth providers without id tokens: GitHub, Kakao and Naver. It
 * speaks their authorization redirect, token endpoint (each with its own client
 * authentication and error habits) and user APIs in the shapes their documentation
 * records, on a local Bun.serve port:
 *
 * - GitHub: client_secret_basic; a bad code is 200 {error: "bad_verification_code"};
 *   GET /user and GET /user/emails ([{email, primary, verified}]); POST
 *   /applications/{client_id}/token (Basic auth) says whether a token is the app's.
 * - Kakao: client_id and client_secret in the form; 400 {error: "invalid_grant"};
 *   GET /v2/user/me {id (number), kakao_account: {email, is_email_valid, is_email_verified, profile}}.
 * - Naver: client_id and client_secret in the form; 200 {error, error_description};
 *   GET /v1/nid/me {resultcode: "00", message, response: {id, email, name, nickname}}.
 *
 * The authorization page has no login form: `?login=<account>` names who signs in.
 */
export type FakeProvider = "github" | "kakao" | "naver";

export interface FakeClient {
  clientId: string;
  clientSecret: string;
}

export interface OAuthPeer {
  url: string;
  /** The SIGNET_SOCIAL_ENDPOINTS entry of one provider. */
  endpoints(provider: FakeProvider): Record<string, string>;
  /** Accounts per provider: what the user API answers (as the provider shapes it). */
  accounts: Record<FakeProvider, Record<string, unknown>>;
  /** An access token for `account`, as a native SDK would hold it; issued to our client unless `clientId` names another app. */
  issueAccessToken(provider: FakeProvider, account: string, clientId?: string): string;
  /** Follows the start redirect's Location through the authorization page as `account`; returns the callback query. */
  authorize(location: string, account: string): Promise<Record<string, string>>;
  stop(): void;
}

export function startOAuthPeer(clients: Record<FakeProvider, FakeClient>): OAuthPeer {
  const codes = new Map<string, { provider: FakeProvider; account: string; redirectUri: string }>();
  const tokens = new Map<string, { provider: FakeProvider; account: string; clientId: string }>();
  const accounts: OAuthPeer["accounts"] = { github: {}, kakao: {}, naver: {} };
  const random = () => crypto.randomUUID().replace(/-/g, "");
  const issueAccessToken = (provider: FakeProvider, account: string, clientId = clients[provider].clientId) => {
    const token = `${provider}-at-${random()}`;
    tokens.set(token, { provider, account, clientId });
    return token;
  };

  const tokenError = (provider: FakeProvider, error: string, description: string): Response => {
    if (provider === "kakao") return Response.json({ error, error_description: description }, { status: 400 });
    return Response.json({ error, error_description: description });
  };

  const clientOf = (provider: FakeProvider, request: Request, form: URLSearchParams): boolean => {
    const client = clients[provider];
    if (provider === "github") {
      const basic = request.headers.get("authorization")?.replace(/^Basic /, "");
      return basic === btoa(`${client.clientId}:${client.clientSecret}`);
    }
    return form.get("client_id") === client.clientId && form.get("client_secret") === client.clientSecret;
  };

  const userOf = (provider: FakeProvider, request: Request): Record<string, any> | null => {
    const token = request.headers.get("authorization")?.replace(/^Bearer /, "") ?? "";
    const found = tokens.get(token);
    if (!found || found.provider !== provider) return null;
    return accounts[provider][found.account] as Record<string, any>;
  };

  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(request) {
      const url = new URL(request.url);
      const [, provider, ...rest] = url.pathname.split("/") as [string, FakeProvider, ...string[]];
      const path = rest.join("/");
      if (!clients[provider]) return new Response("not found", { status: 404 });
      if (path === "authorize") {
        const redirectUri = url.searchParams.get("redirect_uri") ?? "";
        if (url.searchParams.get("client_id") !== clients[provider].clientId) return new Response("unknown client", { status: 400 });
        const back = new URL(redirectUri);
        const account = url.searchParams.get("login") ?? "";
        if (!accounts[provider][account]) back.searchParams.set("error", "access_denied");
        else {
          const code = random();
          codes.set(code, { provider, account, redirectUri });
          back.searchParams.set("code", code);
        }
        back.searchParams.set("state", url.searchParams.get("state") ?? "");
        return new Response(null, { status: 302, headers: { location: back.href } });
      }
      if (path === "token" && request.method === "POST") {
        const form = new URLSearchParams(await request.text());
        if (!clientOf(provider, request, form)) return provider === "github" ? tokenError(provider, "incorrect_client_credentials", "bad client") : Response.json({ error: "invalid_client" }, { status: 401 });
        const grant = codes.get(form.get("code") ?? "");
        codes.delete(form.get("code") ?? "");
        if (!grant || grant.provider !== provider || grant.redirectUri !== form.get("redirect_uri")) {
          return tokenError(provider, provider === "github" ? "bad_verification_code" : "invalid_grant", "The code passed is incorrect or expired.");
        }
        return Response.json({ access_token: issueAccessToken(provider, grant.account), token_type: "bearer", scope: "" });
      }
      // GitHub: POST /applications/{client_id}/token (Basic auth as that app) → 200 when the token is the app's, else 404.
      if (provider === "github" && path === `applications/${clients.github.clientId}/token` && request.method === "POST") {
        if (!clientOf("github", request, new URLSearchParams())) return Response.json({ message: "Not Found" }, { status: 404 });
        const presented = ((await request.json().catch(() => ({}))) as { access_token?: string }).access_token ?? "";
        const found = tokens.get(presented);
        if (!found || found.provider !== "github" || found.clientId !== clients.github.clientId) return Response.json({ message: "Not Found" }, { status: 404 });
        return Response.json({ token: presented, app: { client_id: found.clientId } });
      }
      const user = userOf(provider, request);
      if (!user) return provider === "naver" ? Response.json({ resultcode: "024", message: "Authentication failed" }, { status: 401 }) : Response.json({ message: "Bad credentials" }, { status: 401 });
      if (provider === "github" && path === "user") return Response.json(user.profile);
      if (provider === "github" && path === "user/emails") return user.emails ? Response.json(user.emails) : Response.json({ message: "Not Found" }, { status: 404 });
      if (provider === "kakao" && path === "v2/user/me") return Response.json(user);
      if (provider === "naver" && path === "v1/nid/me") return Response.json({ resultcode: "00", message: "success", response: user });
      return new Response("not found", { status: 404 });
    },
  });
  const base = `http://127.0.0.1:${server.port}`;
  const userinfoPath: Record<FakeProvider, string> = { github: "user", kakao: "v2/user/me", naver: "v1/nid/me" };

  return {
    url: base,
    accounts,
    issueAccessToken,
    endpoints: (provider) => ({
      authorize: `${base}/${provider}/authorize`,
      token: `${base}/${provider}/token`,
      userinfo: `${base}/${provider}/${userinfoPath[provider]}`,
      ...(provider === "github" ? { emails: `${base}/github/user/emails`, tokenCheck: `${base}/github/applications/{client_id}/token` } : {}),
    }),
    async authorize(location, account) {
      const url = new URL(location);
      url.searchParams.set("login", account);
      const response = await fetch(url, { redirect: "manual" });
      const back = response.headers.get("location");
      if (response.status !== 302 || !back) throw new Error(`authorize: ${response.status} ${await response.text()}`);
      return Object.fromEntries(new URL(back).searchParams);
    },
    stop: () => server.stop(true),
  };
}
