/**
 * GET /audit/presign: the chain of a time range exported as JSONL with its chain data
 * (docs/audit-format.md §5), written to the archive store, and a URL valid for 10
 * minutes to fetch it. The URL is signed (HMAC-SHA-256 under a key derived from the
 * master key), so whoever holds it may download without a session until it expires.
 *
 * The archive store is a small interface with a local-disk default under the data
 * directory; when the files issue brings the object store (S3), it takes its place
 * and the signed route gives way to the store's own presigned URLs.
 */
import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { and, asc, eq, gte, lte, max, min } from "drizzle-orm";
import type { AppContext } from "../../../context";
import { toIso } from "../../../platform/clock";
import { appendAudit } from "../../../platform/audit/append";
import { auditEvent } from "../../../platform/audit/catalog";
import { TRUST_EVENTS } from "../events";
import { auditCheckpoints, auditEvents } from "../../../platform/audit/schema";
import { loadOrCreateKeyFile } from "../../../platform/crypto/secrets";
import { sha256Hex } from "../../../platform/crypto/hash";
import { newId } from "../../../platform/ids";
import { auditRecordOf } from "../../../platform/audit/record";
import { orgSigningKeys } from "../keys/schema";
import { requireOwnerOrAdmin, userActorOf, type AuditCaller } from "./access";
import { auditErrors } from "./errors";
import { inRange } from "./query";
import { auditExports } from "./schema";
import { previousChainHashOf } from "./verify";
import { canSeeEvent, verifierVisibility } from "./visibility";
import { fitToWindow, parseRange, retentionWindow } from "./window";

export const PRESIGNED_URL_TTL_MS = 10 * 60 * 1000;
export const EXPORT_FORMAT = "signet-audit-export";
const BATCH = 1000;

/** Where exports are kept: the local disk now, the object store once the files issue lands. */
export interface ArchiveStore {
  put(key: string, bytes: Uint8Array): Promise<void>;
  get(key: string): Promise<Uint8Array | null>;
}

const SAFE_KEY = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_.-]+)*$/;

export function localArchiveStore(root: string): ArchiveStore {
  const pathOf = (key: string) => {
    if (!SAFE_KEY.test(key) || key.includes("..")) throw new Error(`unsafe archive key: ${key}`);
    return join(root, key);
  };
  return {
    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, bytes, { mode: 0o600 });
    },
    async get(key) {
      try {
        return new Uint8Array(await readFile(pathOf(key)));
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw e;
      }
    },
  };
}

export function archiveStoreOf(config: AppContext["config"]): ArchiveStore {
  return localArchiveStore(join(config.dataDir, "audit-archives"));
}

const urlKeys = new WeakMap<object, Buffer>();

/** The URL-signing key: HKDF of the master key, so every node derives the same one. */
function urlKey(config: AppContext["config"]): Buffer {
  let key = urlKeys.get(config);
  if (!key) {
    const master = config.masterKey ?? loadOrCreateKeyFile(config.dataDir);
    key = Buffer.from(hkdfSync("sha256", master, new Uint8Array(), "signet audit archive urls", 32));
    urlKeys.set(config, key);
  }
  return key;
}

function signature(config: AppContext["config"], exportId: string, expires: number): string {
  return createHmac("sha256", urlKey(config)).update(`${exportId}.${expires}`).digest("base64url");
}

export function archiveUrl(config: AppContext["config"], exportId: string, expires: number): string {
  return `${config.baseUrl.replace(/\/$/, "")}/api/v1/admin/audit/archive/${exportId}?expires=${expires}&sig=${signature(config, exportId, expires)}`;
}

