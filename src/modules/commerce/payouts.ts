/**
 * Where an app group's money goes (spec 4.4): its gateway account, its brand listing, the
 * payouts component's session and the account's status. All owner-only (view.billing).
 * The partner account and the brand slug are resolved here, from the app group and the
 * organization, never from the request (the routes take no body). The gateway is called
 * before anything is written, so a refusal (502 gateway_failed) changes nothing.
 */
import { and, eq, ne } from "drizzle-orm";
import type { Queryable } from "../../platform/db/database";
import { auditEvent } from "../../platform/audit/catalog";
import { newId } from "../../platform/ids";
import type { ConnectGateway, GatewayAccount } from "./adapters/connect";
import { refusalOf } from "./adapters/http";
import { type CommerceCaller, type CommerceDeps, groupOr404, madeBy, recordEvent, requireBillingScope } from "./caller";
import { commerceErrors } from "./errors";
import { COMMERCE_EVENTS } from "./events";
import { commerceBrands, commerceGatewayAccounts } from "./schema";

type AccountRow = typeof commerceGatewayAccounts.$inferSelect;

export async function gatewayAccountOf(reader: Queryable, appGroupId: string): Promise<AccountRow | null> {
  const [row] = await reader.select().from(commerceGatewayAccounts).where(eq(commerceGatewayAccounts.appGroupId, appGroupId));
  return row ?? null;
}

export async function brandOfGroup(reader: Queryable, appGroupId: string): Promise<string | null> {
  const [row] = await reader.select({ slug: commerceBrands.slug }).from(commerceBrands).where(eq(commerceBrands.appGroupId, appGroupId));
  return row?.slug ?? null;
}

/** 503 gateway_not_configured without one (no Stripe key outside dev mode). */
export function requireConnect(deps: Pick<CommerceDeps, "commerce">): ConnectGateway {
  if (!deps.commerce.connect) throw commerceErrors.error("gatewayNotConfigured", { message: "no payment gateway is configured on this service" });
  return deps.commerce.connect;
}

/** A gateway refusal as 502 gateway_failed (logged with the gateway's code); anything else is ours and rethrown. */
export function toGatewayFailure(deps: Pick<CommerceDeps, "logger">, error: unknown): unknown {
  return refusalOf(deps.logger, error, (e) => commerceErrors.error("gatewayFailed", { providerCode: e.code, message: "the payment gateway refused or could not be reached; nothing changed" }));
}

export interface PayoutStatus {
  linked: boolean;
  provider: string | null;
  accountRef: string | null;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  requirementsDue: string[];
  brand: string | null;
}

function statusOf(row: AccountRow | null, brand: string | null): PayoutStatus {
  if (!row) return { linked: false, provider: null, accountRef: null, chargesEnabled: false, payoutsEnabled: false, requirementsDue: [], brand };
  return { linked: true, provider: row.provider, accountRef: row.accountRef, chargesEnabled: row.chargesEnabled, payoutsEnabled: row.payoutsEnabled, requirementsDue: row.requirementsDue, brand };
}

async function call<T>(deps: CommerceDeps, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    throw toGatewayFailure(deps, e);
  }
}

/** POST gateway-linkup: the group's gateway account (created once) and a fresh onboarding link for the owner. */
export async function gatewayLinkup(deps: CommerceDeps, caller: CommerceCaller, groupId: string): Promise<PayoutStatus & { onboardingUrl: string }> {
  requireBillingScope(caller);
  const group = await groupOr404(deps, caller, groupId);
  const gateway = requireConnect(deps);
  // Back to the dashboard's Monetization page, where the owner started.
  const returnUrl = `${deps.config.dashboardBase}/orgs/${caller.org.slug}/monetization`;
  const existing = await gatewayAccountOf(deps.db.read, group.id);
  if (existing) {
    const onboardingUrl = await call(deps, () => gateway.onboardingUrl({ accountRef: existing.accountRef, returnUrl }));
    return { ...statusOf(existing, await brandOfGroup(deps.db.read, group.id)), onboardingUrl };
  }
  const account = await call(deps, () => gateway.createAccount({ appGroupId: group.id, orgId: caller.org.id, country: null }));
  const onboardingUrl = await call(deps, () => gateway.onboardingUrl({ accountRef: account.accountRef, returnUrl }));
  const row = await deps.db.write(async (tx) => {
    await tx.lock(`commerce.gateway:${group.id}`);
    const raced = await gatewayAccountOf(tx, group.id);
    if (raced) return raced;
    const at = deps.clock.now();
    const [inserted] = await tx
      .insert(commerceGatewayAccounts)
      .values({ id: newId(), orgId: caller.org.id, appGroupId: group.id, provider: gateway.provider, ...account, createdBy: madeBy(caller.actor), createdAt: at, updatedAt: at })
      .returning();
    await recordEvent(tx, caller, auditEvent(COMMERCE_EVENTS.gatewayLinked, { appGroupId: group.id, provider: gateway.provider, accountRef: account.accountRef }), at, group.id);
    return inserted!;
  });
  return { ...statusOf(row, await brandOfGroup(deps.db.read, group.id)), onboardingUrl };
}

