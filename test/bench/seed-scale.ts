/**
 * Data-scale seed (issue "flat cost as the data grows"; DESIGN §11). Writes straight into an
 * installation's database, in multi-row INSERTs grouped into transactions, on SQLite (a data
 * dir) or PostgreSQL (a URL). Not a test: it prints what it wrote and how long it took.
 *
 *   bun test/bench/seed-scale.ts --scale 0.1 --data-dir /tmp/scale-0.1            # SQLite file in the data dir
 *   bun test/bench/seed-scale.ts --scale 0.1 --data-dir /tmp/scale-pg --pg URL      # PostgreSQL (data dir holds blobs, keys)
 *   … --scale 1 --beacon-scale 0.1                                                    # beacon events at a scale of their own
 *
 * At --scale 1: one Business organization ("scale") with 1,000,000 audit events in one valid
 * chain (sealed with the chain code of src/platform/audit/record.ts, so `signet audit verify`
 * passes), 100,000 members (accounts, memberships, badges), 100,000 file rows, 10,000,000
 * beacon events in one app group, and 10,000 small Free organizations each with an owner.
 * File rows carry their own storage key but no bytes: listing and searching read only rows,
 * and a download of a seeded file would find no blob.
 *
 * Writes <data-dir>/scale-manifest.json (slug, ids, an owner session token) for data-scale.ts.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { loadConfig } from "../../src/config";
import { closeContext, createContext } from "../../src/context";
import { createApp } from "../../src/app";
import { GENESIS_CHAIN_HASH, hashAuditRecord, nextChainHash, type AuditRecordFields } from "../../src/platform/audit/record";
import { auditDayOf, recountDays } from "../../src/platform/audit/day-counts";
import { auditEvents } from "../../src/platform/audit/schema";
import { newId } from "../../src/platform/ids";
import { users } from "../../src/modules/identity/schema";
import { findOrCreateUser } from "../../src/modules/identity/service";
import { startSession } from "../../src/modules/identity/sessions";
import { bootstrapOrganization } from "../../src/modules/orgs/service";
import { connectedIds, memberships, organizations } from "../../src/modules/orgs/schema";
import { files } from "../../src/modules/storage/files/schema";
import { behaviorEvents } from "../../src/modules/analytics/schema";
import { send } from "../support/harness";
import { desc, eq } from "drizzle-orm";

export const FULL_SCALE = { auditEvents: 1_000_000, members: 100_000, files: 100_000, beaconEvents: 10_000_000, smallOrgs: 10_000 } as const;
const DAY = 86_400_000;
/** Audit events span this many days, inside the 90-day query range and the Business retention window. */
const AUDIT_SPAN_DAYS = 85;
const BEACON_SPAN_DAYS = 30;
const ROWS_PER_STATEMENT = 500;
const STATEMENTS_PER_TRANSACTION = 20;

export interface ScaleManifest {
  scale: number;
  dialect: "sqlite" | "postgres";
  databaseUrl: string | null;
  slug: string;
  orgId: string;
  appGroupId: string;
  ownerEmail: string;
  ownerToken: string;
  counts: Record<keyof typeof FULL_SCALE, number>;
  seedSeconds: Record<string, number>;
  seededAt: number;
}

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: { scale: { type: "string", default: "0.01" }, "data-dir": { type: "string" }, pg: { type: "string" }, "beacon-scale": { type: "string" } },
});
const scale = Number(values.scale);
if (!(scale > 0 && scale <= 1)) throw new Error("--scale takes a number in (0, 1]");
const dataDir = values["data-dir"];
if (!dataDir) throw new Error("--data-dir DIR is required");
mkdirSync(dataDir, { recursive: true });
const counts = Object.fromEntries(Object.entries(FULL_SCALE).map(([k, n]) => [k, Math.round(n * scale)])) as ScaleManifest["counts"];
// The beacon table is ten times the rest: on a shared machine it may be seeded at a smaller scale of its own.
if (values["beacon-scale"]) counts.beaconEvents = Math.round(FULL_SCALE.beaconEvents * Number(values["beacon-scale"]));

const config = loadConfig({ SIGNET_DATA_DIR: dataDir, SIGNET_LOG_LEVEL: "warn", SIGNET_DEV: "1" /* the credit top-up route is dev-only */, ...(values.pg ? { SIGNET_DATABASE_URL: values.pg } : {}) });
const ctx = await createContext(config);
const app = createApp(ctx);
const dialect = ctx.db.dialect as "sqlite" | "postgres";
const now = ctx.clock.now();
const seedSeconds: Record<string, number> = {};

