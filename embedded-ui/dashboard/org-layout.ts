/**
 * A layered, top-down layout of the reporting graph for the org chart (no graph library):
 *
 * 1. Ranks. A person or AI badge sits one rank below the lowest of their managers (the
 *    longest reporting path from someone who reports to nobody), so every reporting line
 *    points up. A team sits one rank below its lowest member, so membership lines point
 *    down to it; a team without members sits under its lead, or at the top.
 * 2. Order within a rank. Starting from the order given, a few barycenter sweeps (down,
 *    then up) move each node towards the mean position of its neighbours in the ranks
 *    above or below; the order with the fewest crossings wins.
 * 3. Coordinates. Fixed-size boxes, each rank centred.
 */

export type NodeKind = "person" | "ai" | "team";
export type EdgeKind = "member_of" | "reporting" | "reference";

export interface LayoutNode {
  id: string;
  kind: NodeKind;
}

export interface LayoutEdge {
  type: EdgeKind;
  source: string;
  target: string;
}

export interface PlacedNode {
  id: string;
  kind: NodeKind;
  rank: number;
  x: number;
  y: number;
}

export interface Layout {
  nodes: Map<string, PlacedNode>;
  width: number;
  height: number;
  ranks: string[][];
  crossings: number;
}

export const NODE_WIDTH = 212;
export const NODE_HEIGHT = 54;
const GAP_X = 28;
const GAP_Y = 84;
const MARGIN = 20;
const SWEEPS = 6;

/** Each node's rank (see above). Reporting cycles cannot exist (the API refuses them); a loop is cut, not followed. */
export function rankNodes(nodes: readonly LayoutNode[], edges: readonly LayoutEdge[], leads: ReadonlyMap<string, string | null> = new Map()): Map<string, number> {
  const known = new Set(nodes.map((n) => n.id));
  const managers = new Map<string, string[]>();
  for (const e of edges) {
    if (e.type !== "reporting" || !known.has(e.source) || !known.has(e.target)) continue;
    managers.set(e.source, [...(managers.get(e.source) ?? []), e.target]);
  }
  const rank = new Map<string, number>();
  const visiting = new Set<string>();
  const rankOf = (id: string): number => {
    const done = rank.get(id);
    if (done !== undefined) return done;
    if (visiting.has(id)) return 0;
    visiting.add(id);
    const above = (managers.get(id) ?? []).map(rankOf);
    visiting.delete(id);
    const r = above.length ? Math.max(...above) + 1 : 0;
    rank.set(id, r);
    return r;
  };
  for (const n of nodes) if (n.kind !== "team") rankOf(n.id);

  const members = new Map<string, number[]>();
  for (const e of edges) {
    if (e.type !== "member_of" || !rank.has(e.source) || !known.has(e.target)) continue;
    members.set(e.target, [...(members.get(e.target) ?? []), rank.get(e.source)!]);
  }
  for (const n of nodes) {
    if (n.kind !== "team") continue;
    const below = members.get(n.id);
    const lead = leads.get(n.id);
    rank.set(n.id, below?.length ? Math.max(...below) + 1 : lead && rank.has(lead) ? rank.get(lead)! + 1 : 0);
  }
  return rank;
}

/** Crossings between edges drawn as straight lines from rank to rank, over the ranks both span. */
export function countCrossings(order: ReadonlyMap<string, number>, rank: ReadonlyMap<string, number>, edges: readonly LayoutEdge[]): number {
  const segments = edges
    .filter((e) => order.has(e.source) && order.has(e.target) && rank.get(e.source) !== rank.get(e.target))
    .map((e) => {
      const [a, b] = rank.get(e.source)! < rank.get(e.target)! ? [e.source, e.target] : [e.target, e.source];
      return { top: rank.get(a)!, bottom: rank.get(b)!, x1: order.get(a)!, x2: order.get(b)!, a, b };
    });
  let crossings = 0;
  for (let i = 0; i < segments.length; i++) {
    for (let j = i + 1; j < segments.length; j++) {
      const s = segments[i]!;
      const u = segments[j]!;
      if (s.a === u.a || s.b === u.b || s.a === u.b || s.b === u.a) continue;
      const top = Math.max(s.top, u.top);
      const bottom = Math.min(s.bottom, u.bottom);
      if (top >= bottom) continue;
      const at = (seg: typeof s, r: number) => seg.x1 + ((seg.x2 - seg.x1) * (r - seg.top)) / (seg.bottom - seg.top);
      const d1 = at(s, top) - at(u, top);
      const d2 = at(s, bottom) - at(u, bottom);
      if (d1 * d2 < 0) crossings += 1;
    }
  }
  return crossings;
}

/** Positions within ranks, normalised to the rank's centre so ranks of different sizes compare. */
function positions(ranks: readonly string[][]): Map<string, number> {
  const widest = Math.max(1, ...ranks.map((r) => r.length));
  const at = new Map<string, number>();
  for (const row of ranks) row.forEach((id, i) => at.set(id, i + (widest - row.length) / 2));
  return at;
}

