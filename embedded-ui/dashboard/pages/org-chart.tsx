/**
 * The org chart: the reporting graph drawn as an SVG, top-down along reporting lines
 * (org-layout.ts), with people, AI badges and teams and the three kinds of line told
 * apart by colour and dash. Choosing a box shows its managers, reports and teams; the
 * owner and admins add and remove reporting and reference lines.
 */
import { useState } from "preact/hooks";
import { api, query } from "../api";
import { ActionButton, Form, Loaded, Section, Select, useLoad } from "../components";
import { type Edge, type Graph, isOwnerOrAdmin, namer, naming } from "../governance";
import { plural } from "../messages";
import { type Layout, layoutGraph, NODE_HEIGHT, NODE_WIDTH, type NodeKind, routeEdges } from "../org-layout";
import { useSession, type Org } from "../session";

const KIND_NAMES: Record<NodeKind, string> = { person: "Person", ai: "AI", team: "Team" };
const EDGE_NAMES: Record<Edge["type"], string> = { reporting: "reports to", member_of: "is a member of", reference: "refers to" };

/** A team's kind as a word: "team" → "Team", "sales_region" → "Sales region" (the box's tint already says it is a team). */
const kindName = (kind: string) => `${kind.charAt(0).toUpperCase()}${kind.slice(1).replace(/_/g, " ")}`;

/** A name cut to fit its box; the full name is the box's title and accessible name. */
const fit = (text: string, max = 21) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

export function OrgChartPage({ org }: { org: Org }) {
  const base = `/api/org/${org.slug}`;
  const graph = useLoad(() => api<Graph>("GET", `${base}/reporting/graph`), [org.slug]);
  const [selected, setSelected] = useState<string | null>(null);
  const canEdit = isOwnerOrAdmin(org);

  return (
    <>
      <div class="page-head">
        <h1>Org chart</h1>
      </div>
      <Loaded state={graph} what="the org chart">
        {(g) => (
          <>
            <Section title="Chart" id="org-chart">
              <p class="muted">Managers above the people who report to them; each team below its members. Choose a box to see its lines.</p>
              <Legend />
              <Chart graph={g} selected={selected} onSelect={setSelected} />
            </Section>
            {selected ? <Details slug={org.slug} graph={g} id={selected} canEdit={canEdit} onChanged={graph.reload} /> : null}
            {canEdit ? <AddLine base={base} graph={g} selected={selected} onAdded={graph.reload} /> : null}
          </>
        )}
      </Loaded>
    </>
  );
}

function Legend() {
  const line = (kind: Edge["type"]) => (
    <svg width="44" height="12" aria-hidden="true" class="legend-sample">
      <line x1="2" y1="6" x2="42" y2="6" class={`edge edge-${kind}`} />
    </svg>
  );
  return (
    <ul class="legend" aria-label="Legend">
      <li>
        {line("reporting")} Reports to (the arrow points at the manager)
      </li>
      <li>
        {line("member_of")} Member of a team
      </li>
      <li>
        {line("reference")} Reference
      </li>
      <li>
        <span class="legend-box node-person" aria-hidden="true" /> Person
      </li>
      <li>
        <span class="legend-box node-ai" aria-hidden="true" /> AI
      </li>
      <li>
        <span class="legend-box node-team" aria-hidden="true" /> Team
      </li>
    </ul>
  );
}

function chartLayout(graph: Graph): Layout {
  const nodes = [
    ...graph.people.map((p) => ({ id: p.connectedId, kind: p.type as NodeKind })),
    ...graph.teams.map((t) => ({ id: t.id, kind: "team" as NodeKind })),
  ];
  const edges = graph.edges.map((e) => ({ type: e.type, source: e.sourceConnectedId, target: e.targetConnectedId }));
  return layoutGraph(nodes, edges, new Map(graph.teams.map((t) => [t.id, t.leadConnectedId])));
}

