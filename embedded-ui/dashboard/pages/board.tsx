/**
 * The board of directors (docs/governance.md, The board): whether the organization has
 * one, creating it, the seated directors with their shares, and appointing, removing and
 * choosing the chairman, each sealed with the caller's passkey (purpose
 * board.member.change, subject {slug}|{target}|{appoint|remove|chairman}). Only
 * corporations and projects have a board; any other type is told why.
 */
import { useState } from "preact/hooks";
import { api } from "../api";
import { ActionButton, Badge, EmptyState, Field, Form, Loaded, Section, Select, useLoad } from "../components";
import { type Board, type Director, type Graph, isOwnerOrAdmin } from "../governance";
import { formatTime, plural } from "../messages";
import { passkeysSupported, personalSeal } from "../passkeys";
import { type Org, useSession } from "../session";

/** The organization types that have a board (spec 2.10). */
export const BOARD_TYPES = ["corporation", "project"];
const TYPE_NAMES: Record<string, string> = { personal: "a personal organization", corporation: "a corporation", project: "a project (SPV)" };

/** A composition change's seal: purpose board.member.change, subject {slug}|{target}|{change}. */
function boardSeal(org: Org, target: string, change: "appoint" | "remove" | "chairman"): Promise<unknown> {
  if (!passkeysSupported()) throw new Error("This browser cannot use passkeys, which every change to the board needs.");
  return personalSeal("board.member.change", `${org.slug}|${target}|${change}`);
}

export function BoardPage({ org }: { org: Org }) {
  return (
    <>
      <div class="page-head">
        <h1>Board</h1>
      </div>
      {BOARD_TYPES.includes(org.type) ? <BoardOf org={org} /> : <NotApplicable org={org} />}
    </>
  );
}

function NotApplicable({ org }: { org: Org }) {
  const { reloadOrgs } = useSession();
  const upgrade = async () => {
    if (!confirm(`Make ${org.name} a corporation? A type only moves up: it cannot become personal again.`)) return;
    await api("POST", `/api/org/${org.slug}/upgrade-type`, { type: "corporation" });
    await reloadOrgs();
  };
  return (
    <Section title="Board of directors" id="board">
      <p id="board-not-applicable">
        Only corporations and projects (SPVs) have a board of directors. {org.name} is {TYPE_NAMES[org.type] ?? `of type ${org.type}`}, so it has none, and it holds no board
        meetings.
      </p>
      {org.role === "owner" ? (
        <>
          <p class="muted">As the owner you can make it a corporation. Types only move up: a corporation never becomes personal again.</p>
          <ActionButton id="make-corporation" kind="secondary" onAction={upgrade}>
            Make it a corporation
          </ActionButton>
        </>
      ) : (
        <p class="muted">Its owner can make it a corporation.</p>
      )}
    </Section>
  );
}

function BoardOf({ org }: { org: Org }) {
  const base = `/api/org/${org.slug}`;
  const board = useLoad(() => api<Board>("GET", `${base}/board`), [org.slug]);
  // The graph names the people who may be appointed.
  const graph = useLoad(() => api<Graph>("GET", `${base}/reporting/graph`), [org.slug]);
  const canEdit = isOwnerOrAdmin(org);
  return (
    <Loaded state={board} what="the board">
      {(b) =>
        b.exists ? (
          <>
            <Directors org={org} board={b} canEdit={canEdit} onChanged={board.reload} />
            {canEdit ? <Appoint org={org} board={b} graph={graph.data} onChanged={board.reload} /> : null}
            {canEdit ? <Chairman key={b.chairmanConnectedId ?? ""} org={org} board={b} onChanged={board.reload} /> : null}
          </>
        ) : (
          <CreateBoard org={org} canEdit={canEdit} onCreated={board.reload} />
        )
      }
    </Loaded>
  );
}

function CreateBoard({ org, canEdit, onCreated }: { org: Org; canEdit: boolean; onCreated: () => void }) {
  const [name, setName] = useState("");
  const create = async () => {
    await api<Board>("POST", `/api/org/${org.slug}/board`, name.trim() ? { Name: name.trim() } : {});
    onCreated();
  };
  return (
    <Section title="Board of directors" id="board">
      <EmptyState title="No board yet.">
        {canEdit ? "Create it, then appoint its directors and choose the chairman: each appointment is sealed with your passkey." : "The owner or an admin creates it."}
      </EmptyState>
      {canEdit ? (
        <Form onSubmit={create} submitLabel="Create the board" id="create-board">
          <Field label="Name of the board" id="board-name" maxLength={200} placeholder="Board of Directors" hint="Left empty, it is called Board of Directors." value={name} onInput={(e) => setName((e.target as HTMLInputElement).value)} />
        </Form>
      ) : null}
    </Section>
  );
}

const share = (d: Director) => (d.SharePercent === null ? "no share given" : `${d.SharePercent.toLocaleString(undefined, { maximumFractionDigits: 2 })} %`);

