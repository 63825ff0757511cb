/**
 * The Korean package (spec 4.4; docs/commerce.md "Korean package"): a KRW billing key
 * from a Korean PG, business-registration and road-name address lookups with §8's daily
 * limits, the Popbill membership, and each app group's Kakao business channel.
 *
 * The daily limits (business lookup 30, address search 300 per organization per UTC day)
 * are counted in the database by a conditional update, so they hold across nodes and
 * under parallel requests. A lookup is spent before the provider is asked and given back
 * when the provider fails; a number with a bad check digit is refused before either.
 */
import { and, eq, lt, sql } from "drizzle-orm";
import { toIso } from "../../platform/clock";
import { auditEvent } from "../../platform/audit/catalog";
import type { Tx } from "../../platform/db/database";
import { kernelErrors } from "../../platform/http/error-catalog";
import { refusalOf } from "./adapters/http";
import type { AddressHit, KakaoPopup } from "./adapters/korean";
import { type CommerceCaller, type CommerceDeps, groupOr404, recordEvent, requireBillingScope } from "./caller";
import { commerceErrors } from "./errors";
import { COMMERCE_EVENTS } from "./events";
import { commerceKakaoChannels, commerceKoreanPackage, commerceLookupCounts } from "./schema";

/** §8: lookups per organization per UTC day. */
export const DAILY_LOOKUPS = { business: 30, address: 300 } as const;
type LookupKind = keyof typeof DAILY_LOOKUPS;

const DAY_MS = 86_400_000;

function providerFailure(deps: Pick<CommerceDeps, "logger">, error: unknown): unknown {
  return refusalOf(deps.logger, error, (e) => commerceErrors.error("providerFailed", { provider: e.peer, providerCode: e.code, message: "the Korean provider refused or could not be reached; nothing changed" }));
}

function requireAdapter<T>(adapter: T | null, what: string): T {
  if (!adapter) throw commerceErrors.error("providerNotConfigured", { provider: what, message: `${what} is not configured on this service` });
  return adapter;
}

/**
 * The Korean business registration number's check digit: the first nine digits weighted
 * 1,3,7,1,3,7,1,3,5, plus the tens of the ninth digit × 5, and the tenth digit makes the
 * sum a multiple of ten.
 */
export function validBusinessNumber(number: string): boolean {
  if (!/^\d{10}$/.test(number)) return false;
  const digits = [...number].map(Number);
  const weights = [1, 3, 7, 1, 3, 7, 1, 3, 5];
  let sum = weights.reduce((s, w, i) => s + w * digits[i]!, 0);
  sum += Math.floor((digits[8]! * 5) / 10);
  return (10 - (sum % 10)) % 10 === digits[9];
}

function dayOf(at: number): string {
  return new Date(at).toISOString().slice(0, 10).replaceAll("-", "");
}

/** Spends one of today's lookups, or 429 lookup_limit_reached with the seconds to the next UTC day. */
async function spendLookup(tx: Tx, orgId: string, kind: LookupKind, at: number): Promise<string> {
  const day = dayOf(at);
  const id = `${orgId}:${kind}:${day}`;
  await tx.insert(commerceLookupCounts).values({ id, orgId, kind, day, used: 0 }).onConflictDoNothing();
  const [moved] = await tx
    .update(commerceLookupCounts)
    .set({ used: sql`${commerceLookupCounts.used} + 1` })
    .where(and(eq(commerceLookupCounts.id, id), lt(commerceLookupCounts.used, DAILY_LOOKUPS[kind])))
    .returning({ used: commerceLookupCounts.used });
  if (!moved) {
    const retryAfterSeconds = Math.max(1, Math.ceil((Math.floor(at / DAY_MS + 1) * DAY_MS - at) / 1000));
    throw commerceErrors.error("lookupLimitReached", { kind, limit: DAILY_LOOKUPS[kind], retryAfterSeconds });
  }
  return id;
}

async function lookupsUsed(deps: CommerceDeps, orgId: string, kind: LookupKind): Promise<number> {
  const [row] = await deps.db.read.select({ used: commerceLookupCounts.used }).from(commerceLookupCounts).where(eq(commerceLookupCounts.id, `${orgId}:${kind}:${dayOf(deps.clock.now())}`));
  return row?.used ?? 0;
}

