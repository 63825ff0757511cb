/**
 * The layout rules of DESIGN §2, checked on the import graph of src/:
 * - platform/ imports no domain and no surface;
 * - a domain reaches another only through that domain's `index.ts`, never its internals
 *   or tables (a surface counts as a domain here); a table declaration may name another
 *   domain's table for a foreign key;
 * - a domain imports only the domains below it in LAYERS, so no two domains can reach
 *   each other;
 * - no `index.ts` hands out a table: other domains get query functions, not tables.
 * SIGNET_PRINT_ARCHITECTURE=1 prints the graph between domains.
 */
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { kitTableName } from "../src/platform/db/kit";

const root = resolve(import.meta.dir, "..");
const src = join(root, "src");

/**
 * The domains from the bottom up (DESIGN §2): each may import only those before it.
 * Messaging sits lowest because every domain words its mails and texts from its catalogs
 * (accounts' sign-in links included) and organizations and customers text codes through
 * it; trust below access because machine tokens are signed with the organization's keys.
 */
export const LAYERS = [
  "modules/messaging",
  "modules/identity",
  "modules/orgs",
  "modules/trust",
  "modules/access",
  "modules/storage",
  "modules/customers",
  "modules/billing",
  "modules/commerce",
  "modules/governance",
  "modules/agents",
  "modules/integrations",
  "modules/provisioning",
  // Signs an organization's people in to the dashboard with just-in-time membership: above
  // identity (accounts, sessions) and orgs (members, roles), not under customers (end users).
  "modules/federation",
  "modules/datasources",
  "modules/analytics",
  "surfaces/system",
  "surfaces/pages",
  "surfaces/dev",
];

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : /\.tsx?$/.test(name) && !name.endsWith(".d.ts") ? [path] : [];
  });
}

/** "modules/orgs", "surfaces/pages", "platform", or null for the top-level wiring (app.ts, cli/, …). */
export function domainOf(file: string): string | null {
  const parts = relative(src, file).split("/");
  if (parts[0] === "modules" && parts.length > 2) return `modules/${parts[1]}`;
  if (parts[0] === "surfaces" && parts.length > 2) return `surfaces/${parts[1]}`;
  if (parts[0] === "platform") return "platform";
  return null;
}

const IMPORT = /(?:^|[\s;])(?:import|export)\s[^"';]*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

function resolveImport(from: string, spec: string): string | null {
  if (!spec.startsWith(".")) return null;
  const base = resolve(dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts")]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {}
  }
  return null;
}

interface Edge {
  from: string;
  to: string;
  fromDomain: string;
  toDomain: string;
}

function crossDomainEdges(): Edge[] {
  const edges: Edge[] = [];
  for (const file of walk(src)) {
    const fromDomain = domainOf(file);
    if (!fromDomain) continue;
    const text = readFileSync(file, "utf8");
    for (const match of text.matchAll(IMPORT)) {
      const target = resolveImport(file, (match[1] ?? match[2])!);
      if (!target) continue;
      const toDomain = domainOf(target);
      if (!toDomain || toDomain === fromDomain) continue;
      edges.push({ from: relative(src, file), to: relative(src, target), fromDomain, toDomain });
    }
  }
  return edges;
}

/**
 * A table declaration may name a table of a domain below it for a foreign key: the one
 * reference across domains that the data model itself needs (schema.ts to schema.ts).
 */
function isForeignKey(e: Edge): boolean {
  return e.from.endsWith("/schema.ts") && e.to.endsWith("/schema.ts");
}

/** Each violation as one stable line. */
function violations(edges: Edge[]): string[] {
  const found = new Set<string>();
  for (const e of edges) {
    if (e.fromDomain === "platform") found.add(`platform imports a domain: ${e.from} -> ${e.to}`);
    else if (e.toDomain !== "platform" && e.to !== `${e.toDomain}/index.ts` && !isForeignKey(e)) found.add(`internal import: ${e.from} -> ${e.to}`);
  }
  for (const e of edges) {
    if (e.fromDomain === "platform" || e.toDomain === "platform" || isForeignKey(e)) continue;
    const from = LAYERS.indexOf(e.fromDomain);
    const to = LAYERS.indexOf(e.toDomain);
    if (from < 0) found.add(`domain missing from LAYERS: ${e.fromDomain}`);
    else if (to < 0) found.add(`domain missing from LAYERS: ${e.toDomain}`);
    else if (to > from) found.add(`upward import: ${e.from} -> ${e.to}`);
  }
  const graph = new Map<string, Set<string>>();
  for (const e of edges) {
    if (e.toDomain === "platform") continue;
    if (!graph.has(e.fromDomain)) graph.set(e.fromDomain, new Set());
    graph.get(e.fromDomain)!.add(e.toDomain);
  }
  for (const group of tangledGroups(graph)) found.add(`cycle among: ${group.join(", ")}`);
  return [...found].sort();
}

/** Groups of domains that reach each other (strongly connected, Tarjan), each sorted. */
function tangledGroups(graph: Map<string, Set<string>>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const connect = (v: string) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) connect(v);
  return groups;
}

describe("architecture (DESIGN §2)", () => {
  const edges = crossDomainEdges();

  test("a domain reaches another only through its index.ts and only below it; platform imports no domain; no cycle", () => {
    expect(violations(edges)).toEqual([]);
  });

  test("no index.ts hands out a table", async () => {
    const leaks: string[] = [];
    for (const domain of LAYERS) {
      const door = join(src, domain, "index.ts");
      if (!statSync(door, { throwIfNoEntry: false })) continue;
      for (const [name, value] of Object.entries(await import(door))) if (kitTableName(value)) leaks.push(`${domain}/index.ts exports the table ${name}`);
    }
    expect(leaks).toEqual([]);
  });

  test("every domain folder is in LAYERS", () => {
    const folders = ["modules", "surfaces"].flatMap((top) =>
      readdirSync(join(src, top))
        .filter((name) => statSync(join(src, top, name)).isDirectory())
        .map((name) => `${top}/${name}`),
    );
    expect(folders.filter((f) => !LAYERS.includes(f))).toEqual([]);
  });

  test("the import graph between domains (printed for the record)", () => {
    const graph = new Map<string, Set<string>>();
    for (const e of edges) {
      if (e.toDomain === "platform") continue;
      if (!graph.has(e.fromDomain)) graph.set(e.fromDomain, new Set());
      graph.get(e.fromDomain)!.add(e.toDomain);
    }
    const lines = [...graph].sort(([a], [b]) => LAYERS.indexOf(a) - LAYERS.indexOf(b)).map(([a, b]) => `${a} -> ${[...b].sort((x, y) => LAYERS.indexOf(x) - LAYERS.indexOf(y)).join(", ")}`);
    if (process.env.SIGNET_PRINT_ARCHITECTURE) console.log(lines.join("\n"));
    expect(lines.length).toBeGreaterThan(0);
  });
});
