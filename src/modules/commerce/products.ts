/**
 * Products per app group (spec 4.4): what an organization sells to its end users.
 *
 * - Reading is open to any member who can see the group (a key scoped to another group
 *   gets 404); writing a price (create, reprice, import, delete, sync) needs view.billing,
 *   the owner's by default.
 * - A price is a whole number of minor units of the organization's ledger currency, at
 *   least 1 (400 invalid_price otherwise, nothing written).
 * - Sync registers the product and its price on the gateway once: a synced product with a
 *   registered price is answered as it is, with no gateway call. The gateway's
 *   idempotency keys are our product id and its price version, so a sync retried after a
 *   lost answer registers nothing twice.
 * - Reprice bumps the price version and clears the registered price: the product is
 *   unregistered until the next sync.
 * - Import skips a row whose productKey the group has, else (without a key) whose name it
 *   has; rows of one import are matched against each other the same way.
 */
import { and, asc, eq } from "drizzle-orm";
import { toIso } from "../../platform/clock";
import type { Queryable } from "../../platform/db/database";
import { auditEvent } from "../../platform/audit/catalog";
import { newId } from "../../platform/ids";
import { creditAccount } from "../billing/index";
import { type CommerceCaller, type CommerceDeps, groupOr404, type GroupRef, recordEvent, requireBillingScope } from "./caller";
import { commerceErrors } from "./errors";
import { COMMERCE_EVENTS } from "./events";
import { gatewayAccountOf, requireConnect, toGatewayFailure } from "./payouts";
import { commerceProducts } from "./schema";

type ProductRow = typeof commerceProducts.$inferSelect;

export interface ProductView {
  id: string;
  appGroupId: string;
  productKey: string;
  name: string;
  description: string | null;
  price: number;
  currency: string;
  /** The price is registered on the gateway (synced and not repriced since). */
  priceRegistered: boolean;
  gatewayProductRef: string | null;
  gatewayPriceRef: string | null;
  syncedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface ProductInput {
  productKey?: string;
  name: string;
  description?: string | null;
  price: number;
  currency?: string;
}

/** The most one price may be: $100,000,000 or ₩100,000,000,000, far past any sale, well inside exact integers. */
export const MAX_PRICE_MINOR = 100_000_000_000;
export const IMPORT_MAX_ROWS = 100;
const PRODUCT_KEY = /^[A-Za-z0-9_.-]{1,64}$/;

export function productView(row: ProductRow): ProductView {
  return {
    id: row.id,
    appGroupId: row.appGroupId,
    productKey: row.productKey,
    name: row.name,
    description: row.description,
    price: row.priceMinor,
    currency: row.currency,
    priceRegistered: row.gatewayPriceRef !== null,
    gatewayProductRef: row.gatewayProductRef,
    gatewayPriceRef: row.gatewayPriceRef,
    syncedAt: row.syncedAt === null ? null : toIso(row.syncedAt),
    createdAt: toIso(row.createdAt),
    updatedAt: toIso(row.updatedAt),
  };
}

export function requirePrice(value: unknown, field = "price"): number {
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 1 || value > MAX_PRICE_MINOR) {
    throw commerceErrors.error("invalidPrice", { field, min: 1, max: MAX_PRICE_MINOR, message: "a price is a whole number of minor units (cents; won for KRW), at least 1" });
  }
  return value;
}

interface CleanProduct {
  productKey: string | null;
  name: string;
  description: string | null;
  price: number;
  currency: string;
}

/** A product row's fields, validated; the currency must be the ledger's (the take rate is recorded there). */
function cleanProduct(input: ProductInput, ledgerCurrency: string, prefix = ""): CleanProduct {
  const price = requirePrice(input.price, `${prefix}price`);
  const currency = (input.currency ?? ledgerCurrency).trim().toUpperCase();
  if (currency !== ledgerCurrency) throw commerceErrors.error("invalidCurrency", { field: `${prefix}currency`, currency: input.currency, accountCurrency: ledgerCurrency });
  if (input.productKey !== undefined && !PRODUCT_KEY.test(input.productKey)) {
    throw commerceErrors.error("invalidProduct", { field: `${prefix}productKey`, message: "a product key is 1 to 64 of a-z, A-Z, 0-9, _ . -" });
  }
  const name = input.name.trim().replace(/\s+/g, " ");
  // eslint-disable-next-line no-control-regex
  if (!name || name.length > 200 || /[\u0000-\u001f\u007f]/.test(input.name)) {
    throw commerceErrors.error("invalidProduct", { field: `${prefix}name`, message: "a name is 1 to 200 characters without control characters" });
  }
  const description = input.description?.trim() || null;
  return { productKey: input.productKey ?? null, name, description, price, currency };
}

