/**
 * Data-scale benchmark (DESIGN §11: cost grows at most logarithmically with the data). Starts
 * the compiled binary on a data dir seeded by seed-scale.ts and times the data-heavy reads
 * over its socket, one request after another. Not a test: it prints one table.
 *
 *   bun test/bench/seed-scale.ts --scale 0.1 --data-dir /tmp/scale-0.1 [--pg URL]
 *   bun test/bench/data-scale.ts --data-dir /tmp/scale-0.1 [--runs 100] [--binary /tmp/signet] [--plans] [--baseline]
 *
 * The dialect is the seed's (its manifest names the PostgreSQL URL; SIGNET_BENCH_DATABASE_URL
 * or --pg overrides it). Columns: route, size (the seed's scale), p50 and p99 in ms, rows the
 * answer carried, and whether the plan of the route's main query reads by index (y) or scans
 * the organization's rows (n); `-` where the figure is a job or a command, not a query.
 *
 * Two jobs run once each (`signet jobs run …`): audit.retention and analytics.rollups, and
 * `signet audit verify` is timed with its peak RSS (VmHWM). The binary's RSS is read from
 * /proc after start (idle over the seeded data) and after the queries.
 */
import { Database as SqliteConnection } from "bun:sqlite";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import postgres from "postgres";
import { binaryPath, freePort } from "../binary/support";
import type { ScaleManifest } from "./seed-scale";
import { SORT_MATCHES_UP_TO } from "../../src/modules/orgs/members/service";

export interface Row {
  route: string;
  size: string;
  dialect: string;
  p50: number;
  p99: number;
  rows: number;
  /**
   * y: the main query's plan reads by index in the order asked; m: it reads the matches a trigram
   * index finds and sorts only those; n: it scans or sorts the whole range; "-": not a query.
   */
  index: "y" | "m" | "n" | "-";
}

export interface DataScaleOptions {
  /** A data dir written by seed-scale.ts (holds scale-manifest.json). */
  dataDir: string;
  /** Requests per route (default 100). */
  runs?: number;
  /** The binary (default: SIGNET_BINARY, or built once). */
  binary?: string;
  /** A PostgreSQL URL overriding the manifest's. */
  databaseUrl?: string;
  /**
   * The binary predates the member list's paging and the files cursor (a baseline run):
   * skip the probes of those parameters and the plans (which are this tree's queries).
   */
  baseline?: boolean;
  /** Only the probes whose route contains this text, and no jobs or verify (a quick re-run). */
  only?: string;
}

export interface Memory {
  idleAfterSeedMiB: number;
  afterQueriesMiB: number;
  verifyPeakMiB: number;
}

const DAY = 86_400_000;

function rssMiB(pid: number, field: "VmRSS" | "VmHWM" = "VmRSS"): number {
  try {
    const line = readFileSync(`/proc/${pid}/status`, "utf8").split("\n").find((l) => l.startsWith(field));
    return Math.round(Number(line?.split(/\s+/)[1] ?? 0) / 1024);
  } catch {
    return 0;
  }
}

function percentile(sorted: number[], p: number): number {
  return Number(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!.toFixed(2));
}

/** The audit query's cursor as the API writes it (trust/audit/query.ts): base64url of {"s": seq}. */
const auditCursor = (seq: number) => Buffer.from(JSON.stringify({ s: seq })).toString("base64url");

interface Probe {
  route: string;
  path: string;
  /** How many rows the answer carried. */
  count: (body: any) => number;
  /** The route's main query, as the service builds it, for its plan. Parameters inlined. */
  plan?: string;
  /** Uses parameters a baseline binary does not have. */
  added?: boolean;
}

/**
 * The member search as orgs/members/service.ts builds it (platform/db/like.ts), for its plan:
 * the candidates (matching addresses and badge names) and the page query. `sortMatches`: the
 * SQLite form that reads the few matches and sorts them (service.ts SORT_MATCHES_UP_TO).
 */