function Directors({ org, board, canEdit, onChanged }: { org: Org; board: Board; canEdit: boolean; onChanged: () => void }) {
  const chairman = board.members.find((d) => d.isChairman);
  const remove = (d: Director) => async () => {
    if (!confirm(`Remove ${d.displayName} from the board?${d.isChairman ? " The chair becomes empty." : ""}`)) return;
    const seal = await boardSeal(org, d.connectedId, "remove");
    await api("POST", `/api/org/${org.slug}/board/members/${d.connectedId}/remove`, { assertionResponseJson: seal });
    onChanged();
  };
  return (
    <Section title={board.name ?? "Board of directors"} id="board">
      <p class="muted" id="board-facts">
        {plural(board.members.length, "director")} · chairman: <span id="board-chairman">{chairman?.displayName ?? "none"}</span> · created {formatTime(board.createdAt)}
      </p>
      {board.members.length === 0 ? (
        <EmptyState title="No directors yet.">{canEdit ? "Appoint them below." : "The owner or an admin appoints them."}</EmptyState>
      ) : (
        <ul class="member-list" id="directors">
          {board.members.map((d) => (
            <li key={d.connectedId} data-director-name={d.displayName} data-share={d.SharePercent ?? ""} data-chairman={String(d.isChairman)}>
              <span>
                <strong>{d.displayName}</strong> {d.isChairman ? <Badge tone="good">Chairman</Badge> : null}
                <br />
                <span class="muted">
                  {share(d)} · since {formatTime(d.appointedAt)}
                </span>
              </span>
              {canEdit ? (
                <ActionButton kind="danger" label={`Remove ${d.displayName} from the board`} disabled={!passkeysSupported()} onAction={remove(d)}>
                  Remove
                </ActionButton>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {board.members.length ? <p class="muted">Every change to the board is sealed with the passkey of the person who makes it, and recorded in the audit log.</p> : null}
    </Section>
  );
}

function Appoint({ org, board, graph, onChanged }: { org: Org; board: Board; graph: Graph | undefined; onChanged: () => void }) {
  const seated = new Set(board.members.map((d) => d.connectedId));
  const candidates: [string, string][] = (graph?.people ?? []).filter((p) => p.type === "person" && !seated.has(p.connectedId)).map((p) => [p.connectedId, p.displayName] as [string, string])
    .sort((a, b) => a[1].localeCompare(b[1]));
  const [who, setWho] = useState("");
  const [percent, setPercent] = useState("");
  const appoint = async () => {
    if (!who) throw new Error("Choose the person to appoint.");
    const SharePercent = percent.trim() === "" ? null : Number(percent);
    if (SharePercent !== null && !Number.isFinite(SharePercent)) throw new Error("A share is a number from 0 to 100.");
    const seal = await boardSeal(org, who, "appoint");
    await api<Board>("POST", `/api/org/${org.slug}/board/members`, { ConnectedId: who, SharePercent, assertionResponseJson: seal });
    setWho("");
    setPercent("");
    onChanged();
  };
  return (
    <Section title="Appoint a director" id="appoint-director">
      {candidates.length === 0 && graph ? (
        <EmptyState title="Everyone is already on the board.">Invite people on the Members page to appoint more directors.</EmptyState>
      ) : (
        <Form onSubmit={appoint} submitLabel="Appoint with my passkey" id="appoint-form">
          <Select label="Person" id="appoint-who" value={who} onChange={setWho} options={[["", "Choose…"], ...candidates]} />
          <Field
            label="Share (percent, optional)"
            id="appoint-share"
            type="number"
            min={0}
            max={100}
            step={0.01}
            hint="0 to 100, at most two decimals."
            value={percent}
            onInput={(e) => setPercent((e.target as HTMLInputElement).value)}
          />
        </Form>
      )}
    </Section>
  );
}

function Chairman({ org, board, onChanged }: { org: Org; board: Board; onChanged: () => void }) {
  // Keyed by the saved chairman (see BoardOf): a new chairman remounts this with it as the choice.
  const [choice, setChoice] = useState(board.chairmanConnectedId ?? "");
  const change = async () => {
    // The seal names the new chairman, or the one leaving the chair when it is cleared.
    const target = choice || board.chairmanConnectedId;
    if (!target) return;
    const seal = await boardSeal(org, target, "chairman");
    await api<Board>("PUT", `/api/org/${org.slug}/board/chairman`, { LeadConnectedId: choice || null, assertionResponseJson: seal });
    onChanged();
  };
  if (board.members.length === 0) return null;
  return (
    <Section title="Chairman" id="board-chair">
      <p class="muted">The chairman is one of the directors. They open and close agenda items and take attendance in every meeting.</p>
      <div class="inline-form">
        <Select label="Chairman" id="chairman" value={choice} onChange={setChoice} options={[["", "No chairman"], ...board.members.map((d) => [d.connectedId, d.displayName] as [string, string])]} />
        <ActionButton id="save-chairman" kind="secondary" disabled={choice === (board.chairmanConnectedId ?? "") || !passkeysSupported()} onAction={change}>
          {choice ? "Set the chairman with my passkey" : "Clear the chair with my passkey"}
        </ActionButton>
      </div>
    </Section>
  );
}