function Chart({ graph, selected, onSelect }: { graph: Graph; selected: string | null; onSelect: (id: string | null) => void }) {
  const { user } = useSession();
  const layout = chartLayout(graph);
  const nameOf = namer(graph);
  const people = new Map(graph.people.map((p) => [p.connectedId, p]));
  const teams = new Map(graph.teams.map((t) => [t.id, t]));
  const drawn = graph.edges.filter((e) => layout.nodes.has(e.sourceConnectedId) && layout.nodes.has(e.targetConnectedId));
  const paths = routeEdges(
    layout,
    drawn.map((e) => ({ type: e.type, source: e.sourceConnectedId, target: e.targetConnectedId })),
  );
  const choose = (id: string) => onSelect(selected === id ? null : id);

  const subtitle = (id: string) => {
    const person = people.get(id);
    if (person) return `${KIND_NAMES[person.type]}${person.userId === user.id ? " · you" : ""}${person.status === "suspended" ? " · suspended" : ""}`;
    const team = teams.get(id)!;
    return `${kindName(team.kind)} · ${plural(team.memberCount, "member")}`;
  };

  return (
    <div class="chart-wrap" tabIndex={0} role="region" aria-label="Org chart (scrolls)">
      <svg
        id="org-chart-svg"
        width={layout.width}
        height={layout.height}
        viewBox={`0 0 ${layout.width} ${layout.height}`}
        role="group"
        aria-label={`Org chart: ${graph.people.length} people and AIs, ${plural(graph.teams.length, "team")}, ${plural(drawn.length, "line")}`}
        data-crossings={layout.crossings}
      >
        <defs>
          {(["reporting", "member_of", "reference"] as const).map((kind) => (
            <marker key={kind} id={`arrow-${kind}`} viewBox="0 0 10 10" refX="10" refY="5" markerUnits="userSpaceOnUse" markerWidth="11" markerHeight="11" orient="auto">
              <path d="M 0 0 L 10 5 L 0 10 z" class={`arrow arrow-${kind}`} />
            </marker>
          ))}
          <clipPath id="node-text">
            <rect x={8} y={0} width={NODE_WIDTH - 16} height={NODE_HEIGHT} />
          </clipPath>
        </defs>
        <g class="edges">
          {drawn.map((e, i) => {
            const active = selected !== null && (e.sourceConnectedId === selected || e.targetConnectedId === selected);
            const via = e.viaTeamIds.length ? ` (through ${e.viaTeamIds.map(nameOf).join(", ")})` : "";
            return (
              <path
                key={`${e.type}|${e.sourceConnectedId}|${e.targetConnectedId}`}
                class={`edge edge-${e.type}${active ? " edge-active" : ""}`}
                d={paths[i]!}
                marker-end={`url(#arrow-${e.type})`}
                data-edge-type={e.type}
                data-source={e.sourceConnectedId}
                data-target={e.targetConnectedId}
                data-manual={String(e.manual)}
              >
                <title>{`${nameOf(e.sourceConnectedId)} ${EDGE_NAMES[e.type]} ${nameOf(e.targetConnectedId)}${via}`}</title>
              </path>
            );
          })}
        </g>
        <g class="nodes">
          {[...layout.nodes.values()].map((n) => {
            const name = nameOf(n.id);
            const isSelected = selected === n.id;
            return (
              <g
                key={n.id}
                class={`node node-${n.kind}${isSelected ? " node-selected" : ""}`}
                transform={`translate(${n.x} ${n.y})`}
                role="button"
                tabIndex={0}
                aria-pressed={isSelected}
                data-node-id={n.id}
                data-node-kind={n.kind}
                data-node-name={name}
                onClick={() => choose(n.id)}
                onKeyDown={(event) => {
                  if (event.key === "Enter" || event.key === " ") {
                    event.preventDefault();
                    choose(n.id);
                  }
                }}
              >
                {/* The accessible name (SVG's <title>) and the tooltip: the full name, which the drawn text may cut short. */}
                <title>{`${name}, ${subtitle(n.id)}`}</title>
                <rect width={NODE_WIDTH} height={NODE_HEIGHT} rx={n.kind === "team" ? 3 : 10} class="node-box" />
                {n.kind === "ai" ? <rect x={NODE_WIDTH - 34} y={8} width={26} height={16} rx={4} class="node-tag" /> : null}
                {n.kind === "ai" ? (
                  <text x={NODE_WIDTH - 21} y={20} class="node-tag-text" text-anchor="middle" aria-hidden="true">
                    AI
                  </text>
                ) : null}
                <g clip-path="url(#node-text)" aria-hidden="true">
                  <text x={12} y={23} class="node-name">
                    {fit(name, n.kind === "ai" ? 18 : 22)}
                  </text>
                  <text x={12} y={42} class="node-sub">
                    {fit(subtitle(n.id), 30)}
                  </text>
                </g>
              </g>
            );
          })}
        </g>
      </svg>
    </div>
  );
}

