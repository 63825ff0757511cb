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
import { useLanguage, useT } from "../language";
import { formatNumber, pluralForm } from "../messages";
import { type Layout, layoutGraph, NODE_HEIGHT, NODE_WIDTH, type NodeKind, routeEdges } from "../org-layout";
import { useSession, type Org } from "../session";

type T = ReturnType<typeof useT>;
const kindOf = (t: T, kind: NodeKind) => t(`org-chart.kind.${kind}`);
/** A line in words: "Ada reports to Grace". */
const lineWords = (t: T, nameOf: (id: string) => string, e: Edge) => t(`org-chart.edge.${e.type}`, { source: nameOf(e.sourceConnectedId), target: nameOf(e.targetConnectedId) });

/**
 * A team's kind as a word: the default "team" in the catalog's language; the organization's own
 * kinds as it typed them, "sales_region" → "Sales region" (the box's tint already says it is a team).
 */
const kindName = (t: T, kind: string) => (kind === "team" ? kindOf(t, "team") : `${kind.charAt(0).toUpperCase()}${kind.slice(1).replace(/_/g, " ")}`);

/** A name cut to fit its box; the full name is the box's title and accessible name. */
const fit = (text: string, max = 21) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

export function OrgChartPage({ org }: { org: Org }) {
  const base = `/api/org/${org.slug}`;
  const graph = useLoad(() => api<Graph>("GET", `${base}/reporting/graph`), [org.slug]);
  const [selected, setSelected] = useState<string | null>(null);
  const canEdit = isOwnerOrAdmin(org);
  const t = useT();

  return (
    <>
      <div class="page-head">
        <h1>{t("org-chart.title")}</h1>
      </div>
      <Loaded state={graph} what={t("org-chart.what")}>
        {(g) => (
          <>
            <Section title={t("org-chart.chart")} id="org-chart">
              <p class="muted">{t("org-chart.intro")}</p>
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
  const t = useT();
  const line = (kind: Edge["type"]) => (
    <svg width="44" height="12" aria-hidden="true" class="legend-sample">
      <line x1="2" y1="6" x2="42" y2="6" class={`edge edge-${kind}`} />
    </svg>
  );
  return (
    <ul class="legend" aria-label={t("org-chart.legend")}>
      <li>
        {line("reporting")} {t("org-chart.legendReporting")}
      </li>
      <li>
        {line("member_of")} {t("org-chart.legendMember")}
      </li>
      <li>
        {line("reference")} {t("org-chart.legendReference")}
      </li>
      <li>
        <span class="legend-box node-person" aria-hidden="true" /> {t("org-chart.kind.person")}
      </li>
      <li>
        <span class="legend-box node-ai" aria-hidden="true" /> {t("org-chart.kind.ai")}
      </li>
      <li>
        <span class="legend-box node-team" aria-hidden="true" /> {t("org-chart.kind.team")}
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
  const t = useT();
  const { language } = useLanguage();
  const counted = (key: "org-chart.members" | "org-chart.teams" | "org-chart.lines", count: number) =>
    t(`${key}.${pluralForm(count, language)}`, { count: formatNumber(count, language) });
  const layout = chartLayout(graph);
  const nameOf = namer(graph);
  const people = new Map(graph.people.map((p) => [p.connectedId, p]));
  const teams = new Map(graph.teams.map((team) => [team.id, team]));
  const drawn = graph.edges.filter((e) => layout.nodes.has(e.sourceConnectedId) && layout.nodes.has(e.targetConnectedId));
  const paths = routeEdges(
    layout,
    drawn.map((e) => ({ type: e.type, source: e.sourceConnectedId, target: e.targetConnectedId })),
  );
  const choose = (id: string) => onSelect(selected === id ? null : id);

  const subtitle = (id: string) => {
    const person = people.get(id);
    if (person) return `${kindOf(t, person.type)}${person.userId === user.id ? t("org-chart.you") : ""}${person.status === "suspended" ? t("org-chart.suspended") : ""}`;
    const team = teams.get(id)!;
    return `${kindName(t, team.kind)} · ${counted("org-chart.members", team.memberCount)}`;
  };

  return (
    <div class="chart-wrap" tabIndex={0} role="region" aria-label={t("org-chart.scrolls")}>
      <svg
        id="org-chart-svg"
        width={layout.width}
        height={layout.height}
        viewBox={`0 0 ${layout.width} ${layout.height}`}
        role="group"
        aria-label={t("org-chart.svgLabel", { people: formatNumber(graph.people.length, language), teams: counted("org-chart.teams", graph.teams.length), lines: counted("org-chart.lines", drawn.length) })}
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
            const via = e.viaTeamIds.length ? t("org-chart.through", { teams: e.viaTeamIds.map(nameOf).join(", ") }) : "";
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
                <title>{`${lineWords(t, nameOf, e)}${via}`}</title>
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
                    {"AI"}
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
  const t = useT();
  const team = graph.teams.find((candidate) => candidate.id === id);
  const person = graph.people.find((p) => p.connectedId === id);
  if (!team && !person) return null;
  const name = nameOf(id);
  const of = (type: Edge["type"], side: "source" | "target") => graph.edges.filter((e) => e.type === type && (side === "source" ? e.sourceConnectedId : e.targetConnectedId) === id);
  const how = (e: Edge) => {
    const parts = [];
    if (e.manual && e.type !== "member_of") parts.push(t("org-chart.addedByHand"));
    if (e.viaTeamIds.length) parts.push(t("org-chart.asLeadOf", { teams: e.viaTeamIds.map(nameOf).join(", ") }));
    return parts.length ? ` (${parts.join("; ")})` : "";
  };
  const remove = (e: Edge) => (
    <ActionButton
      kind="secondary"
      label={t("org-chart.removeLabel", { line: lineWords(t, nameOf, e) })}
      onAction={async () => {
        const automatic = e.viaTeamIds.length ? t("org-chart.alsoStops", { name: nameOf(e.sourceConnectedId), teams: e.viaTeamIds.map(nameOf).join(", ") }) : "";
        if (!confirm(t("org-chart.confirmRemove", { line: lineWords(t, nameOf, e), automatic }))) return;
        await api("DELETE", `${base}/relationships${query({ sourceId: e.sourceConnectedId, targetId: e.targetConnectedId, type: e.type })}`);
        onChanged();
      }}
    >
      {t("org-chart.remove")}
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
  const led = graph.teams.filter((candidate) => candidate.leadConnectedId === id);
  return (
    <Section title={name} id="chart-details">
      <div aria-live="polite">
        {person ? (
          <>
            <p class="muted">
              {kindOf(t, person.type)}
              {person.status === "suspended" ? t("org-chart.suspended") : ""}
              {led.length ? t("org-chart.leads", { teams: led.map((ledTeam) => ledTeam.name).join(", ") }) : ""}
            </p>
            {list(t("org-chart.managers"), of("reporting", "source"), (e) => e.targetConnectedId, true, t("org-chart.reportsToNobody", { name }), "managers")}
            {list(t("org-chart.reports"), of("reporting", "target"), (e) => e.sourceConnectedId, true, t("org-chart.nobodyReports", { name }), "reports")}
            {list(t("org-chart.teamsTitle"), of("member_of", "source"), (e) => e.targetConnectedId, false, t("org-chart.inNoTeam", { name }), "teams")}
          </>
        ) : (
          <>
            <p class="muted">
              {team!.kind === "team" ? t("org-chart.kind.team") : t("org-chart.teamKind", { kind: team!.kind })}
              {t("org-chart.teamLead", { name: team!.leadConnectedId ? nameOf(team!.leadConnectedId) : t("org-chart.noLead") })}
              {team!.parentTeamId ? t("org-chart.partOf", { name: nameOf(team!.parentTeamId) }) : ""}
            </p>
            {list(t("org-chart.membersTitle"), of("member_of", "target"), (e) => e.sourceConnectedId, false, t("org-chart.noMembers"), "members")}
          </>
        )}
        {list(t("org-chart.references"), references, (e) => (e.sourceConnectedId === id ? e.targetConnectedId : e.sourceConnectedId), true, t("org-chart.noReferences"), "references")}
        <p class="muted">
          {t("org-chart.membershipNote")}{" "}
          <a href={`/orgs/${slug}/teams`} data-route>
            {t("org-chart.teamsPage")}
          </a>
          {t("org-chart.membershipNoteEnd")}
        </p>
      </div>
    </Section>
  );
}

function AddLine({ base, graph, selected, onAdded }: { base: string; graph: Graph; selected: string | null; onAdded: () => void }) {
  const nameOf = namer(graph);
  const t = useT();
  const people: [string, string][] = graph.people.map((p) => [p.connectedId, `${p.displayName}${p.type === "ai" ? " (AI)" : ""}`]);
  const everyone: [string, string][] = [...people, ...graph.teams.map((team) => [team.id, t("org-chart.teamOption", { name: team.name })] as [string, string])];
  const [type, setType] = useState<"reporting" | "reference">("reporting");
  const [source, setSource] = useState("");
  const [target, setTarget] = useState("");
  const choices = type === "reporting" ? people : everyone;
  const from = source || (selected && choices.some(([id]) => id === selected) ? selected : "");
  const add = async () => {
    if (!from || !target) throw new Error(t("org-chart.chooseBoth"));
    await naming(nameOf, t, () => api("POST", `${base}/relationships`, { SourceConnectedId: from, TargetConnectedId: target, Type: type }));
    setTarget("");
    onAdded();
  };
  const pick: [string, string] = ["", t("org-chart.choose")];
  return (
    <Section title={t("org-chart.addTitle")} id="add-line">
      <Form onSubmit={add} submitLabel={t("org-chart.addSubmit")} id="add-line-form">
        <Select
          label={t("org-chart.lineKind")}
          id="line-type"
          value={type}
          onChange={(v) => setType(v as "reporting" | "reference")}
          options={[
            ["reporting", t("org-chart.optionReporting")],
            ["reference", t("org-chart.optionReference")],
          ]}
        />
        <Select label={type === "reporting" ? t("org-chart.whoReports") : t("org-chart.whoRefers")} id="line-source" value={from} onChange={setSource} options={[pick, ...choices]} />
        <Select label={type === "reporting" ? t("org-chart.toManager") : t("org-chart.to")} id="line-target" value={target} onChange={setTarget} options={[pick, ...choices]} />
      </Form>
    </Section>
  );
}