function memberSearchSql(dialect: "sqlite" | "postgres", q: string) {
  const page = `select * from memberships left join connected_ids on connected_ids.org_id = memberships.org_id and connected_ids.user_id = memberships.user_id and connected_ids.status <> 'revoked' where memberships.org_id = $ORG and`;
  const order = (sortMatches: boolean) => `order by memberships.created_at${sortMatches ? " + 0" : ""}, memberships.user_id limit 51`;
  const like = (column: string) => `${column} like '%${q}%' escape '\\'`;
  if (q.length < 3) return { candidates: null, page: () => `${page} (exists (select 1 from users where users.id = memberships.user_id and ${like("users.email")}) or ${like("lower(connected_ids.display_name)")}) ${order(false)}` };
  const trigrams = (table: string, fts: string) => (dialect === "sqlite" ? `${table}.rowid in (select rowid from ${fts} where ${fts} match '"${q}"') and ` : "");
  const emails = `select users.id from users where ${trigrams("users", "users_email_trigrams")}${like("users.email")}`;
  const badges = `select connected_ids.user_id from connected_ids where connected_ids.org_id = $ORG and connected_ids.status <> 'revoked' and connected_ids.user_id is not null and ${trigrams("connected_ids", "connected_ids_name_trigrams")}${like("lower(connected_ids.display_name)")}`;
  const candidates = `${emails} union ${badges}`;
  return { candidates, page: (sortMatches: boolean) => `${page} memberships.user_id in (${candidates}) ${order(sortMatches)}` };
}

/** The file search as storage/files/service.ts builds it, for its plan. */
function fileSearchSql(dialect: "sqlite" | "postgres", q: string): string {
  const trigrams = dialect === "sqlite" && q.length >= 3 ? `files.rowid in (select rowid from files_name_trigrams where files_name_trigrams match '"${q}"') and ` : "";
  return `select * from files where org_id = $ORG and trashed_at is null and ${trigrams}lower(name) like '%${q}%' escape '\\' order by created_at desc, id asc limit 21`;
}

export async function dataScaleRows(options: DataScaleOptions): Promise<Row[]> {
  return (await runDataScale(options)).rows;
}