/** Inserts `total` rows made by `rowAt(i)` in multi-row statements, several statements per transaction. */
async function bulkInsert<Row>(label: string, // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any kit table
  target: any, total: number, rowAt: (i: number) => Row, rowsPerStatement = ROWS_PER_STATEMENT) {
  const started = performance.now();
  let done = 0;
  let lastReport = started;
  while (done < total) {
    await ctx.db.write(async (tx) => {
      for (let s = 0; s < STATEMENTS_PER_TRANSACTION && done < total; s++) {
        const size = Math.min(rowsPerStatement, total - done);
        const batch = Array.from({ length: size }, (_, k) => rowAt(done + k));
        await tx.insert(target).values(batch);
        done += size;
      }
    });
    if (performance.now() - lastReport > 10_000) {
      lastReport = performance.now();
      console.log(`  ${label}: ${done.toLocaleString()} / ${total.toLocaleString()} (${((lastReport - started) / 1000).toFixed(0)} s)`);
    }
  }
  const seconds = (performance.now() - started) / 1000;
  seedSeconds[label] = Number(seconds.toFixed(1));
  console.log(`[${dialect}] ${label}: ${total.toLocaleString()} rows in ${seconds.toFixed(1)} s (${Math.round(total / Math.max(seconds, 0.001)).toLocaleString()} rows/s)`);
}

