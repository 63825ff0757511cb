/**
 * The quickstarts an application's card shows, filled in with its own organization,
 * key and URLs. Plain functions of their inputs, so a test can run the Node snippet
 * against a real token (test/surfaces/dashboard/quickstart.test.ts).
 */

export interface QuickstartTarget {
  /** The service's base URL, as tokens name it in `iss` (docs/end-users.md). */
  baseUrl: string;
  orgSlug: string;
  /** The application's public key (`client_…`): `aud` of its end users' tokens. */
  clientKey: string;
  /** Where the hosted login sends the browser back; the first Callback URL, if any. */
  callbackUrl: string | null;
}

export interface Quickstart {
  id: string;
  title: string;
  language: string;
  explanation: string;
  code: string;
}

const jwksUrl = (q: QuickstartTarget) => `${q.baseUrl}/api/public/orgs/${q.orgSlug}/jwks.json`;
const issuer = (q: QuickstartTarget) => `${q.baseUrl}/orgs/${q.orgSlug}`;

/** Node with jose: the module exports verifyEndUser(token) → the token's claims. */
export function nodeVerify(q: QuickstartTarget): string {
  return `// npm install jose
import { createRemoteJWKSet, jwtVerify } from "jose";

const jwks = createRemoteJWKSet(new URL("${jwksUrl(q)}"));

export async function verifyEndUser(token) {
  const { payload } = await jwtVerify(token, jwks, {
    issuer: "${issuer(q)}",
    audience: "${q.clientKey}",
    typ: "end-user+jwt",
    algorithms: ["RS256"],
  });
  return payload; // payload.sub is the end user's id
}
`;
}

export function pythonVerify(q: QuickstartTarget): string {
  return `# pip install "pyjwt[crypto]"
import jwt

jwks = jwt.PyJWKClient("${jwksUrl(q)}")

def verify_end_user(token: str) -> dict:
    key = jwks.get_signing_key_from_jwt(token)
    return jwt.decode(
        token,
        key.key,
        algorithms=["RS256"],
        audience="${q.clientKey}",
        issuer="${issuer(q)}",
    )  # ["sub"] is the end user's id
`;
}

export function goVerify(q: QuickstartTarget): string {
  return `// go get github.com/MicahParks/keyfunc/v3 github.com/golang-jwt/jwt/v5
package auth

import (
	"github.com/MicahParks/keyfunc/v3"
	"github.com/golang-jwt/jwt/v5"
)

var jwks, _ = keyfunc.NewDefault([]string{"${jwksUrl(q)}"})

// VerifyEndUser returns the token's claims; claims["sub"] is the end user's id.
func VerifyEndUser(token string) (jwt.MapClaims, error) {
	claims := jwt.MapClaims{}
	_, err := jwt.ParseWithClaims(token, claims, jwks.Keyfunc,
		jwt.WithValidMethods([]string{"RS256"}),
		jwt.WithIssuer("${issuer(q)}"),
		jwt.WithAudience("${q.clientKey}"),
		jwt.WithExpirationRequired(),
	)
	return claims, err
}
`;
}

export function beaconSnippet(q: QuickstartTarget): string {
  return `<script async src="${q.baseUrl}/beacon.js" data-app="${q.clientKey}"></script>
<!-- later: signet.track("signup_clicked", { plan: "pro" }); signet.identify(endUserId); -->
`;
}

export function hostedLoginRedirect(q: QuickstartTarget): string {
  const back = q.callbackUrl ?? "https://YOUR-APP/callback";
  const login = `${q.baseUrl}/login/${q.clientKey}?redirect_url=${encodeURIComponent(back)}`;
  return `# 1. Send the browser to the hosted login:
${login}

# 2. It comes back to ${back}?code=…; trade the code (one use, 60 s) on your backend:
curl -X POST "${q.baseUrl}/api/public/apps/${q.clientKey}/auth/session/exchange" \\
  -H "content-type: application/json" \\
  -d '{"code":"CODE_FROM_THE_QUERY"}'
# → {accessToken, refreshToken, expiresIn, endUser, …}
`;
}

export function m2mExchange(q: QuickstartTarget): string {
  return `# An API key (API & keys page) for a short-lived bearer token:
curl -X POST "${q.baseUrl}/api/m2m/token" \\
  -H "content-type: application/json" \\
  -d '{"orgSlug":"${q.orgSlug}","apiKey":"'"$SIGNET_API_KEY"'"}'
# → {"accessToken":"…","tokenType":"Bearer","expiresIn":300,…}
`;
}

export function quickstarts(q: QuickstartTarget): Quickstart[] {
  return [
    { id: "node", title: "Verify a token in Node", language: "JavaScript", explanation: "Check an end user's access token on your backend with jose and the organization's JWKS.", code: nodeVerify(q) },
    { id: "python", title: "Verify a token in Python", language: "Python", explanation: "The same check with PyJWT.", code: pythonVerify(q) },
    { id: "go", title: "Verify a token in Go", language: "Go", explanation: "The same check with golang-jwt and keyfunc.", code: goVerify(q) },
    { id: "beacon", title: "Analytics beacon", language: "HTML", explanation: "Page views, time on page and custom events; the page's origin must be an allowed origin.", code: beaconSnippet(q) },
    { id: "hosted-login", title: "Hosted login", language: "Shell", explanation: "Sign end users in on Signet's page and trade the code it returns.", code: hostedLoginRedirect(q) },
    { id: "m2m", title: "Machine-to-machine token", language: "Shell", explanation: "Exchange an organization API key for a short-lived bearer token.", code: m2mExchange(q) },
  ];
}
