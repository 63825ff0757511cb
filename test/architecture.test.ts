/**
 * The layout rules of DESIGN §2, checked on the import graph of src/:
 * - platform/ imports no domain and no surface;
 * - a domain reaches another domain only through that domain's `index.ts`, never its
 *   internals or tables (a surface counts as a domain here); a table declaration may
 *   name another domain's table for a foreign key;
 * - no cycle between domains.
 * Violations that predate the rules are listed in architecture.known.json. The list may
 * only shrink: a new violation fails, and so does a listed one that no longer exists
 * (delete its line, or run with SIGNET_SHRINK_ARCHITECTURE=1). Groups of domains that
 * reach each other are one "cycle among" line; when a domain leaves the group, that line
 * is replaced by hand with the smaller group the test prints.
 */
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

const root = resolve(import.meta.dir, "..");
const src = join(root, "src");

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

/** Each violation as one stable line, so the known list reads as a to-do list. */
function violations(edges: Edge[]): string[] {
  const found = new Set<string>();
  for (const e of edges) {
    if (e.fromDomain === "platform") found.add(`platform imports a domain: ${e.from} -> ${e.to}`);
    else if (e.toDomain !== "platform" && e.to !== `${e.toDomain}/index.ts` && !isForeignKey(e)) found.add(`internal import: ${e.from} -> ${e.to}`);
  }
  const graph = new Map<string, Set<string>>();
  for (const e of edges) {
    if (e.toDomain === "platform") continue;
    if (!graph.has(e.fromDomain)) graph.set(e.fromDomain, new Set());
    graph.get(e.fromDomain)!.add(e.toDomain);
  }
  for (const [a, targets] of graph) for (const b of targets) if (a < b && graph.get(b)?.has(a)) found.add(`cycle: ${a} <-> ${b}`);
  for (const group of tangledGroups(graph)) if (group.length > 2) found.add(`cycle among: ${group.join(", ")}`);
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

const knownPath = join(import.meta.dir, "architecture.known.json");
let known: string[] = JSON.parse(readFileSync(knownPath, "utf8"));

describe("architecture (DESIGN §2)", () => {
  const edges = crossDomainEdges();
  const current = violations(edges);
  // After removing violations: SIGNET_SHRINK_ARCHITECTURE=1 drops the ones that are gone.
  // It never adds one, so the list can only shrink this way.
  if (process.env.SIGNET_SHRINK_ARCHITECTURE) {
    known = known.filter((v) => current.includes(v));
    writeFileSync(knownPath, JSON.stringify(known, null, 1) + "\n");
  }

  test("no new violation: a domain reaches another only through its index.ts, platform imports no domain, no cycle", () => {
    expect(current.filter((v) => !known.includes(v))).toEqual([]);
  });

  test("the known list only shrinks: every listed violation still exists", () => {
    expect(known.filter((v) => !current.includes(v))).toEqual([]);
  });

  test("the import graph between domains (printed for the record)", () => {
    const graph = new Map<string, Set<string>>();
    for (const e of edges) {
      if (e.toDomain === "platform") continue;
      if (!graph.has(e.fromDomain)) graph.set(e.fromDomain, new Set());
      graph.get(e.fromDomain)!.add(e.toDomain);
    }
    const lines = [...graph].sort().map(([a, b]) => `${a} -> ${[...b].sort().join(", ")}`);
    if (process.env.SIGNET_PRINT_ARCHITECTURE) console.log(lines.join("\n"), `\n${current.length} known violations`);
    expect(lines.length).toBeGreaterThan(0);
  });
});