async function request(method: string, path: string, token: string, json?: unknown) {
  const r = await send(app, method, path, { token, json });
  if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${r.text}`);
  return r.body;
}

// The organization under test, its owner's session, an app group and the analytics add-on.
const ownerEmail = "owner@scale.test";
const slug = "scale";
const { orgId } = await bootstrapOrganization(ctx, { kind: "system" }, { email: ownerEmail, orgName: "Scale", slug, plan: "business" });
const owner = await ctx.db.write(async (tx) => (await findOrCreateUser(tx, ownerEmail, now)).user);
const { token: ownerToken } = await startSession(ctx.sessions, owner.id);
await request("POST", `/api/org/${slug}/settings/credit`, ownerToken, { amountCents: 100_000 });
await request("POST", `/api/org/${slug}/settings/addons/audit_analytics`, ownerToken);
const appGroup = await request("POST", `/api/org/${slug}/app-groups`, ownerToken, { orgId, name: "Web" });
// behavior_events.applicationId names the beacon's application; no row is joined on it.
const applicationId = `app-${appGroup.id}`;

// Members: an account, a membership and an active badge each. Every tenth is an admin.
const memberIds = Array.from({ length: counts.members }, () => newId());
const memberName = (i: number) => `${["Kim", "Lee", "Park", "Choi", "Jung", "Sato", "Suzuki", "Tanaka", "Smith", "Garcia"][i % 10]} ${i}`;
await bulkInsert("member accounts", users, counts.members, (i) => ({ id: memberIds[i]!, email: `member${i}@scale.test`, displayName: memberName(i), createdAt: now - DAY * 200 + i }));
await bulkInsert("memberships", memberships, counts.members, (i) => ({ id: newId(), orgId, userId: memberIds[i]!, role: i % 10 === 0 ? "admin" : "member", createdAt: now - DAY * 200 + i }));
await bulkInsert("member badges", connectedIds, counts.members, (i) => ({
  id: newId(),
  orgId,
  type: "person" as const,
  membershipType: "member",
  status: "active" as const,
  userId: memberIds[i]!,
  displayName: memberName(i),
  createdAt: now - DAY * 200 + i,
  updatedAt: now - DAY * 200 + i,
}));

// Files: rows only (see the header). Half are the owner's, half spread over members.
const words = ["report", "invoice", "contract", "minutes", "design", "budget", "roadmap", "photo", "scan", "draft"];
await bulkInsert("files", files, counts.files, (i) => {
  const at = now - Math.floor((i / counts.files) * 180 * DAY);
  return {
    id: newId(),
    orgId,
    name: `${words[i % words.length]}-${i}.pdf`,
    contentType: "application/pdf",
    sizeBytes: 1024 + (i % 4096),
    sha256: "0".repeat(64),
    storageKey: `scale/${orgId}/${i}`,
    scope: "free",
    uploadedBy: i % 2 === 0 ? owner.id : memberIds[i % Math.max(1, counts.members)] ?? owner.id,
    createdAt: at,
    lastAccessedAt: at,
  };
});

// Audit events: continue the chain the bootstrap started, sealed exactly as appendAudit seals.
const [head] = await ctx.db.read.select({ seq: auditEvents.seq, chainHash: auditEvents.chainHash }).from(auditEvents).where(eq(auditEvents.orgId, orgId)).orderBy(desc(auditEvents.seq)).limit(1);
let chainHash = head?.chainHash || GENESIS_CHAIN_HASH;
const firstSeq = (head?.seq ?? 0) + 1;
const auditStart = now - AUDIT_SPAN_DAYS * DAY;
// Newest seeded event a minute before now; the bootstrap's events (now) stay the newest.
const auditStep = (AUDIT_SPAN_DAYS * DAY - 60_000) / Math.max(1, counts.auditEvents);
const eventTypes = ["org.member.added", "org.member.role_changed", "org.settings.updated", "file.uploaded", "file.downloaded", "org.api_key.created", "agent.run.started", "payment.credit.added"];
await bulkInsert("audit events (chain)", auditEvents, counts.auditEvents, (i) => {
  const actorIndex = i % 1000;
  const actorId = actorIndex === 0 ? owner.id : memberIds[actorIndex % Math.max(1, counts.members)] ?? owner.id;
  const fields: AuditRecordFields = {
    id: newId(),
    orgId,
    seq: firstSeq + i,
    type: eventTypes[i % eventTypes.length]!,
    createdAt: Math.floor(auditStart + i * auditStep),
    actorKind: "user",
    actorId,
    actorConnectedId: null,
    appGroupId: i % 5 === 0 ? appGroup.id : null,
    requestId: `req-${i}`,
    ipHash: null,
    userAgentHash: null,
    payload: { n: i, target: memberIds[(i * 7) % Math.max(1, counts.members)] ?? null },
    baselines: null,
  };
  const recordHash = hashAuditRecord(fields);
  chainHash = nextChainHash(chainHash, recordHash);
  return { ...fields, recordHash, chainHash };
});

// The per-day counts appendAudit keeps (platform/audit/day-counts.ts), for the rows written around it.
{
  const started = performance.now();
  await ctx.db.write((tx) => recountDays(tx, orgId, auditDayOf(auditStart), auditDayOf(now)));
  seedSeconds["audit day counts"] = Number(((performance.now() - started) / 1000).toFixed(1));
}

// Beacon events: raw rows, as ingest stores them (rollups are built by the daily job).
const paths = Array.from({ length: 50 }, (_, k) => `/page/${k}`);
const beaconStep = (BEACON_SPAN_DAYS * DAY) / Math.max(1, counts.beaconEvents);
await bulkInsert(
  "beacon events",
  behaviorEvents,
  counts.beaconEvents,
  (i) => {
    const at = Math.floor(now - BEACON_SPAN_DAYS * DAY + i * beaconStep);
    const leave = i % 2 === 1;
    return {
      id: newId(),
      orgId,
      appGroupId: appGroup.id,
      applicationId,
      clientEventId: newId(),
      type: leave ? "page_leave" : "page_view",
      path: paths[i % paths.length]!,
      refDomain: i % 3 === 0 ? "search.example" : null,
      utmSource: null,
      utmMedium: null,
      utmCampaign: null,
      dwellMs: leave ? 1000 + (i % 60_000) : null,
      anonId: `anon-${i % 200_000}`,
      endUserId: null,
      sessionId: `s-${Math.floor(i / 8)}`,
      country: ["KR", "JP", "US", "DE"][i % 4]!,
      data: null,
      at,
      receivedAt: at,
    };
  },
  1000,
);

// Small organizations: an owner account, the organization and the owner's membership and badge.
const smallOwners = Array.from({ length: counts.smallOrgs }, () => newId());
const smallOrgs = Array.from({ length: counts.smallOrgs }, () => newId());
await bulkInsert("small-org owners", users, counts.smallOrgs, (i) => ({ id: smallOwners[i]!, email: `owner${i}@small.test`, displayName: null, createdAt: now - DAY }));
await bulkInsert("small orgs", organizations, counts.smallOrgs, (i) => ({ id: smallOrgs[i]!, name: `Small ${i}`, slug: `small-${i}`, plan: "free", ownerUserId: smallOwners[i]!, createdAt: now - DAY }));
await bulkInsert("small-org memberships", memberships, counts.smallOrgs, (i) => ({ id: newId(), orgId: smallOrgs[i]!, userId: smallOwners[i]!, role: "owner", createdAt: now - DAY }));

// Fresh planner statistics, as a self-hoster's autovacuum / a periodic ANALYZE would have.
const analyzeStarted = performance.now();
await ctx.db.execRaw("ANALYZE");
seedSeconds.analyze = Number(((performance.now() - analyzeStarted) / 1000).toFixed(1));

const manifest: ScaleManifest = {
  scale,
  dialect,
  databaseUrl: values.pg ?? null,
  slug,
  orgId,
  appGroupId: appGroup.id,
  ownerEmail,
  ownerToken,
  counts,
  seedSeconds,
  seededAt: now,
};
writeFileSync(join(dataDir, "scale-manifest.json"), JSON.stringify(manifest, null, 2));
const total = Object.values(seedSeconds).reduce((a, b) => a + b, 0);
console.log(`[${dialect}] scale ${scale}: seeded in ${total.toFixed(1)} s; RSS of the seeder ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MiB; manifest ${join(dataDir, "scale-manifest.json")}`);
await closeContext(ctx);