export function layoutGraph(nodes: readonly LayoutNode[], edges: readonly LayoutEdge[], leads: ReadonlyMap<string, string | null> = new Map()): Layout {
  const rank = rankNodes(nodes, edges, leads);
  const kinds = new Map(nodes.map((n) => [n.id, n.kind]));
  const depth = nodes.length ? Math.max(...nodes.map((n) => rank.get(n.id) ?? 0)) : 0;
  let ranks: string[][] = Array.from({ length: depth + 1 }, () => []);
  for (const n of nodes) ranks[rank.get(n.id) ?? 0]!.push(n.id);

  const neighbours = new Map<string, string[]>();
  for (const e of edges) {
    if (!kinds.has(e.source) || !kinds.has(e.target) || e.source === e.target) continue;
    neighbours.set(e.source, [...(neighbours.get(e.source) ?? []), e.target]);
    neighbours.set(e.target, [...(neighbours.get(e.target) ?? []), e.source]);
  }

  let best = ranks.map((r) => [...r]);
  let fewest = countCrossings(positions(best), rank, edges);
  for (let sweep = 0; sweep < SWEEPS && fewest > 0; sweep++) {
    const down = sweep % 2 === 0;
    const sequence = ranks.map((_, i) => i);
    if (!down) sequence.reverse();
    for (const r of sequence) {
      const at = positions(ranks);
      const keyed = ranks[r]!.map((id, i) => {
        const side = (neighbours.get(id) ?? []).filter((n) => (down ? rank.get(n)! < r : rank.get(n)! > r));
        const key = side.length ? side.reduce((sum, n) => sum + at.get(n)!, 0) / side.length : at.get(id)!;
        return { id, key, i };
      });
      keyed.sort((a, b) => a.key - b.key || a.i - b.i);
      ranks[r] = keyed.map((k) => k.id);
    }
    const crossings = countCrossings(positions(ranks), rank, edges);
    if (crossings < fewest) {
      fewest = crossings;
      best = ranks.map((row) => [...row]);
    }
  }
  ranks = best;

  const widest = Math.max(1, ...ranks.map((r) => r.length));
  const width = MARGIN * 2 + widest * NODE_WIDTH + (widest - 1) * GAP_X;
  const height = MARGIN * 2 + ranks.length * NODE_HEIGHT + (ranks.length - 1) * GAP_Y;
  const placed = new Map<string, PlacedNode>();
  ranks.forEach((row, r) => {
    const rowWidth = row.length * NODE_WIDTH + (row.length - 1) * GAP_X;
    const left = (width - rowWidth) / 2;
    row.forEach((id, i) => placed.set(id, { id, kind: kinds.get(id)!, rank: r, x: left + i * (NODE_WIDTH + GAP_X), y: MARGIN + r * (NODE_HEIGHT + GAP_Y) }));
  });
  return { nodes: placed, width, height, ranks, crossings: fewest };
}

/**
 * The paths of the edges between placed boxes. An edge leaves the lower box from its top
 * and enters the upper box at its bottom, as an S-curve; between boxes of one rank it is
 * an arc under them. Where several edges meet one side of a box, each gets its own port
 * along that side, ordered by where the other end is, so arrowheads do not pile up and
 * the curves do not cross at the box.
 */
export function routeEdges(layout: Layout, edges: readonly LayoutEdge[]): (string | null)[] {
  type End = { edge: number; node: PlacedNode; side: "top" | "bottom"; towards: number };
  const ends: End[][] = edges.map((e, i) => {
    const from = layout.nodes.get(e.source);
    const to = layout.nodes.get(e.target);
    if (!from || !to) return [];
    const centre = (n: PlacedNode) => n.x + NODE_WIDTH / 2;
    if (from.rank === to.rank) {
      return [
        { edge: i, node: from, side: "bottom", towards: centre(to) },
        { edge: i, node: to, side: "bottom", towards: centre(from) },
      ];
    }
    const [upper, lower] = from.rank < to.rank ? [from, to] : [to, from];
    const upperEnd: End = { edge: i, node: upper, side: "bottom", towards: centre(lower) };
    const lowerEnd: End = { edge: i, node: lower, side: "top", towards: centre(upper) };
    return from === upper ? [upperEnd, lowerEnd] : [lowerEnd, upperEnd];
  });

  const ports = new Map<End, number>();
  const bySide = new Map<string, End[]>();
  for (const end of ends.flat()) {
    const key = `${end.node.id}|${end.side}`;
    bySide.set(key, [...(bySide.get(key) ?? []), end]);
  }
  for (const group of bySide.values()) {
    group.sort((a, b) => a.towards - b.towards || a.edge - b.edge);
    group.forEach((end, i) => {
      const share = group.length === 1 ? 0.5 : 0.2 + (0.6 * i) / (group.length - 1);
      ports.set(end, end.node.x + NODE_WIDTH * share);
    });
  }

  return ends.map((pair) => {
    if (pair.length !== 2) return null;
    const [a, b] = pair as [End, End];
    const y = (end: End) => (end.side === "top" ? end.node.y : end.node.y + NODE_HEIGHT);
    const [x1, y1, x2, y2] = [ports.get(a)!, y(a), ports.get(b)!, y(b)];
    if (a.side === "bottom" && b.side === "bottom") {
      const dip = Math.max(y1, y2) + 28 + Math.min(60, Math.abs(x2 - x1) / 6);
      return `M ${x1} ${y1} C ${x1} ${dip}, ${x2} ${dip}, ${x2} ${y2}`;
    }
    const mid = (y1 + y2) / 2;
    return `M ${x1} ${y1} C ${x1} ${mid}, ${x2} ${mid}, ${x2} ${y2}`;
  });
}