export async function runDataScale(options: DataScaleOptions): Promise<{ rows: Row[]; memory: Memory; plans: Array<{ route: string; plan: string }> }> {
  const manifest = JSON.parse(readFileSync(join(options.dataDir, "scale-manifest.json"), "utf8")) as ScaleManifest;
  const databaseUrl = options.databaseUrl ?? manifest.databaseUrl;
  const dialect = databaseUrl ? "postgres" : "sqlite";
  const runs = options.runs ?? 100;
  const binary = options.binary ?? (await binaryPath());
  const port = freePort();
  const base = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "",
    SIGNET_DATA_DIR: options.dataDir,
    SIGNET_HOST: "127.0.0.1",
    SIGNET_PORT: String(port),
    SIGNET_BASE_URL: base,
    SIGNET_LOG_LEVEL: "warn",
    ...(databaseUrl ? { SIGNET_DATABASE_URL: databaseUrl } : {}),
  };
  const server = Bun.spawn([binary, "serve"], { env, stdin: "ignore", stdout: "ignore", stderr: "pipe" });
  const beaconScale = manifest.counts.beaconEvents / 10_000_000;
  const size = beaconScale === manifest.scale ? `${manifest.scale}` : `${manifest.scale} (beacon ${beaconScale})`;
  const rows: Row[] = [];
  const plans: Array<{ route: string; plan: string }> = [];
  const explain = await planReader(dialect, options.dataDir, databaseUrl);
  try {
    for (let started = performance.now(); ; ) {
      if (server.exitCode !== null) throw new Error(`the binary exited: ${await new Response(server.stderr).text()}`);
      if (await fetch(`${base}/healthz`).then((r) => r.ok, () => false)) break;
      if (performance.now() - started > 60_000) throw new Error("the binary did not answer /healthz in 60 s");
      await Bun.sleep(20);
    }
    const idleAfterSeedMiB = rssMiB(server.pid);
    const get = async (path: string) => {
      const r = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${manifest.ownerToken}` } });
      const text = await r.text();
      if (r.status !== 200) throw new Error(`GET ${path}: ${r.status} ${text.slice(0, 300)}`);
      return JSON.parse(text);
    };

    const { slug, orgId, appGroupId } = manifest;
    const audit = `/api/v1/admin/audit/query?org=${slug}`;
    const firstPage = await get(`${audit}&scope=all&limit=50`);
    const member = firstPage.events.find((e: any) => e.actor.id && e.type !== "org.created")?.actor.id as string;
    const headSeq = firstPage.events[0].seq as number;
    const deepSeq = Math.max(2, headSeq - Math.floor(manifest.counts.auditEvents * 0.9));
    const day = new Date(manifest.seededAt - 40 * DAY);
    const dayFrom = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate())).toISOString();
    const dayTo = new Date(Date.parse(dayFrom) + DAY - 1).toISOString();
    const range = `created_at >= ${manifest.seededAt - 90 * DAY} and created_at <= ${manifest.seededAt + DAY}`;
    // The chain walk's form of the same range on SQLite (trust/audit/query.ts inRangeBySeqWalk).
    const walk = dialect === "sqlite" ? `(created_at + 0) >= ${manifest.seededAt - 90 * DAY} and (created_at + 0) <= ${manifest.seededAt + DAY}` : range;
    const sql = (s: string) => s.replaceAll("$ORG", `'${orgId}'`).replaceAll("$RANGE", range).replaceAll("$WALK", walk);
    const deepFile = await explain.deepFile(orgId, Math.floor(manifest.counts.files * 0.9));
    // SQLite sorts a search's matches when they are few, else walks the join order (members/service.ts).
    const memberSearchPlan = async (q: string) => {
      if (options.baseline) return undefined; // the baseline's database has no trigram tables to count with
      const search = memberSearchSql(dialect, q);
      const few = dialect === "sqlite" && search.candidates !== null && (await explain.count(sql(search.candidates))) <= SORT_MATCHES_UP_TO;
      return sql(search.page(few));
    };
    // The second page of a broad search: the cursor the first page handed out.
    const memberCursor = await fetch(`${base}/api/org/${slug}/members?limit=50&q=member1`, { headers: { authorization: `Bearer ${manifest.ownerToken}` } }).then((r) => r.headers.get("x-next-cursor"));
    const fileCursor = (await get(`/api/org/${slug}/files?view=all&pageSize=20&q=invoice-1`)).nextCursor;
    const events = (b: any) => b.events.length;
    const probes: Probe[] = [
      { route: "audit query, org scope (mine), page 1", path: `${audit}&limit=50`, count: events, plan: sql(`select * from audit_events where org_id = $ORG and $RANGE and actor_id = 'x' order by seq desc limit 51`) },
      { route: "audit query, admin scope (all), page 1", path: `${audit}&scope=all&limit=50`, count: events, plan: sql(`select * from audit_events where org_id = $ORG and $WALK order by seq desc limit 51`) },
      {
        route: "audit query, all, deep cursor (90% in)",
        path: `${audit}&scope=all&limit=50&cursor=${auditCursor(deepSeq)}`,
        count: events,
        plan: sql(`select * from audit_events where org_id = $ORG and $WALK and seq < ${deepSeq} order by seq desc limit 51`),
      },
      { route: "audit query, all, type=file.", path: `${audit}&scope=all&limit=50&type=file.`, count: events, plan: sql(`select * from audit_events where org_id = $ORG and $WALK and substr(type, 1, 5) = 'file.' order by seq desc limit 51`) },
      {
        route: "audit query, all, actor=<member>",
        path: `${audit}&scope=all&limit=50&actor=${member}`,
        count: events,
        // Two walks merged (one per actor column); this is the first.
        plan: sql(`select * from audit_events where org_id = $ORG and $WALK and actor_id = '${member}' order by seq desc limit 51`),
      },
      {
        route: "audit query, all, one day 40 d ago",
        path: `${audit}&scope=all&limit=50&from=${dayFrom}&to=${dayTo}`,
        count: events,
        plan: sql(`select * from audit_events where org_id = $ORG and created_at >= ${Date.parse(dayFrom)} and created_at <= ${Date.parse(dayTo)} order by seq + 0 desc limit 51`),
      },
      {
        route: "audit stats",
        path: `/api/v1/admin/audit/stats?org=${slug}&scope=all`,
        count: (b) => (Array.isArray(b.byType) ? b.byType.length : Object.keys(b).length),
        // Whole days from the per-day counts (trust/audit/stats.ts); the first of its two passes.
        plan: sql(`select type, actor_kind, actor_id, sum(n) from audit_day_counts where org_id = $ORG and day >= ${Math.floor(manifest.seededAt / DAY) - 89} and day <= ${Math.floor(manifest.seededAt / DAY) - 1} group by type, actor_kind, actor_id`),
      },
      { route: "audit stats, quick", path: `/api/v1/admin/audit/stats/quick?org=${slug}&scope=all`, count: (b) => b.last7d },
      {
        route: "audit forensic stats (one person)",
        path: `/api/v1/admin/audit/stats/forensic?org=${slug}&email=member1@scale.test&appGroupId=${appGroupId}`,
        count: (b) => b.events.length,
      },
      {
        // The seed's member5 acts in the app group (member1 never does): a person with events.
        route: "audit forensic stats (one active person)",
        path: `/api/v1/admin/audit/stats/forensic?org=${slug}&email=member5@scale.test&appGroupId=${appGroupId}`,
        count: (b) => b.total,
        plan: sql(
          `select id, seq from audit_events where org_id = $ORG and app_group_id = '${appGroupId}' and $RANGE and ${dialect === "sqlite" ? "lower(json_extract(payload, '$.email'))" : "lower(payload ->> 'email')"} = 'member5@scale.test'`,
        ),
      },
      { route: "members list (whole, unpaged)", path: `/api/org/${slug}/members`, count: (b) => b.length },
      {
        route: "members page (limit 50)",
        path: `/api/org/${slug}/members?limit=50`,
        count: (b) => b.length,
        added: true,
        plan: sql(`select * from memberships left join connected_ids on connected_ids.org_id = memberships.org_id and connected_ids.user_id = memberships.user_id and connected_ids.status <> 'revoked' where memberships.org_id = $ORG order by memberships.created_at, memberships.user_id limit 51`),
      },
      {
        route: "members search q=member7777",
        path: `/api/org/${slug}/members?limit=50&q=member7777`,
        count: (b) => b.length,
        plan: await memberSearchPlan("member7777"),
      },
      {
        route: "members search q=member1, cursor page 2",
        path: `/api/org/${slug}/members?limit=50&q=member1&cursor=${memberCursor}`,
        count: (b) => b.length,
        plan: await memberSearchPlan("member1"),
      },
      {
        route: "members search, 2 chars q=zq (a miss)",
        path: `/api/org/${slug}/members?limit=50&q=zq`,
        count: (b) => b.length,
        plan: await memberSearchPlan("zq"),
      },
      {
        route: "files, view=all, page 1",
        path: `/api/org/${slug}/files?view=all&pageSize=20`,
        count: (b) => b.files.length,
        plan: sql(`select * from files where org_id = $ORG and trashed_at is null order by created_at desc, id asc limit 20`),
      },
      {
        route: "files, view=all, search q=invoice-77",
        path: `/api/org/${slug}/files?view=all&pageSize=20&q=invoice-77`,
        count: (b) => b.files.length,
        plan: sql(fileSearchSql(dialect, "invoice-77")),
      },
      {
        route: "files, view=all, search q=invoice-1, cursor page 2",
        path: `/api/org/${slug}/files?view=all&pageSize=20&q=invoice-1&cursor=${fileCursor}`,
        count: (b) => b.files.length,
                plan: sql(fileSearchSql(dialect, "invoice-1")),
      },
      {
        route: "files, view=all, search 2 chars q=zq (a miss)",
        path: `/api/org/${slug}/files?view=all&pageSize=20&q=zq`,
        count: (b) => b.files.length,
        plan: sql(fileSearchSql(dialect, "zq")),
      },
      {
        route: "files, view=all, deep page (90% in)",
        path: `/api/org/${slug}/files?view=all&pageSize=20&page=${Math.max(1, Math.floor((manifest.counts.files * 0.9) / 20))}`,
        count: (b) => b.files.length,
      },
      {
        route: "files, view=all, cursor (90% in)",
        path: `/api/org/${slug}/files?view=all&pageSize=20&cursor=${Buffer.from(JSON.stringify({ t: deepFile.createdAt, i: deepFile.id, p: Math.floor((manifest.counts.files * 0.9) / 20) })).toString("base64url")}`,
        count: (b) => b.files.length,
        added: true,
        plan: sql(`select * from files where org_id = $ORG and trashed_at is null and (created_at < ${deepFile.createdAt} or (created_at = ${deepFile.createdAt} and id > '${deepFile.id}')) order by created_at desc, id asc limit 21`),
      },
      { route: "sign-in analytics, 30 days", path: `/api/v1/admin/audit/analytics?orgId=${orgId}&days=30`, count: (b) => b.series?.length ?? 0 },
    ];

    for (const probe of probes) {
      if ((options.baseline && probe.added) || (options.only && !probe.route.includes(options.only))) continue;
      const warm = await get(probe.path);
      const times: number[] = [];
      for (let i = 0; i < runs; i++) {
        const started = performance.now();
        await get(probe.path);
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      let index: Row["index"] = "-";
      if (probe.plan && !options.baseline) {
        const plan = await explain.plan(probe.plan);
        plans.push({ route: probe.route, plan });
        index = explain.readsBy(plan);
      }
      rows.push({ route: probe.route, size, dialect, p50: percentile(times, 0.5), p99: percentile(times, 0.99), rows: probe.count(warm), index });
    }

    if (options.only) return { rows, memory: { idleAfterSeedMiB, afterQueriesMiB: rssMiB(server.pid), verifyPeakMiB: 0 }, plans };
    // The jobs and the verifier, once each, as a self-hoster runs them beside the server.
    const timed = async (route: string, args: string[], count: (stdout: string) => number) => {
      const started = performance.now();
      const child = Bun.spawn([binary, ...args], { env, stdin: "ignore", stdout: "pipe", stderr: "pipe" });
      let peak = 0;
      const sampling = setInterval(() => (peak = Math.max(peak, rssMiB(child.pid, "VmHWM"))), 20);
      const [stdout, stderr, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
      clearInterval(sampling);
      const ms = Number((performance.now() - started).toFixed(0));
      if (code !== 0) throw new Error(`signet ${args.join(" ")}: exit ${code}\n${stdout}${stderr}`);
      rows.push({ route, size, dialect, p50: ms, p99: ms, rows: count(stdout), index: "-" });
      return { stdout, peak };
    };
    await timed("job audit.retention (one run)", ["jobs", "run", "audit.retention"], () => 1);
    await timed("job analytics.rollups (backfill)", ["jobs", "run", "analytics.rollups"], () => 1);
    for (const [route, path] of [
      ["behavior rollup, 30 days", `/api/v1/admin/audit/behavior/rollup?orgId=${orgId}&days=30`],
      ["sign-in rollup, 30 days", `/api/v1/admin/audit/analytics/rollup?orgId=${orgId}&days=30`],
    ] as const) {
      const warm = await get(path);
      const times: number[] = [];
      for (let i = 0; i < runs; i++) {
        const started = performance.now();
        await get(path);
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      rows.push({ route, size, dialect, p50: percentile(times, 0.5), p99: percentile(times, 0.99), rows: Array.isArray(warm.coveredDates) ? warm.coveredDates.length : 0, index: "-" });
    }
    const afterQueriesMiB = rssMiB(server.pid);
    const verify = await timed("signet audit verify (whole chain)", ["audit", "verify", "--org", slug, "--json"], (out) => Number(JSON.parse(out).events ?? JSON.parse(out).count ?? 0));
    return { rows, memory: { idleAfterSeedMiB, afterQueriesMiB, verifyPeakMiB: verify.peak }, plans };
  } finally {
    server.kill("SIGTERM");
    await server.exited;
    await explain.close();
  }
}

/** EXPLAIN QUERY PLAN (SQLite, read-only file) or EXPLAIN (PostgreSQL) of a query, as text. */
async function planReader(dialect: "sqlite" | "postgres", dataDir: string, url: string | null) {
  if (dialect === "sqlite") {
    const file = join(dataDir, "signet.db");
    if (!existsSync(file)) throw new Error(`no SQLite database at ${file}`);
    const db = new SqliteConnection(file, { readonly: true });
    return {
      // Nested steps (subqueries) indented, so a sort of the whole query is told from a subquery's.
      plan: async (query: string) => db.query<{ detail: string; parent: number }, []>(`explain query plan ${query}`).all().map((r) => `${r.parent === 0 ? "" : "  "}${r.detail}`).join("\n"),
      // A scan reads every row; so does sorting a whole range ("TEMP B-TREE FOR ORDER BY"; one for
      // the LAST TERM only orders ties). "SEARCH … USING INDEX" in the requested order does not.
      readsBy: (plan: string): Row["index"] => {
        if (/\bSCAN (audit_events|audit_day_counts|files|memberships|connected_ids|users)\b(?! USING)/.test(plan)) return "n";
        if (!/^USE TEMP B-TREE FOR ORDER BY/m.test(plan)) return "y";
        return /SCAN \w+_trigrams VIRTUAL TABLE/.test(plan) ? "m" : "n";
      },
      count: async (query: string) => db.query<{ n: number }, []>(`select count(*) as n from (${query})`).get()!.n,
      deepFile: async (orgId: string, offset: number) =>
        db.query<{ createdAt: number; id: string }, [string, number]>("select created_at as createdAt, id from files where org_id = ? and trashed_at is null order by created_at desc, id asc limit 1 offset ?").get(orgId, offset)!,
      close: async () => db.close(),
    };
  }
  const client = postgres(url!, { max: 1, onnotice: () => {} });
  return {
    plan: async (query: string) => (await client.unsafe(`explain ${query}`)).map((r) => r["QUERY PLAN"]).join("\n"),
    // A sequential scan reads every row; so does a Sort under the Limit (it orders the whole range).
    readsBy: (plan: string): Row["index"] => {
      if (/Seq Scan on (audit_events|audit_day_counts|files|memberships|connected_ids|users)\b/.test(plan)) return "n";
      if (!/->\s+Sort\b/.test(plan)) return "y";
      return /Bitmap Index Scan on \w+_trgm_idx/.test(plan) ? "m" : "n";
    },
    count: async (query: string) => Number((await client.unsafe(`select count(*) as n from (${query}) as counted`))[0]!.n),
    deepFile: async (orgId: string, offset: number) => {
      const [row] = await client.unsafe("select created_at as \"createdAt\", id from files where org_id = $1 and trashed_at is null order by created_at desc, id asc limit 1 offset $2", [orgId, offset]);
      return { createdAt: Number(row!.createdAt), id: String(row!.id) };
    },
    close: async () => client.end(),
  };
}

export function formatTable(rows: Row[]): string {
  const header = ["route", "size", "dialect", "p50 ms", "p99 ms", "rows", "index"];
  const body = rows.map((r) => [r.route, r.size, r.dialect, String(r.p50), String(r.p99), String(r.rows), r.index]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(" | ")} |`;
  return [line(header), `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`, ...body.map(line)].join("\n");
}

if (import.meta.main) {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: { "data-dir": { type: "string" }, runs: { type: "string" }, binary: { type: "string" }, pg: { type: "string" }, plans: { type: "boolean" }, baseline: { type: "boolean" }, only: { type: "string" } },
  });
  if (!values["data-dir"]) throw new Error("--data-dir DIR (seeded by seed-scale.ts) is required");
  const result = await runDataScale({
    dataDir: values["data-dir"],
    runs: values.runs ? Number(values.runs) : undefined,
    binary: values.binary ?? process.env.SIGNET_BINARY,
    databaseUrl: values.pg ?? process.env.SIGNET_BENCH_DATABASE_URL,
    baseline: values.baseline,
    only: values.only,
  });
  console.log(formatTable(result.rows));
  console.log(`\nRSS of the binary: ${result.memory.idleAfterSeedMiB} MiB idle over the seeded data, ${result.memory.afterQueriesMiB} MiB after the queries; signet audit verify peak ${result.memory.verifyPeakMiB} MiB`);
  if (values.plans) for (const { route, plan } of result.plans) console.log(`\n${route}:\n${plan}`);
}