/** The brand slug of a group: the organization's slug and the group's name, made unique with a counter. */
async function freeBrandSlug(reader: Queryable, orgSlug: string, groupName: string, groupId: string): Promise<string> {
  const base = `${orgSlug}-${groupName.toLowerCase().normalize("NFKD").replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "")}`.replace(/-+$/, "").slice(0, 60) || orgSlug;
  for (let n = 1; ; n++) {
    const slug = n === 1 ? base : `${base}-${n}`;
    const [taken] = await reader.select({ id: commerceBrands.id }).from(commerceBrands).where(and(eq(commerceBrands.slug, slug), ne(commerceBrands.appGroupId, groupId)));
    if (!taken) return slug;
  }
}

/** POST gateway-listing: publishes the group's brand on its gateway account; the slug is chosen here, once. */
export async function gatewayListing(deps: CommerceDeps, caller: CommerceCaller, groupId: string): Promise<{ brand: string; appGroupKey: string; listed: true }> {
  requireBillingScope(caller);
  const group = await groupOr404(deps, caller, groupId);
  const gateway = requireConnect(deps);
  const account = await gatewayAccountOf(deps.db.read, group.id);
  if (!account) throw commerceErrors.error("gatewayNotLinked", { message: "link the app group's payment gateway account first (POST gateway-linkup)" });
  const brand = (await brandOfGroup(deps.db.read, group.id)) ?? (await freeBrandSlug(deps.db.read, caller.org.slug, group.name, group.id));
  await call(deps, () => gateway.publishListing({ accountRef: account.accountRef, brand, displayName: group.name }));
  const kept = await deps.db.write(async (tx) => {
    await tx.lock("commerce.brands");
    const existing = await brandOfGroup(tx, group.id);
    if (existing) return existing;
    // Chosen again under the lock: another group may have taken the slug while the gateway answered.
    const slug = await freeBrandSlug(tx, caller.org.slug, group.name, group.id);
    const at = deps.clock.now();
    await tx.insert(commerceBrands).values({ id: newId(), orgId: caller.org.id, slug, appGroupId: group.id, createdAt: at, boundAt: at });
    await recordEvent(tx, caller, auditEvent(COMMERCE_EVENTS.brandListed, { appGroupId: group.id, brand: slug }), at, group.id);
    return slug;
  });
  if (kept !== brand) await call(deps, () => gateway.publishListing({ accountRef: account.accountRef, brand: kept, displayName: group.name }));
  return { brand: kept, appGroupKey: group.key, listed: true };
}

/** POST payout-session: a short-lived client secret for the gateway's payouts component; never stored, never cached. */
export async function payoutSession(deps: CommerceDeps, caller: CommerceCaller, groupId: string): Promise<{ provider: string; accountRef: string; clientSecret: string; expiresAt: string }> {
  requireBillingScope(caller);
  const group = await groupOr404(deps, caller, groupId);
  const gateway = requireConnect(deps);
  const account = await gatewayAccountOf(deps.db.read, group.id);
  if (!account) throw commerceErrors.error("gatewayNotLinked", { message: "link the app group's payment gateway account first (POST gateway-linkup)" });
  const session = await call(deps, () => gateway.payoutSession({ accountRef: account.accountRef }));
  return { provider: gateway.provider, accountRef: account.accountRef, clientSecret: session.clientSecret, expiresAt: new Date(session.expiresAt).toISOString() };
}

/** GET payout-status: the account as the gateway sees it now (stored for the dashboard), or linked false. */
export async function payoutStatus(deps: CommerceDeps, caller: CommerceCaller, groupId: string): Promise<PayoutStatus> {
  requireBillingScope(caller);
  const group = await groupOr404(deps, caller, groupId);
  const account = await gatewayAccountOf(deps.db.read, group.id);
  const brand = await brandOfGroup(deps.db.read, group.id);
  if (!account) return statusOf(null, brand);
  const gateway = requireConnect(deps);
  const fresh: GatewayAccount = await call(deps, () => gateway.accountStatus({ accountRef: account.accountRef }));
  const row = await deps.db.write(async (tx) => {
    const [updated] = await tx
      .update(commerceGatewayAccounts)
      .set({ chargesEnabled: fresh.chargesEnabled, payoutsEnabled: fresh.payoutsEnabled, requirementsDue: fresh.requirementsDue, updatedAt: deps.clock.now() })
      .where(eq(commerceGatewayAccounts.id, account.id))
      .returning();
    return updated!;
  });
  return statusOf(row, brand);
}