/** Spends a lookup, asks the provider, and gives the lookup back when the provider fails. */
async function metered<T>(deps: CommerceDeps, orgId: string, kind: LookupKind, ask: () => Promise<T>): Promise<T> {
  const id = await deps.db.write((tx) => spendLookup(tx, orgId, kind, deps.clock.now()));
  try {
    return await ask();
  } catch (e) {
    await deps.db.write((tx) => tx.update(commerceLookupCounts).set({ used: sql`${commerceLookupCounts.used} - 1` }).where(eq(commerceLookupCounts.id, id)));
    throw providerFailure(deps, e);
  }
}

export async function businessLookup(deps: CommerceDeps, caller: CommerceCaller, rawNumber: string) {
  requireBillingScope(caller);
  const number = rawNumber.replaceAll("-", "");
  if (!validBusinessNumber(number)) throw commerceErrors.error("invalidBusinessNumber", { field: "number", message: "a business registration number is 10 digits whose check digit matches; no lookup was spent" });
  const lookup = requireAdapter(deps.commerce.korean.businessLookup, "the business registration lookup");
  const found = await metered(deps, caller.org.id, "business", () => lookup.lookup(number));
  return { number, ...found, remainingToday: DAILY_LOOKUPS.business - (await lookupsUsed(deps, caller.org.id, "business")) };
}