async function productsOf(reader: Queryable, groupId: string): Promise<ProductRow[]> {
  return reader.select().from(commerceProducts).where(eq(commerceProducts.appGroupId, groupId)).orderBy(asc(commerceProducts.createdAt), asc(commerceProducts.id));
}

/** The product of this group, or 404 product_not_found (unknown, or another group's or organization's). */
async function productOr404(reader: Queryable, group: GroupRef, productId: string): Promise<ProductRow> {
  const [row] = await reader.select().from(commerceProducts).where(and(eq(commerceProducts.id, productId), eq(commerceProducts.appGroupId, group.id)));
  if (!row) throw commerceErrors.error("productNotFound", { field: "productId", message: "no such product in this app group" });
  return row;
}

export async function listProducts(deps: CommerceDeps, caller: CommerceCaller, groupId: string): Promise<ProductView[]> {
  const group = await groupOr404(deps, caller, groupId);
  return (await productsOf(deps.db.read, group.id)).map(productView);
}

/** The group's products whose price is registered on the gateway: what a partner may sell. */
export async function registeredProducts(reader: Queryable, groupId: string): Promise<ProductView[]> {
  return (await productsOf(reader, groupId)).filter((p) => p.gatewayPriceRef !== null).map(productView);
}

function newRow(caller: CommerceCaller, group: GroupRef, clean: CleanProduct, at: number) {
  const id = newId();
  return {
    id,
    orgId: caller.org.id,
    appGroupId: group.id,
    productKey: clean.productKey ?? `product_${id}`,
    name: clean.name,
    description: clean.description,
    priceMinor: clean.price,
    currency: clean.currency,
    gatewayProductRef: null,
    gatewayPriceRef: null,
    priceVersion: 1,
    syncedAt: null,
    createdAt: at,
    updatedAt: at,
  };
}

export async function createProduct(deps: CommerceDeps, caller: CommerceCaller, groupId: string, input: ProductInput): Promise<ProductView> {
  requireBillingScope(caller);
  const group = await groupOr404(deps, caller, groupId);
  const clean = cleanProduct(input, (await creditAccount(deps.db.read, caller.org.id)).currency);
  return deps.db.write(async (tx) => {
    await tx.lock(`commerce.products:${group.id}`);
    if (clean.productKey) {
      const [taken] = await tx.select({ id: commerceProducts.id }).from(commerceProducts).where(and(eq(commerceProducts.appGroupId, group.id), eq(commerceProducts.productKey, clean.productKey)));
      if (taken) throw commerceErrors.error("duplicateProductKey", { field: "productKey", productId: taken.id });
    }
    const at = deps.clock.now();
    const [row] = await tx.insert(commerceProducts).values(newRow(caller, group, clean, at)).returning();
    await recordEvent(tx, caller, auditEvent(COMMERCE_EVENTS.productCreated, { appGroupId: group.id, productId: row!.id, productKey: row!.productKey, price: row!.priceMinor, currency: row!.currency }), at, group.id);
    return productView(row!);
  });
}

export async function repriceProduct(deps: CommerceDeps, caller: CommerceCaller, groupId: string, productId: string, input: { price: number }): Promise<ProductView> {
  requireBillingScope(caller);
  const group = await groupOr404(deps, caller, groupId);
  const price = requirePrice(input.price);
  return deps.db.write(async (tx) => {
    await tx.lock(`commerce.product:${productId}`);
    const row = await productOr404(tx, group, productId);
    if (row.priceMinor === price) return productView(row);
    const at = deps.clock.now();
    const [moved] = await tx
      .update(commerceProducts)
      .set({ priceMinor: price, priceVersion: row.priceVersion + 1, gatewayPriceRef: null, updatedAt: at })
      .where(eq(commerceProducts.id, row.id))
      .returning();
    await recordEvent(tx, caller, auditEvent(COMMERCE_EVENTS.productRepriced, { appGroupId: group.id, productId: row.id, from: row.priceMinor, to: price }), at, group.id);
    return productView(moved!);
  });
}

export interface SyncResult {
  product: ProductView;
  /** False when it was registered already: nothing was sent to the gateway. */
  changed: boolean;
}

