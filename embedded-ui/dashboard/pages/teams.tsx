/**
 * Teams: the list, creating one (name, kind, parent, lead), and for each team its lead
 * and members (with sub-teams' members on request). Adding someone who already reports
 * to another manager asks, in a dialog, whether to keep that line (409 needs_resolution).
 */
import { useEffect, useRef, useState } from "preact/hooks";
import { api, ApiProblem, query } from "../api";
import { ActionButton, Badge, EmptyState, ErrorMessage, Field, Form, Loaded, Section, Select, Toggle, useLoad } from "../components";
import { type Graph, isOwnerOrAdmin, type Manager, namer, naming, type NeedsResolution, type Team, type TeamMember } from "../governance";
import { plural } from "../messages";
import type { Org } from "../session";

type Resolution = "add" | "replace" | "none";

export function TeamsPage({ org }: { org: Org }) {
  const base = `/api/org/${org.slug}`;
  const teams = useLoad(() => api<Team[]>("GET", `${base}/teams`), [org.slug]);
  // The graph names people and AIs (the choices for lead and member) and every team.
  const graph = useLoad(() => api<Graph>("GET", `${base}/reporting/graph`), [org.slug]);
  const [open, setOpen] = useState<string | null>(null);
  const canEdit = isOwnerOrAdmin(org);
  const refresh = () => {
    teams.reload();
    graph.reload();
  };

  return (
    <>
      <div class="page-head">
        <h1>Teams</h1>
      </div>
      <Section title="Teams" id="teams">
        <Loaded state={teams} what="teams">
          {(list) =>
            list.length === 0 ? (
              <EmptyState title="No teams yet.">{canEdit ? "Create one below: its members report to its lead." : "The owner or an admin creates them."}</EmptyState>
            ) : (
              <ul class="team-list">
                {treeOrder(list).map(({ team, depth }) => (
                  <TeamItem
                    key={team.id}
                    depth={depth}
                    base={base}
                    team={team}
                    teams={list}
                    graph={graph.data}
                    canEdit={canEdit}
                    open={open === team.id}
                    onToggle={() => setOpen(open === team.id ? null : team.id)}
                    onChanged={refresh}
                  />
                ))}
              </ul>
            )
          }
        </Loaded>
      </Section>
      {canEdit ? (
        <CreateTeam
          base={base}
          teams={teams.data ?? []}
          graph={graph.data}
          onCreated={(team) => {
            setOpen(team.id);
            refresh();
          }}
        />
      ) : null}
    </>
  );
}

/** Teams in tree order: each top-level team (by name) followed by its sub-teams, with their depth. */
function treeOrder(teams: Team[]): { team: Team; depth: number }[] {
  const ids = new Set(teams.map((t) => t.id));
  const children = new Map<string | null, Team[]>();
  for (const team of teams) {
    const parent = team.parentTeamId && ids.has(team.parentTeamId) ? team.parentTeamId : null;
    children.set(parent, [...(children.get(parent) ?? []), team]);
  }
  const ordered: { team: Team; depth: number }[] = [];
  const seen = new Set<string>();
  const visit = (parent: string | null, depth: number) => {
    for (const team of [...(children.get(parent) ?? [])].sort((a, b) => a.name.localeCompare(b.name))) {
      if (seen.has(team.id)) continue;
      seen.add(team.id);
      ordered.push({ team, depth });
      visit(team.id, depth + 1);
    }
  };
  visit(null, 0);
  for (const team of teams) if (!seen.has(team.id)) ordered.push({ team, depth: 0 });
  return ordered;
}

function peopleOptions(graph: Graph | undefined): [string, string][] {
  return (graph?.people ?? []).map((p) => [p.connectedId, `${p.displayName}${p.type === "ai" ? " (AI)" : ""}`]);
}

function TeamItem({
  depth,
  base,
  team,
  teams,
  graph,
  canEdit,
  open,
  onToggle,
  onChanged,
}: {
  depth: number;
  base: string;
  team: Team;
  teams: Team[];
  graph: Graph | undefined;
  canEdit: boolean;
  open: boolean;
  onToggle: () => void;
  onChanged: () => void;
}) {
  const nameOf = namer(graph);
  const parent = teams.find((t) => t.id === team.parentTeamId);
  const panelId = `team-panel-${team.id}`;
  return (
    <li class="team card" data-team-id={team.id} data-team-name={team.name} style={depth ? { marginInlineStart: `${Math.min(depth, 4) * 1.25}rem` } : undefined}>
      <div class="team-head">
        <div>
          <strong class="team-name">{team.name}</strong> {team.kind !== "team" ? <Badge tone="neutral">{team.kind}</Badge> : null}
          <p class="muted team-facts">
            Lead: <span class="team-lead">{team.leadConnectedId ? nameOf(team.leadConnectedId) : "none"}</span> · {plural(team.memberCount, "member")}
            {parent ? ` · part of ${parent.name}` : ""}
          </p>
        </div>
        <button type="button" class="secondary" aria-expanded={open} aria-controls={panelId} onClick={onToggle}>
          {open ? "Close" : "Open"}
          <span class="visually-hidden"> {team.name}</span>
        </button>
      </div>
      {open ? (
        <div id={panelId} class="team-panel">
          {canEdit ? <LeadEditor key={team.leadConnectedId ?? ""} base={base} team={team} graph={graph} onChanged={onChanged} /> : null}
          <Members base={base} team={team} graph={graph} canEdit={canEdit} onChanged={onChanged} />
        </div>
      ) : null}
    </li>
  );
}

