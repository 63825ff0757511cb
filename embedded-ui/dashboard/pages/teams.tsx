/**
 * Teams: the list, creating one (name, kind, parent, lead), and for each team its lead
 * and members (with sub-teams' members on request). Adding someone who already reports
 * to another manager asks, in a dialog, whether to keep that line (409 needs_resolution).
 */
import { useEffect, useRef, useState } from "preact/hooks";
import { api, ApiProblem, query } from "../api";
import { ActionButton, Badge, EmptyState, ErrorMessage, Field, Form, Loaded, Section, Select, Toggle, useLoad } from "../components";
import { type Graph, isOwnerOrAdmin, type Manager, namer, naming, type NeedsResolution, type Team, type TeamMember } from "../governance";
import { useLanguage, useT } from "../language";
import { formatNumber, pluralForm } from "../messages";
import type { Org } from "../session";

type Resolution = "add" | "replace" | "none";

export function TeamsPage({ org }: { org: Org }) {
  const base = `/api/org/${org.slug}`;
  const teams = useLoad(() => api<Team[]>("GET", `${base}/teams`), [org.slug]);
  // The graph names people and AIs (the choices for lead and member) and every team.
  const graph = useLoad(() => api<Graph>("GET", `${base}/reporting/graph`), [org.slug]);
  const [open, setOpen] = useState<string | null>(null);
  const canEdit = isOwnerOrAdmin(org);
  const t = useT();
  const refresh = () => {
    teams.reload();
    graph.reload();
  };

  return (
    <>
      <div class="page-head">
        <h1>{t("teams.title")}</h1>
      </div>
      <Section title={t("teams.title")} id="teams">
        <Loaded state={teams} what={t("teams.what")}>
          {(list) =>
            list.length === 0 ? (
              <EmptyState title={t("teams.none")}>{canEdit ? t("teams.noneCanEdit") : t("teams.noneCannotEdit")}</EmptyState>
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
  const t = useT();
  const { language } = useLanguage();
  const parent = teams.find((other) => other.id === team.parentTeamId);
  const panelId = `team-panel-${team.id}`;
  return (
    <li class="team card" data-team-id={team.id} data-team-name={team.name} style={depth ? { marginInlineStart: `${Math.min(depth, 4) * 1.25}rem` } : undefined}>
      <div class="team-head">
        <div>
          <strong class="team-name">{team.name}</strong> {team.kind !== "team" ? <Badge tone="neutral">{team.kind}</Badge> : null}
          <p class="muted team-facts">
            {t("teams.lead")} <span class="team-lead">{team.leadConnectedId ? nameOf(team.leadConnectedId) : t("teams.noLeadShort")}</span> ·{" "}
            {t(`teams.members.${pluralForm(team.memberCount, language)}`, { count: formatNumber(team.memberCount, language) })}
            {parent ? t("teams.partOf", { name: parent.name }) : ""}
          </p>
        </div>
        <button type="button" class="secondary" aria-expanded={open} aria-controls={panelId} onClick={onToggle}>
          {open ? t("teams.close") : t("teams.open")}
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
  const t = useT();
  const save = () =>
    naming(nameOf, t, async () => {
      await api("PUT", `${base}/teams/${team.id}/lead`, { LeadConnectedId: lead || null });
      onChanged();
    });
  return (
    <div class="inline-form lead-editor">
      <Select label={t("teams.leadOf", { name: team.name })} id={`lead-${team.id}`} value={lead} onChange={setLead} options={[["", t("teams.noLead")], ...peopleOptions(graph)]} />
      <ActionButton kind="secondary" id={`save-lead-${team.id}`} disabled={lead === (team.leadConnectedId ?? "")} onAction={save}>
        {lead ? t("teams.setLead") : t("teams.clearLead")}
      </ActionButton>
      <p class="muted hint-wide">{t("teams.leadHint")}</p>
    </div>
  );
}

function Members({ base, team, graph, canEdit, onChanged }: { base: string; team: Team; graph: Graph | undefined; canEdit: boolean; onChanged: () => void }) {
  const [withSubTeams, setWithSubTeams] = useState(false);
  const members = useLoad(() => api<TeamMember[]>("GET", `${base}/teams/${team.id}/members${query({ includeSubTeams: withSubTeams || undefined })}`), [team.id, team.updatedAt, team.memberCount, withSubTeams]);
  const [candidate, setCandidate] = useState("");
  const [asking, setAsking] = useState<{ connectedId: string; managers: Manager[] } | null>(null);
  const nameOf = namer(graph);
  const t = useT();
  const direct = new Set((members.data ?? []).filter((m) => m.teamId === team.id).map((m) => m.connectedId));
  const choices = peopleOptions(graph).filter(([id]) => !direct.has(id));

  const add = async (connectedId: string, resolution?: Resolution) => {
    await naming(nameOf, t, () => api("POST", `${base}/teams/${team.id}/members`, { ConnectedIdId: connectedId, ...(resolution ? { Resolution: resolution } : {}) }));
    setAsking(null);
    setCandidate("");
    members.reload();
    onChanged();
  };
  const submit = async () => {
    if (!candidate) throw new Error(t("teams.chooseSomeone"));
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
      <h3>{t("teams.membersTitle")}</h3>
      <Toggle id={`sub-teams-${team.id}`} label={t("teams.includeSubTeams")} checked={withSubTeams} onChange={setWithSubTeams} />
      <Loaded state={members} what={t("teams.membersWhat")}>
        {(list) =>
          list.length === 0 ? (
            <EmptyState title={t("teams.noMembers")} />
          ) : (
            <ul class="member-list" aria-label={t("teams.membersOf", { name: team.name })}>
              {list.map((m) => (
                <li key={`${m.teamId}|${m.connectedId}`} data-member-name={m.displayName} data-member-team={m.teamId}>
                  <span>
                    <strong>{m.displayName}</strong> {m.type === "ai" ? <Badge tone="neutral">{"AI"}</Badge> : null} {m.status === "suspended" ? <Badge tone="warn">{t("teams.suspended")}</Badge> : null}
                    <span class="muted">
                      {m.teamId !== team.id ? t("teams.inTeam", { name: nameOf(m.teamId) }) : ""}
                      {m.connectedId === team.leadConnectedId && m.teamId === team.id ? t("teams.theLead") : m.reportsToLead ? "" : t("teams.notReporting")}
                    </span>
                  </span>
                  {canEdit ? (
                    <ActionButton
                      kind="danger"
                      label={t("teams.removeLabel", { name: m.displayName, team: nameOf(m.teamId) })}
                      onAction={async () => {
                        if (!confirm(t("teams.confirmRemove", { name: m.displayName, team: nameOf(m.teamId) }))) return;
                        await api("DELETE", `${base}/teams/${m.teamId}/members/${m.connectedId}`);
                        members.reload();
                        onChanged();
                      }}
                    >
                      {t("teams.remove")}
                    </ActionButton>
                  ) : null}
                </li>
              ))}
            </ul>
          )
        }
      </Loaded>
      {canEdit ? (
        <Form onSubmit={submit} submitLabel={t("teams.addToTeam")} id={`add-member-${team.id}`}>
          <Select label={t("teams.personToAdd", { team: team.name })} id={`member-${team.id}`} value={candidate} onChange={setCandidate} options={[["", t("teams.choose")], ...choices]} />
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
  const t = useT();
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
    ["add", t("teams.alsoReport", { lead }), t("teams.alsoReportText", { who, lead })],
    ["replace", t("teams.reportOnly", { lead }), t("teams.reportOnlyText", { who, lead })],
    ["none", t("teams.joinWithout", { lead }), t("teams.joinWithoutText", { who, team, lead })],
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
      <h2 id="resolution-title">{t("teams.alreadyReports", { who })}</h2>
      <p id="resolution-text">{t("teams.leadIs", { team, lead, who })}</p>
      <ul id="existing-managers">
        {managers.map((m) => (
          <li key={m.connectedId} data-manager-name={m.displayName}>
            <strong>{m.displayName}</strong>
            <span class="muted">
              {m.manual ? t("teams.addedByHand") : ""}
              {m.viaTeamIds.length ? t("teams.asLeadOf", { teams: m.viaTeamIds.map(nameOf).join(", ") }) : ""}
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
          {t("teams.cancelAdd", { who })}
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
  const t = useT();
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
    <Section title={t("teams.createTitle")} id="create-team">
      <Form onSubmit={create} submitLabel={t("teams.create")} id="create-team-form">
        <Field label={t("teams.name")} id="team-name" required maxLength={200} value={name} onInput={(e) => setName((e.target as HTMLInputElement).value)} />
        <Field
          label={t("teams.kind")}
          id="team-kind"
          maxLength={40}
          pattern="[a-z][a-z0-9_]*"
          hint={t("teams.kindHint")}
          value={kind}
          onInput={(e) => setKind((e.target as HTMLInputElement).value)}
        />
        <Select
          label={t("teams.partOfLabel")}
          id="team-parent"
          value={parent}
          onChange={setParent}
          options={[["", t("teams.noParent")], ...teams.map((other) => [other.id, other.name] as [string, string])]}
        />
        <Select label={t("teams.leadLabel")} id="team-lead" value={lead} onChange={setLead} options={[["", t("teams.noLeadYet")], ...peopleOptions(graph)]} />
      </Form>
    </Section>
  );
}