export async function syncProduct(deps: CommerceDeps, caller: CommerceCaller, groupId: string, productId: string): Promise<SyncResult> {
  requireBillingScope(caller);
  const group = await groupOr404(deps, caller, groupId);
  const row = await productOr404(deps.db.read, group, productId);
  if (row.gatewayProductRef !== null && row.gatewayPriceRef !== null) return { product: productView(row), changed: false };
  const gateway = requireConnect(deps);
  const account = await gatewayAccountOf(deps.db.read, group.id);
  if (!account) throw commerceErrors.error("gatewayNotLinked", { message: "link the app group's payment gateway account first (POST gateway-linkup)" });
  let productRef: string;
  let priceRef: string;
  try {
    productRef = row.gatewayProductRef ?? (await gateway.createProduct({ accountRef: account.accountRef, productId: row.id, name: row.name, description: row.description }));
    priceRef = await gateway.createPrice({ accountRef: account.accountRef, productRef, productId: row.id, version: row.priceVersion, amountMinor: row.priceMinor, currency: row.currency });
  } catch (e) {
    throw toGatewayFailure(deps, e);
  }
  return deps.db.write(async (tx) => {
    await tx.lock(`commerce.product:${row.id}`);
    const fresh = await productOr404(tx, group, row.id);
    // A reprice while the gateway answered: the price registered is not the product's any more.
    if (fresh.priceVersion !== row.priceVersion) return { product: productView(fresh), changed: false };
    if (fresh.gatewayPriceRef === priceRef) return { product: productView(fresh), changed: false };
    const at = deps.clock.now();
    const [synced] = await tx
      .update(commerceProducts)
      .set({ gatewayProductRef: productRef, gatewayPriceRef: priceRef, syncedAt: at, updatedAt: at })
      .where(eq(commerceProducts.id, row.id))
      .returning();
    await recordEvent(tx, caller, auditEvent(COMMERCE_EVENTS.productSynced, { appGroupId: group.id, productId: row.id, gatewayProductRef: productRef, gatewayPriceRef: priceRef }), at, group.id);
    return { product: productView(synced!), changed: true };
  });
}

export interface ImportResult {
  created: ProductView[];
  skipped: Array<{ index: number; productKey: string | null; name: string; matchedBy: "productKey" | "name"; productId: string }>;
}

export async function importProducts(deps: CommerceDeps, caller: CommerceCaller, groupId: string, input: { products: ProductInput[] }): Promise<ImportResult> {
  requireBillingScope(caller);
  const group = await groupOr404(deps, caller, groupId);
  const currency = (await creditAccount(deps.db.read, caller.org.id)).currency;
  // Every row is checked before anything is written: a bad row refuses the whole import.
  const rows = input.products.map((p, i) => cleanProduct(p, currency, `products[${i}].`));
  return deps.db.write(async (tx) => {
    await tx.lock(`commerce.products:${group.id}`);
    const existing = await productsOf(tx, group.id);
    const byKey = new Map(existing.map((p) => [p.productKey, p.id]));
    const byName = new Map(existing.map((p) => [p.name, p.id]));
    const at = deps.clock.now();
    const result: ImportResult = { created: [], skipped: [] };
    for (const [index, clean] of rows.entries()) {
      const matchedBy = clean.productKey !== null ? "productKey" : "name";
      const match = clean.productKey !== null ? byKey.get(clean.productKey) : byName.get(clean.name);
      if (match) {
        result.skipped.push({ index, productKey: clean.productKey, name: clean.name, matchedBy, productId: match });
        continue;
      }
      const [row] = await tx.insert(commerceProducts).values(newRow(caller, group, clean, at)).returning();
      byKey.set(row!.productKey, row!.id);
      byName.set(row!.name, row!.id);
      result.created.push(productView(row!));
    }
    if (result.created.length > 0) {
      await recordEvent(tx, caller, auditEvent(COMMERCE_EVENTS.productsImported, { appGroupId: group.id, created: result.created.map((p) => p.id), skipped: result.skipped.length }), at, group.id);
    }
    return result;
  });
}

export async function deleteProduct(deps: CommerceDeps, caller: CommerceCaller, groupId: string, productId: string): Promise<ProductView> {
  requireBillingScope(caller);
  const group = await groupOr404(deps, caller, groupId);
  const row = await productOr404(deps.db.read, group, productId);
  if (row.gatewayProductRef !== null) {
    // Archived on the gateway first: a refusal there leaves the product as it was.
    const account = await gatewayAccountOf(deps.db.read, group.id);
    const gateway = requireConnect(deps);
    if (account) {
      try {
        await gateway.archiveProduct({ accountRef: account.accountRef, productRef: row.gatewayProductRef });
      } catch (e) {
        throw toGatewayFailure(deps, e);
      }
    }
  }
  return deps.db.write(async (tx) => {
    await tx.lock(`commerce.product:${row.id}`);
    const fresh = await productOr404(tx, group, row.id);
    await tx.delete(commerceProducts).where(eq(commerceProducts.id, fresh.id));
    await recordEvent(tx, caller, auditEvent(COMMERCE_EVENTS.productDeleted, { appGroupId: group.id, productId: fresh.id, productKey: fresh.productKey }), deps.clock.now(), group.id);
    return productView(fresh);
  });
}
