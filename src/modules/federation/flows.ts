/**
 * Sign-in flows: what /idp/{slug}/login remembers until the IdP sends the browser back.
 * The state handed to the IdP (OIDC `state`, SAML `RelayState`) and a second secret in
 * the browser's flow cookie are 256 random bits each, kept only as SHA-256. A flow is
 * single use (claimed by a conditional update, so of two callbacks exactly one wins),
 * lives 10 minutes, and finishes only in the browser that started it: a callback without
 * the flow cookie (login CSRF: someone else's code or assertion pushed into your
 * browser) is refused.
 */
import { and, eq, isNull, lt } from "drizzle-orm";
import type { Cookie } from "elysia";
import type { AppContext } from "../../context";
import { randomSecret, sha256Hex } from "../../platform/crypto/hash";
import { DAY_MS, pruneJob } from "../../platform/jobs/prune";
import { federationErrors } from "./errors";
import { idpFlows } from "./schema";

export const FLOW_TTL_MS = 10 * 60_000;
export const FLOW_COOKIE = "signet_idp_flow";

export type FlowRow = typeof idpFlows.$inferSelect;
type Deps = Pick<AppContext, "db" | "clock" | "config">;

export interface NewFlow {
  orgId: string;
  connectionId: string;
  protocol: "oidc" | "saml";
  codeVerifier?: string | null;
  nonce?: string | null;
  samlRequestId?: string | null;
  returnUrl: string | null;
}

/** Records a flow; returns the state for the IdP and the secret for the browser's cookie. */
export async function startFlow(deps: Deps, flow: NewFlow, state = randomSecret(32)): Promise<{ state: string; browserSecret: string }> {
  const browserSecret = randomSecret(32);
  const now = deps.clock.now();
  await deps.db.write((tx) =>
    tx.insert(idpFlows).values({
      id: sha256Hex(state),
      orgId: flow.orgId,
      connectionId: flow.connectionId,
      protocol: flow.protocol,
      browserHash: sha256Hex(browserSecret),
      codeVerifier: flow.codeVerifier ?? null,
      nonce: flow.nonce ?? null,
      samlRequestId: flow.samlRequestId ?? null,
      returnUrl: flow.returnUrl,
      expiresAt: now + FLOW_TTL_MS,
      consumedAt: null,
      createdAt: now,
    }),
  );
  return { state, browserSecret };
}

/** The flow cookie: HttpOnly, for this organization's /idp path, as long as the flow lives. */
export function setFlowCookie(deps: Pick<AppContext, "config">, cookie: Record<string, Cookie<unknown>>, slug: string, browserSecret: string): void {
  const secure = deps.config.baseUrl.startsWith("https:");
  cookie[FLOW_COOKIE]!.set({
    value: browserSecret,
    httpOnly: true,
    secure,
    // SAML answers with a cross-site POST: only SameSite=None (which needs Secure) lets the cookie ride on it.
    sameSite: secure ? "none" : "lax",
    path: `/idp/${slug}`,
    maxAge: FLOW_TTL_MS / 1000,
  });
}

export function clearFlowCookie(cookie: Record<string, Cookie<unknown>>, slug: string): void {
  cookie[FLOW_COOKIE]!.set({ value: "", httpOnly: true, path: `/idp/${slug}`, maxAge: 0 });
}

/**
 * Claims the flow behind `state` for the browser holding `browserSecret`: 400
 * invalid_state (never issued, another organization's, or another browser's),
 * state_used, state_expired. The claim happens before anything is asked of the IdP, so a
 * flow is used once whatever follows.
 */
export async function claimFlow(deps: Deps, orgId: string, state: string | undefined, browserSecret: string | undefined): Promise<FlowRow> {
  if (!state) throw federationErrors.error("invalidState", { message: "the callback carries no state" });
  const id = sha256Hex(state);
  const now = deps.clock.now();
  return deps.db.write(async (tx) => {
    const [flow] = await tx.select().from(idpFlows).where(eq(idpFlows.id, id));
    if (!flow || flow.orgId !== orgId) throw federationErrors.error("invalidState");
    if (!browserSecret || sha256Hex(browserSecret) !== flow.browserHash) {
      throw federationErrors.error("invalidState", { message: "this sign-in was started in another browser (or its cookie is gone): start again here" });
    }
    if (flow.consumedAt !== null) throw federationErrors.error("stateUsed");
    if (flow.expiresAt <= now) throw federationErrors.error("stateExpired");
    const claimed = await tx
      .update(idpFlows)
      .set({ consumedAt: now })
      .where(and(eq(idpFlows.id, id), isNull(idpFlows.consumedAt)))
      .returning({ id: idpFlows.id });
    if (claimed.length === 0) throw federationErrors.error("stateUsed");
    return flow;
  });
}

/** Flows are kept a day past their expiry, so a late callback still reads "expired" rather than "invalid". */
export function flowPruneJob(ctx: Pick<AppContext, "db" | "clock" | "logger">) {
  return pruneJob(ctx, {
    name: "idp-flows.prune",
    schedule: "23 4 * * *",
    description: "Deletes IdP sign-in flows a day after they expire",
    logMessage: "IdP sign-in flows pruned",
    steps: {
      idpFlows: async (tx, now) => (await tx.delete(idpFlows).where(lt(idpFlows.expiresAt, now - DAY_MS)).returning({ id: idpFlows.id })).length,
    },
  });
}
