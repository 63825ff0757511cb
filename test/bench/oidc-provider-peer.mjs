// The peer of the M2M exchange benchmark: oidc-provider (a certified OpenID Provider)
// issuing RS256 JWT access tokens on the client_credentials grant. Run with node by
// test/bench/m2m.ts; OIDC_PROVIDER_PATH points at the installed package's entry.
import { generateKeyPairSync } from "node:crypto";
const { default: Provider } = await import(process.env.OIDC_PROVIDER_PATH);

const port = Number(process.env.PORT);
const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
const provider = new Provider(`http://127.0.0.1:${port}`, {
  clients: [{ client_id: "bench", client_secret: "bench-secret", grant_types: ["client_credentials"], redirect_uris: [], response_types: [] }],
  jwks: { keys: [{ ...privateKey.export({ format: "jwk" }), kid: "bench", alg: "RS256", use: "sig" }] },
  features: {
    clientCredentials: { enabled: true },
    resourceIndicators: {
      enabled: true,
      defaultResource: () => "urn:bench:api",
      getResourceServerInfo: () => ({ scope: "api", audience: "urn:bench:api", accessTokenFormat: "jwt", accessTokenTTL: 300, jwt: { sign: { alg: "RS256" } } }),
    },
  },
});
provider.listen(port, "127.0.0.1", () => console.log("ready"));