/** Builds the JSONL export of a range, stores it and returns a 10-minute URL (Owner or Admin). */
export async function presignExport(deps: Pick<AppContext, "db" | "clock" | "config">, caller: AuditCaller, input: { from?: string; to?: string }) {
  const now = deps.clock.now();
  const requested = parseRange(input, now);
  requireOwnerOrAdmin(caller.actor);
  const range = fitToWindow(requested, await retentionWindow(deps.db.read, caller.org, now));
  const orgId = caller.org.id;
  const [span] = await deps.db.read
    .select({ fromSeq: min(auditEvents.seq), throughSeq: max(auditEvents.seq) })
    .from(auditEvents)
    .where(and(eq(auditEvents.orgId, orgId), inRange(range)));
  const fromSeq = span?.fromSeq ?? null;
  const throughSeq = span?.throughSeq ?? null;
  const visibility = verifierVisibility(caller.actor);
  const lines: string[] = [];
  let previousChainHash: string | null = null;
  let expected = fromSeq;
  if (fromSeq !== null && throughSeq !== null) {
    while (expected! <= throughSeq) {
      const batch = await deps.db.read
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.orgId, orgId), gte(auditEvents.seq, expected!), lte(auditEvents.seq, throughSeq)))
        .orderBy(asc(auditEvents.seq))
        .limit(BATCH);
      if (batch.length === 0) break;
      if (previousChainHash === null) previousChainHash = await previousChainHashOf(deps.db.read, batch[0]!);
      for (const row of batch) {
        const sealed = { seq: row.seq, recordHash: row.recordHash, chainHash: row.chainHash };
        lines.push(JSON.stringify(canSeeEvent(visibility, row) ? { seq: row.seq, record: auditRecordOf(row), recordHash: row.recordHash, chainHash: row.chainHash } : { ...sealed, redacted: true }));
        expected = row.seq + 1;
      }
    }
  }
  const checkpoints =
    fromSeq === null
      ? []
      : await deps.db.read
          .select()
          .from(auditCheckpoints)
          .where(and(eq(auditCheckpoints.orgId, orgId), gte(auditCheckpoints.seq, fromSeq), lte(auditCheckpoints.seq, throughSeq!)))
          .orderBy(asc(auditCheckpoints.seq));
  const kids = [...new Set(checkpoints.map((c) => c.kid))];
  const keys = kids.length ? await deps.db.read.select({ publicJwk: orgSigningKeys.publicJwk }).from(orgSigningKeys).where(and(eq(orgSigningKeys.orgId, orgId), eq(orgSigningKeys.use, "token"))) : [];
  const header = {
    format: EXPORT_FORMAT,
    version: 1,
    orgId,
    orgSlug: caller.org.slug,
    exportedAt: toIso(now),
    range: { from: toIso(range.from), to: toIso(range.to) },
    fromSeq,
    throughSeq,
    count: lines.length,
    previousChainHash,
    jwksUrl: `${deps.config.baseUrl.replace(/\/$/, "")}/api/public/orgs/${caller.org.slug}/jwks.json`,
    checkpoints: checkpoints.map((c) => ({ seq: c.seq, chainHash: c.chainHash, kid: c.kid, jws: c.jws })),
    // The public keys that signed them, for when a key has left the JWKS (see docs/audit-format.md).
    keys: keys.map((k) => publicPart(k.publicJwk)).filter((k) => kids.includes(String(k.kid))),
  };
  const bytes = new TextEncoder().encode([JSON.stringify(header), ...lines].join("\n") + "\n");
  const exportId = newId();
  const objectKey = `${orgId}/${exportId}.jsonl`;
  await archiveStoreOf(deps.config).put(objectKey, bytes);
  const digest = sha256Hex(bytes);
  await deps.db.write(async (tx) => {
    await tx.insert(auditExports).values({
      id: exportId,
      orgId,
      objectKey,
      fromSeq,
      throughSeq,
      eventCount: lines.length,
      sha256: digest,
      byteSize: bytes.byteLength,
      rangeFrom: range.from,
      rangeTo: range.to,
      createdBy: caller.actor.userId,
      createdAt: now,
    });
    await appendAudit(tx, {
      orgId,
      ...auditEvent(TRUST_EVENTS.historyExported, { exportId, fromSeq, throughSeq, count: lines.length, sha256: digest }),
      actor: userActorOf(caller),
      requestId: caller.requestId,
      ip: caller.ip,
      userAgent: caller.userAgent,
      at: now,
    });
  });
  const expires = now + PRESIGNED_URL_TTL_MS;
  return {
    url: archiveUrl(deps.config, exportId, expires),
    expiresAt: toIso(expires),
    exportId,
    fromSeq,
    throughSeq,
    count: lines.length,
    sha256: digest,
    byteSize: bytes.byteLength,
    range: { from: toIso(range.from), to: toIso(range.to), cut: range.cut },
  };
}

function publicPart(jwk: Record<string, unknown>): Record<string, unknown> {
  const { kty, n, e, kid, alg, use } = jwk;
  return { kty, n, e, kid, alg, use };
}

/** GET /audit/archive/{exportId}?expires&sig: the export's bytes while the signed URL holds. */
export async function openExport(deps: Pick<AppContext, "db" | "clock" | "config">, exportId: string, expires: number, sig: string): Promise<{ bytes: Uint8Array; filename: string }> {
  const wanted = Buffer.from(signature(deps.config, exportId, expires));
  const given = Buffer.from(sig);
  if (wanted.length !== given.length || !timingSafeEqual(wanted, given)) throw auditErrors.error("invalidSignature", { message: "the URL's signature does not hold" });
  if (deps.clock.now() > expires) throw auditErrors.error("urlExpired", { message: "the URL has expired; ask /audit/presign again" });
  const [row] = await deps.db.read.select().from(auditExports).where(eq(auditExports.id, exportId));
  const bytes = row ? await archiveStoreOf(deps.config).get(row.objectKey) : null;
  if (!row || !bytes) throw auditErrors.error("notFound", { message: "no such export" });
  return { bytes, filename: `audit-${exportId}.jsonl` };
}