function LeadEditor({ base, team, graph, onChanged }: { base: string; team: Team; graph: Graph | undefined; onChanged: () => void }) {
  // Keyed by the saved lead (see TeamItem): a new lead remounts the editor with it as the choice.
  const [lead, setLead] = useState(team.leadConnectedId ?? "");
  const nameOf = namer(graph);
  const save = () =>
    naming(nameOf, async () => {
      await api("PUT", `${base}/teams/${team.id}/lead`, { LeadConnectedId: lead || null });
      onChanged();
    });
  return (
    <div class="inline-form lead-editor">
      <Select label={`Lead of ${team.name}`} id={`lead-${team.id}`} value={lead} onChange={setLead} options={[["", "No lead"], ...peopleOptions(graph)]} />
      <ActionButton kind="secondary" id={`save-lead-${team.id}`} disabled={lead === (team.leadConnectedId ?? "")} onAction={save}>
        {lead ? "Set the lead" : "Clear the lead"}
      </ActionButton>
      <p class="muted hint-wide">Members who follow the lead report to them; changing the lead moves those lines. Lines added by hand stay.</p>
    </div>
  );
}

function Members({ base, team, graph, canEdit, onChanged }: { base: string; team: Team; graph: Graph | undefined; canEdit: boolean; onChanged: () => void }) {
  const [withSubTeams, setWithSubTeams] = useState(false);
  const members = useLoad(() => api<TeamMember[]>("GET", `${base}/teams/${team.id}/members${query({ includeSubTeams: withSubTeams || undefined })}`), [team.id, team.updatedAt, team.memberCount, withSubTeams]);
  const [candidate, setCandidate] = useState("");
  const [asking, setAsking] = useState<{ connectedId: string; managers: Manager[] } | null>(null);
  const nameOf = namer(graph);
  const direct = new Set((members.data ?? []).filter((m) => m.teamId === team.id).map((m) => m.connectedId));
  const choices = peopleOptions(graph).filter(([id]) => !direct.has(id));

  const add = async (connectedId: string, resolution?: Resolution) => {
    await naming(nameOf, () => api("POST", `${base}/teams/${team.id}/members`, { ConnectedIdId: connectedId, ...(resolution ? { Resolution: resolution } : {}) }));
    setAsking(null);
    setCandidate("");
    members.reload();
    onChanged();
  };
  const submit = async () => {
    if (!candidate) throw new Error("Choose a person or an AI to add.");
    try {
      await add(candidate);
    } catch (e) {
      if (e instanceof ApiProblem && e.code === "needs_resolution") {
        setAsking({ connectedId: candidate, managers: (e.body as unknown as NeedsResolution).existingManagers ?? [] });
        return;
      }
      throw e;
    }
  };

  return (
    <div class="team-members">
      <h3>Members</h3>
      <Toggle id={`sub-teams-${team.id}`} label="Include the members of sub-teams" checked={withSubTeams} onChange={setWithSubTeams} />
      <Loaded state={members} what="members">
        {(list) =>
          list.length === 0 ? (
            <EmptyState title="No members yet." />
          ) : (
            <ul class="member-list" aria-label={`Members of ${team.name}`}>
              {list.map((m) => (
                <li key={`${m.teamId}|${m.connectedId}`} data-member-name={m.displayName} data-member-team={m.teamId}>
                  <span>
                    <strong>{m.displayName}</strong> {m.type === "ai" ? <Badge tone="neutral">AI</Badge> : null} {m.status === "suspended" ? <Badge tone="warn">suspended</Badge> : null}
                    <span class="muted">
                      {m.teamId !== team.id ? ` in ${nameOf(m.teamId)}` : ""}
                      {m.connectedId === team.leadConnectedId && m.teamId === team.id ? " · the lead" : m.reportsToLead ? "" : " · does not report to the lead"}
                    </span>
                  </span>
                  {canEdit ? (
                    <ActionButton
                      kind="danger"
                      label={`Remove ${m.displayName} from ${nameOf(m.teamId)}`}
                      onAction={async () => {
                        if (!confirm(`Remove ${m.displayName} from ${nameOf(m.teamId)}? Their line to its lead goes too; lines added by hand stay.`)) return;
                        await api("DELETE", `${base}/teams/${m.teamId}/members/${m.connectedId}`);
                        members.reload();
                        onChanged();
                      }}
                    >
                      Remove
                    </ActionButton>
                  ) : null}
                </li>
              ))}
            </ul>
          )
        }
      </Loaded>
      {canEdit ? (
        <Form onSubmit={submit} submitLabel="Add to the team" id={`add-member-${team.id}`}>
          <Select label={`Person or AI to add to ${team.name}`} id={`member-${team.id}`} value={candidate} onChange={setCandidate} options={[["", "Choose…"], ...choices]} />
        </Form>
      ) : null}
      {asking ? (
        <ResolutionDialog
          who={nameOf(asking.connectedId)}
          lead={nameOf(team.leadConnectedId)}
          team={team.name}
          managers={asking.managers}
          nameOf={nameOf}
          onChoose={(resolution) => add(asking.connectedId, resolution)}
          onCancel={() => setAsking(null)}
        />
      ) : null}
    </div>
  );
}

