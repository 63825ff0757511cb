/** Shared helpers for the keys tests: a sealed organization and the app served over a real socket. */
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from "jose";
import { ensureOperatorMasterSeal } from "../../../../src/modules/trust/keys/master-seal";
import { createOrg, type TestOrg } from "../../../support/accounts";
import type { TestApp } from "../../../support/harness";

/** An organization with its Org Master Seal (so its signing keys exist), made by the operator. */
export async function createSealedOrg(t: TestApp, ownerEmail: string, name: string, options: { plan?: string } = {}): Promise<TestOrg> {
  const org = await createOrg(t, ownerEmail, name, options);
  await ensureOperatorMasterSeal(t.ctx, org.orgId);
  return org;
}

/** The test app on a loopback port, for clients that fetch over HTTP (JWKS verifiers). */
export function serveOverHttp(t: TestApp): { url: string; stop(): void } {
  const server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: (request) => t.app.handle(request) });
  return { url: `http://127.0.0.1:${server.port}`, stop: () => server.stop(true) };
}

/**
 * Verifies a JWT against the organization's JWKS fetched over HTTP by jose's remote key
 * set, as an independent verifier would (a fresh fetch each call: no cache carried over).
 */
export async function verifyWithRemoteJwks(baseUrl: string, slug: string, jwt: string, now: Date): Promise<JWTPayload> {
  const jwks = createRemoteJWKSet(new URL(`${baseUrl}/api/public/orgs/${slug}/jwks.json`));
  const { payload } = await jwtVerify(jwt, jwks, { algorithms: ["RS256"], currentDate: now });
  return payload;
}
