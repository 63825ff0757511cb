/**
 * The partner-facing routes of public v1 whose payloads the spec leaves open (4.2):
 * POST /brands/{slug}/bind-app-group and GET /catalog/by-app-group/{key}, and the
 * monetization policy. docs/commerce.md documents the payloads designed here.
 *
 * A key sees its own organization only (as every public v1 lookup): a brand or an app
 * group of another organization answers as if it did not exist.
 */
import { eq } from "drizzle-orm";
import type { AppContext } from "../../context";
import { appendAudit } from "../../platform/audit/append";
import { auditEvent } from "../../platform/audit/catalog";
import { kernelErrors } from "../../platform/http/error-catalog";
import type { KeyCaller } from "../access/index";
import { creditAccount } from "../billing/index";
import { collectionOfGroups } from "../customers/index";
import type { Organization } from "../orgs/index";
import { commerceErrors } from "./errors";
import { COMMERCE_EVENTS } from "./events";
import { periodOfNow } from "./period";
import { collectedInPeriod, monetizationPolicy, type MonetizationPolicy, volumeCapMinor } from "./policy";
import { registeredProducts, type ProductView } from "./products";
import { commerceBrands } from "./schema";

type Deps = Pick<AppContext, "db" | "clock" | "appGroups">;

/** POST /api/public/v1/orgs/monetization: the policy of the key's organization when orgId names it, else 404. */
export async function policyOfOrgId(deps: Deps, keyOrg: Organization, orgId: string): Promise<MonetizationPolicy> {
  if (orgId !== keyOrg.id) throw kernelErrors.error("notFound", { message: "no such organization" });
  return monetizationPolicy(deps.db.read, keyOrg);
}

export interface BrandBinding {
  brand: string;
  appGroupKey: string;
  previousAppGroupKey: string;
  changed: boolean;
  boundAt: string;
}

async function groupOfKey(deps: Deps, orgId: string, groupKey: string, field: string) {
  const group = await deps.appGroups.find(deps.db.read, orgId, groupKey);
  if (!group) throw commerceErrors.error("appGroupNotFound", { field, message: "no live app group with this groupKey in the key's organization" });
  return group;
}

/**
 * Binds the brand to another app group of the organization: from now the brand sells that
 * group's catalog and its charges are reported under it. Binding to the group it has is
 * answered unchanged; a group that another brand sells is 409 app_group_already_bound.
 */
export async function bindAppGroup(deps: Deps, caller: KeyCaller, slug: string, input: { appGroupKey: string }): Promise<BrandBinding> {
  const group = await groupOfKey(deps, caller.org.id, input.appGroupKey, "appGroupKey");
  return deps.db.write(async (tx) => {
    await tx.lock("commerce.brands");
    const [brand] = await tx.select().from(commerceBrands).where(eq(commerceBrands.slug, slug));
    if (!brand || brand.orgId !== caller.org.id) throw commerceErrors.error("brandNotFound", { field: "slug", message: "no brand with this slug in the key's organization" });
    const previous = (await deps.appGroups.find(tx, caller.org.id, brand.appGroupId))?.key ?? brand.appGroupId;
    if (brand.appGroupId === group.id) {
      return { brand: brand.slug, appGroupKey: group.key, previousAppGroupKey: group.key, changed: false, boundAt: new Date(brand.boundAt).toISOString() };
    }
    const [other] = await tx.select({ slug: commerceBrands.slug }).from(commerceBrands).where(eq(commerceBrands.appGroupId, group.id));
    if (other) throw commerceErrors.error("appGroupAlreadyBound", { field: "appGroupKey", brand: other.slug });
    const at = deps.clock.now();
    await tx.update(commerceBrands).set({ appGroupId: group.id, boundAt: at }).where(eq(commerceBrands.id, brand.id));
    await appendAudit(tx, {
      orgId: caller.org.id,
      ...auditEvent(COMMERCE_EVENTS.brandBound, { appGroupId: group.id, brand: brand.slug, previousAppGroupId: brand.appGroupId }),
      actor: { kind: "api_key", id: caller.key.id },
      appGroupId: group.id,
      requestId: caller.requestId,
      ip: caller.ip,
      userAgent: caller.userAgent,
      at,
    });
    return { brand: brand.slug, appGroupKey: group.key, previousAppGroupKey: previous, changed: true, boundAt: new Date(at).toISOString() };
  });
}

export interface Catalog {
  appGroupKey: string;
  name: string;
  brand: string | null;
  currency: string;
  /** The group collects (its switch is on) and the month's volume leaves room under the plan's cap. */
  collecting: boolean;
  volume: { capMinor: number | null; usedMinor: number };
  /** Only products whose price is registered on the gateway: a repriced product is missing until re-synced. */
  products: ProductView[];
}

export async function catalogByAppGroup(deps: Deps, keyOrg: Organization, groupKey: string): Promise<Catalog> {
  const group = await groupOfKey(deps, keyOrg.id, groupKey, "key");
  const reader = deps.db.read;
  const summary = (await collectionOfGroups(reader, keyOrg.id)).find((g) => g.id === group.id)!;
  const { currency } = await creditAccount(reader, keyOrg.id);
  const cap = volumeCapMinor(keyOrg, currency);
  const used = await collectedInPeriod(reader, keyOrg.id, currency, periodOfNow(deps.clock.now()));
  const [brand] = await reader.select({ slug: commerceBrands.slug }).from(commerceBrands).where(eq(commerceBrands.appGroupId, group.id));
  return {
    appGroupKey: group.key,
    name: summary.name,
    brand: brand?.slug ?? null,
    currency,
    collecting: summary.billingCollection && (cap === null || used < cap),
    volume: { capMinor: cap, usedMinor: used },
    products: await registeredProducts(reader, group.id),
  };
}