/** 409 needs_resolution: the member's current managers and the three ways on (docs/governance.md). */
function ResolutionDialog({
  who,
  lead,
  team,
  managers,
  nameOf,
  onChoose,
  onCancel,
}: {
  who: string;
  lead: string;
  team: string;
  managers: Manager[];
  nameOf: (id: string) => string;
  onChoose: (resolution: Resolution) => Promise<void>;
  onCancel: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [busy, setBusy] = useState<Resolution | null>(null);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  const choose = async (resolution: Resolution) => {
    setBusy(resolution);
    setError(null);
    try {
      await onChoose(resolution);
    } catch (e) {
      setError(e);
      setBusy(null);
    }
  };
  const choices: [Resolution, string, string][] = [
    ["add", `Also report to ${lead}`, `${who} keeps every manager below and reports to ${lead} as well.`],
    ["replace", `Report only to ${lead}`, `The lines to the managers below are removed; ${who} reports to ${lead}.`],
    ["none", `Join without reporting to ${lead}`, `${who} joins ${team} and keeps the managers below, with no line to ${lead}, now or after a change of lead.`],
  ];
  return (
    <dialog
      ref={dialog}
      id="resolution-dialog"
      class="dialog"
      aria-labelledby="resolution-title"
      aria-describedby="resolution-text"
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <h2 id="resolution-title">{who} already reports to someone</h2>
      <p id="resolution-text">
        {team}'s lead is {lead}. {who} reports to:
      </p>
      <ul id="existing-managers">
        {managers.map((m) => (
          <li key={m.connectedId} data-manager-name={m.displayName}>
            <strong>{m.displayName}</strong>
            <span class="muted">
              {m.manual ? " (added by hand)" : ""}
              {m.viaTeamIds.length ? ` (as lead of ${m.viaTeamIds.map(nameOf).join(", ")})` : ""}
            </span>
          </li>
        ))}
      </ul>
      <ul class="choices">
        {choices.map(([resolution, label, explanation]) => (
          <li key={resolution}>
            <button type="button" class={resolution === "replace" ? "primary" : "secondary"} id={`resolution-${resolution}`} aria-describedby={`resolution-${resolution}-text`} disabled={busy !== null} aria-busy={busy === resolution} onClick={() => choose(resolution)}>
              {busy === resolution ? <span class="spinner" aria-hidden="true" /> : null}
              {label}
            </button>
            <small id={`resolution-${resolution}-text`} class="muted">
              {explanation}
            </small>
          </li>
        ))}
      </ul>
      <ErrorMessage error={error} />
      <div class="form-actions">
        <button type="button" class="link" onClick={onCancel} disabled={busy !== null}>
          Cancel: do not add {who}
        </button>
      </div>
    </dialog>
  );
}

function CreateTeam({ base, teams, graph, onCreated }: { base: string; teams: Team[]; graph: Graph | undefined; onCreated: (team: Team) => void }) {
  const [name, setName] = useState("");
  const [kind, setKind] = useState("team");
  const [parent, setParent] = useState("");
  const [lead, setLead] = useState("");
  const create = async () => {
    const team = await api<Team>("POST", `${base}/teams`, {
      Name: name.trim(),
      Kind: kind.trim() || undefined,
      ParentTeamId: parent || null,
      LeadConnectedId: lead || null,
    });
    setName("");
    setParent("");
    setLead("");
    onCreated(team);
  };
  return (
    <Section title="Create a team" id="create-team">
      <Form onSubmit={create} submitLabel="Create team" id="create-team-form">
        <Field label="Name" id="team-name" required maxLength={200} value={name} onInput={(e) => setName((e.target as HTMLInputElement).value)} />
        <Field
          label="Kind"
          id="team-kind"
          maxLength={40}
          pattern="[a-z][a-z0-9_]*"
          hint="Lower-case letters, digits and _: team, department, squad…"
          value={kind}
          onInput={(e) => setKind((e.target as HTMLInputElement).value)}
        />
        <Select label="Part of" id="team-parent" value={parent} onChange={setParent} options={[["", "No parent team (top level)"], ...teams.map((t) => [t.id, t.name] as [string, string])]} />
        <Select label="Lead" id="team-lead" value={lead} onChange={setLead} options={[["", "No lead yet"], ...peopleOptions(graph)]} />
      </Form>
    </Section>
  );
}