/** The lines of the chosen box, in words: managers, reports, teams and references, with a remove button for each line. */
function Details({ slug, graph, id, canEdit, onChanged }: { slug: string; graph: Graph; id: string; canEdit: boolean; onChanged: () => void }) {
  const base = `/api/org/${slug}`;
  const nameOf = namer(graph);
  const team = graph.teams.find((t) => t.id === id);
  const person = graph.people.find((p) => p.connectedId === id);
  if (!team && !person) return null;
  const name = nameOf(id);
  const of = (type: Edge["type"], side: "source" | "target") => graph.edges.filter((e) => e.type === type && (side === "source" ? e.sourceConnectedId : e.targetConnectedId) === id);
  const how = (e: Edge) => {
    const parts = [];
    if (e.manual && e.type !== "member_of") parts.push("added by hand");
    if (e.viaTeamIds.length) parts.push(`as lead of ${e.viaTeamIds.map(nameOf).join(", ")}`);
    return parts.length ? ` (${parts.join("; ")})` : "";
  };
  const remove = (e: Edge) => (
    <ActionButton
      kind="secondary"
      label={`Remove the line: ${nameOf(e.sourceConnectedId)} ${EDGE_NAMES[e.type]} ${nameOf(e.targetConnectedId)}`}
      onAction={async () => {
        const automatic = e.viaTeamIds.length ? ` ${nameOf(e.sourceConnectedId)} also stops following the lead of ${e.viaTeamIds.map(nameOf).join(", ")}.` : "";
        if (!confirm(`Remove the line “${nameOf(e.sourceConnectedId)} ${EDGE_NAMES[e.type]} ${nameOf(e.targetConnectedId)}”?${automatic}`)) return;
        await api("DELETE", `${base}/relationships${query({ sourceId: e.sourceConnectedId, targetId: e.targetConnectedId, type: e.type })}`);
        onChanged();
      }}
    >
      Remove
    </ActionButton>
  );
  const list = (title: string, edges: Edge[], other: (e: Edge) => string, removable: boolean, empty: string, key: string) => (
    <>
      <h3>{title}</h3>
      {edges.length === 0 ? (
        <p class="muted">{empty}</p>
      ) : (
        <ul class="line-list" data-list={key}>
          {edges.map((e) => (
            <li key={`${e.type}|${e.sourceConnectedId}|${e.targetConnectedId}`}>
              <span class="line-who">
                <strong>{nameOf(other(e))}</strong>
                <span class="muted">{how(e)}</span>
              </span>
              {removable && canEdit ? remove(e) : null}
            </li>
          ))}
        </ul>
      )}
    </>
  );
  const references = [...of("reference", "source"), ...of("reference", "target")];
  const led = graph.teams.filter((t) => t.leadConnectedId === id);
  return (
    <Section title={name} id="chart-details">
      <div aria-live="polite">
        {person ? (
          <>
            <p class="muted">
              {KIND_NAMES[person.type]}
              {person.status === "suspended" ? " · suspended" : ""}
              {led.length ? ` · leads ${led.map((t) => t.name).join(", ")}` : ""}
            </p>
            {list("Managers", of("reporting", "source"), (e) => e.targetConnectedId, true, `${name} reports to nobody.`, "managers")}
            {list("Reports", of("reporting", "target"), (e) => e.sourceConnectedId, true, `Nobody reports to ${name}.`, "reports")}
            {list("Teams", of("member_of", "source"), (e) => e.targetConnectedId, false, `${name} is in no team.`, "teams")}
          </>
        ) : (
          <>
            <p class="muted">
              {team!.kind === "team" ? "Team" : `Team · ${team!.kind}`} · lead {team!.leadConnectedId ? nameOf(team!.leadConnectedId) : "none"}
              {team!.parentTeamId ? ` · part of ${nameOf(team!.parentTeamId)}` : ""}
            </p>
            {list("Members", of("member_of", "target"), (e) => e.sourceConnectedId, false, "No members yet.", "members")}
          </>
        )}
        {list("References", references, (e) => (e.sourceConnectedId === id ? e.targetConnectedId : e.sourceConnectedId), true, "No references.", "references")}
        <p class="muted">
          Team membership is changed on the{" "}
          <a href={`/orgs/${slug}/teams`} data-route>
            Teams page
          </a>
          .
        </p>
      </div>
    </Section>
  );
}

function AddLine({ base, graph, selected, onAdded }: { base: string; graph: Graph; selected: string | null; onAdded: () => void }) {
  const nameOf = namer(graph);
  const people: [string, string][] = graph.people.map((p) => [p.connectedId, `${p.displayName}${p.type === "ai" ? " (AI)" : ""}`]);
  const everyone: [string, string][] = [...people, ...graph.teams.map((t) => [t.id, `${t.name} (team)`] as [string, string])];
  const [type, setType] = useState<"reporting" | "reference">("reporting");
  const [source, setSource] = useState("");
  const [target, setTarget] = useState("");
  const choices = type === "reporting" ? people : everyone;
  const from = source || (selected && choices.some(([id]) => id === selected) ? selected : "");
  const add = async () => {
    if (!from || !target) throw new Error("Choose both ends of the line.");
    await naming(nameOf, () => api("POST", `${base}/relationships`, { SourceConnectedId: from, TargetConnectedId: target, Type: type }));
    setTarget("");
    onAdded();
  };
  const pick: [string, string] = ["", "Choose…"];
  return (
    <Section title="Add a line" id="add-line">
      <Form onSubmit={add} submitLabel="Add the line" id="add-line-form">
        <Select
          label="Kind of line"
          id="line-type"
          value={type}
          onChange={(v) => setType(v as "reporting" | "reference")}
          options={[
            ["reporting", "Reports to (a manager)"],
            ["reference", "Reference (anyone, teams too)"],
          ]}
        />
        <Select label={type === "reporting" ? "Who reports" : "Who refers"} id="line-source" value={from} onChange={setSource} options={[pick, ...choices]} />
        <Select label={type === "reporting" ? "To the manager" : "To"} id="line-target" value={target} onChange={setTarget} options={[pick, ...choices]} />
      </Form>
    </Section>
  );
}