export async function addressSearch(deps: CommerceDeps, caller: CommerceCaller, rawQuery: string): Promise<{ query: string; total: number; results: AddressHit[]; remainingToday: number }> {
  requireBillingScope(caller);
  const query = rawQuery.trim().replace(/\s+/g, " ");
  // juso.go.kr refuses SQL-like and special characters; refusing them here spends nothing.
  if (query.length < 2 || query.length > 80 || /[%=><[\]{}'";\\]/.test(query)) throw commerceErrors.error("invalidQuery", { field: "q", message: "an address search is 2 to 80 characters without special characters" });
  const search = requireAdapter(deps.commerce.korean.addressSearch, "the road-name address search");
  const found = await metered(deps, caller.org.id, "address", () => search.search(query));
  return { query, ...found, remainingToday: DAILY_LOOKUPS.address - (await lookupsUsed(deps, caller.org.id, "address")) };
}

type PackageRow = typeof commerceKoreanPackage.$inferSelect;

async function packageRow(reader: CommerceDeps["db"]["read"], orgId: string): Promise<PackageRow | null> {
  const [row] = await reader.select().from(commerceKoreanPackage).where(eq(commerceKoreanPackage.id, orgId));
  return row ?? null;
}

async function savePackage(tx: Tx, orgId: string, fields: Partial<PackageRow>, at: number): Promise<void> {
  await tx.insert(commerceKoreanPackage).values({ id: orgId, updatedAt: at }).onConflictDoNothing();
  await tx.update(commerceKoreanPackage).set({ ...fields, updatedAt: at }).where(eq(commerceKoreanPackage.id, orgId));
}

/** The customerKey the Toss card window opens with: the organization's, chosen here so the browser cannot register a card for another. */
export function tossCustomerKey(orgId: string): string {
  return `signet-${orgId}`;
}

export async function issueKrwBillingKey(deps: CommerceDeps, caller: CommerceCaller, input: { authKey: string }) {
  requireBillingScope(caller);
  const toss = requireAdapter(deps.commerce.korean.toss, "the Korean PG (Toss Payments)");
  let issued;
  try {
    issued = await toss.issueBillingKey({ authKey: input.authKey, customerKey: tossCustomerKey(caller.org.id) });
  } catch (e) {
    throw providerFailure(deps, e);
  }
  const sealed = await deps.secrets.seal(issued.billingKey, `krw-billing-key:${caller.org.id}`);
  const at = deps.clock.now();
  await deps.db.write(async (tx) => {
    await tx.lock(`commerce.korean:${caller.org.id}`);
    await savePackage(tx, caller.org.id, { billingKeySealed: sealed, billingKeyProvider: toss.provider, cardCompany: issued.cardCompany, cardNumberMasked: issued.cardNumberMasked, billingKeyIssuedAt: at }, at);
    await recordEvent(tx, caller, auditEvent(COMMERCE_EVENTS.billingKeyIssued, { provider: toss.provider, cardCompany: issued.cardCompany, cardNumberMasked: issued.cardNumberMasked }), at, null);
  });
  return { registered: true as const, provider: toss.provider, currency: "KRW" as const, cardCompany: issued.cardCompany, cardNumberMasked: issued.cardNumberMasked, issuedAt: toIso(at) };
}

export async function popbillMember(deps: CommerceDeps, caller: CommerceCaller, input: { corpNum: string; corpName: string; ceoName: string; userId: string; contactEmail: string }) {
  requireBillingScope(caller);
  const corpNum = input.corpNum.replaceAll("-", "");
  if (!validBusinessNumber(corpNum)) throw commerceErrors.error("invalidBusinessNumber", { field: "corpNum", message: "a business registration number is 10 digits whose check digit matches" });
  const popbill = requireAdapter(deps.commerce.korean.popbill, "Popbill");
  try {
    await popbill.joinMember({ ...input, corpNum });
  } catch (e) {
    throw providerFailure(deps, e);
  }
  const at = deps.clock.now();
  await deps.db.write(async (tx) => {
    await tx.lock(`commerce.korean:${caller.org.id}`);
    await savePackage(tx, caller.org.id, { popbillCorpNum: corpNum, popbillUserId: input.userId, popbillLinkedAt: at }, at);
    await recordEvent(tx, caller, auditEvent(COMMERCE_EVENTS.popbillLinked, { corpNum, userId: input.userId }), at, null);
  });
  return { linked: true as const, corpNum, userId: input.userId, linkedAt: toIso(at) };
}

type ChannelRow = typeof commerceKakaoChannels.$inferSelect;

function channelView(groupId: string, row: ChannelRow | null) {
  if (!row) return { appGroupId: groupId, linked: false, channelId: null, templateCode: null, senderNumber: null, memberId: null, linkedAt: null };
  return { appGroupId: groupId, linked: true, channelId: row.channelId, templateCode: row.templateCode, senderNumber: row.senderNumber, memberId: row.memberId, linkedAt: toIso(row.linkedAt) };
}

async function channelOf(reader: CommerceDeps["db"]["read"], groupId: string): Promise<ChannelRow | null> {
  const [row] = await reader.select().from(commerceKakaoChannels).where(eq(commerceKakaoChannels.id, groupId));
  return row ?? null;
}

export async function koreanPackage(deps: CommerceDeps, caller: CommerceCaller) {
  requireBillingScope(caller);
  const row = await packageRow(deps.db.read, caller.org.id);
  const channels = await deps.db.read.select().from(commerceKakaoChannels).where(eq(commerceKakaoChannels.orgId, caller.org.id));
  const lookups = async (kind: LookupKind) => ({ used: await lookupsUsed(deps, caller.org.id, kind), limit: DAILY_LOOKUPS[kind] });
  return {
    krwBillingKey: {
      registered: Boolean(row?.billingKeySealed),
      provider: row?.billingKeyProvider ?? null,
      cardCompany: row?.cardCompany ?? null,
      cardNumberMasked: row?.cardNumberMasked ?? null,
      issuedAt: row?.billingKeyIssuedAt ? toIso(row.billingKeyIssuedAt) : null,
      customerKey: tossCustomerKey(caller.org.id),
    },
    popbill: { linked: Boolean(row?.popbillCorpNum), corpNum: row?.popbillCorpNum ?? null, userId: row?.popbillUserId ?? null, linkedAt: row?.popbillLinkedAt ? toIso(row.popbillLinkedAt) : null },
    lookups: { business: await lookups("business"), address: await lookups("address") },
    kakaoChannels: channels.map((c) => channelView(c.id, c)),
    providers: {
      toss: deps.commerce.korean.toss !== null,
      businessLookup: deps.commerce.korean.businessLookup !== null,
      addressSearch: deps.commerce.korean.addressSearch !== null,
      popbill: deps.commerce.korean.popbill !== null,
    },
  };
}

export async function getKakao(deps: CommerceDeps, caller: CommerceCaller, groupId: string) {
  const group = await groupOr404(deps, caller, groupId);
  return channelView(group.id, await channelOf(deps.db.read, group.id));
}

const SENDER_NUMBER = /^0\d{7,10}$/;

/** PUT kakao: links (or changes) the channel; channelId null unlinks it. */
export async function putKakao(deps: CommerceDeps, caller: CommerceCaller, groupId: string, input: { channelId: string | null; templateCode?: string; senderNumber?: string }) {
  requireBillingScope(caller);
  const group = await groupOr404(deps, caller, groupId);
  const senderNumber = input.senderNumber?.replaceAll("-", "");
  if (input.channelId !== null) {
    if (!input.templateCode) throw kernelErrors.error("invalidRequest", { field: "templateCode", message: "a channel is linked with its approved templateCode and senderNumber" });
    if (!senderNumber || !SENDER_NUMBER.test(senderNumber)) throw commerceErrors.error("invalidSenderNumber", { field: "senderNumber" });
    const pkg = await packageRow(deps.db.read, caller.org.id);
    if (!pkg?.popbillCorpNum) throw commerceErrors.error("popbillNotLinked", { message: "link the organization with Popbill first (POST korean-package/popbill-member)" });
  }
  return deps.db.write(async (tx) => {
    await tx.lock(`commerce.kakao:${group.id}`);
    const current = await channelOf(tx, group.id);
    const at = deps.clock.now();
    if (input.channelId === null) {
      if (!current) return channelView(group.id, null);
      await tx.delete(commerceKakaoChannels).where(eq(commerceKakaoChannels.id, group.id));
      await recordEvent(tx, caller, auditEvent(COMMERCE_EVENTS.kakaoChannelUnlinked, { appGroupId: group.id, channelId: current.channelId }), at, group.id);
      return channelView(group.id, null);
    }
    const next = { channelId: input.channelId, templateCode: input.templateCode!, senderNumber: senderNumber! };
    if (!current) {
      const [row] = await tx.insert(commerceKakaoChannels).values({ id: group.id, orgId: caller.org.id, ...next, memberId: null, linkedAt: at, updatedAt: at }).returning();
      await recordEvent(tx, caller, auditEvent(COMMERCE_EVENTS.kakaoChannelLinked, { appGroupId: group.id, channelId: next.channelId, templateCode: next.templateCode }), at, group.id);
      return channelView(group.id, row!);
    }
    const fields = (Object.keys(next) as Array<keyof typeof next>).filter((k) => current[k] !== next[k]);
    if (fields.length === 0) return channelView(group.id, current);
    const [row] = await tx.update(commerceKakaoChannels).set({ ...next, updatedAt: at }).where(eq(commerceKakaoChannels.id, group.id)).returning();
    await recordEvent(tx, caller, auditEvent(COMMERCE_EVENTS.kakaoChannelChanged, { appGroupId: group.id, fields }), at, group.id);
    return channelView(group.id, row!);
  });
}

/** POST kakao/member: the channel's manager joins under the organization's Popbill membership. */
export async function kakaoMember(deps: CommerceDeps, caller: CommerceCaller, groupId: string, input: { memberId: string }) {
  requireBillingScope(caller);
  const group = await groupOr404(deps, caller, groupId);
  const pkg = await packageRow(deps.db.read, caller.org.id);
  if (!pkg?.popbillCorpNum) throw commerceErrors.error("popbillNotLinked", { message: "link the organization with Popbill first (POST korean-package/popbill-member)" });
  return deps.db.write(async (tx) => {
    await tx.lock(`commerce.kakao:${group.id}`);
    const current = await channelOf(tx, group.id);
    if (!current) throw commerceErrors.error("kakaoNotLinked", { message: "the app group has no Kakao channel linked (PUT kakao)" });
    if (current.memberId === input.memberId) return channelView(group.id, current);
    const at = deps.clock.now();
    const [row] = await tx.update(commerceKakaoChannels).set({ memberId: input.memberId, updatedAt: at }).where(eq(commerceKakaoChannels.id, group.id)).returning();
    await recordEvent(tx, caller, auditEvent(COMMERCE_EVENTS.kakaoMemberJoined, { appGroupId: group.id, memberId: input.memberId }), at, group.id);
    return channelView(group.id, row!);
  });
}

/** POST kakao/popup/{kind}: where the owner manages the channel, templates or sender numbers at Popbill. */
export async function kakaoPopup(deps: CommerceDeps, caller: CommerceCaller, groupId: string, kind: KakaoPopup): Promise<{ kind: KakaoPopup; url: string }> {
  requireBillingScope(caller);
  await groupOr404(deps, caller, groupId);
  const pkg = await packageRow(deps.db.read, caller.org.id);
  if (!pkg?.popbillCorpNum || !pkg.popbillUserId) throw commerceErrors.error("popbillNotLinked", { message: "link the organization with Popbill first (POST korean-package/popbill-member)" });
  const popbill = requireAdapter(deps.commerce.korean.popbill, "Popbill");
  try {
    return { kind, url: await popbill.popupUrl({ corpNum: pkg.popbillCorpNum, userId: pkg.popbillUserId, kind }) };
  } catch (e) {
    throw providerFailure(deps, e);
  }
}

/** The business record of /api/public/legal/business-info: only to clients the country header places in Korea; anything else (no header, no record) is 204. */
export function businessInfoFor(deps: Pick<CommerceDeps, "config">, request: Request): Record<string, string> | null {
  const header = deps.config.countryHeader;
  const record = deps.config.commerce.legalBusinessInfo;
  if (!header || !record) return null;
  return request.headers.get(header)?.trim().toUpperCase() === "KR" ? record : null;
}

