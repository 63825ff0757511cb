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
import { useLanguage, useT } from "../language";
import type { Language } from "../../i18n";
import type { DashboardKey } from "../locales/index";
import { formatNumber, formatTime, pluralForm } from "../messages";
import { passkeysSupported, personalSeal } from "../passkeys";
import { type Org, useSession } from "../session";

/** The organization types that have a board (spec 2.10). */
export const BOARD_TYPES = ["corporation", "project"];
const TYPE_KEYS: Record<string, DashboardKey> = { personal: "board.type.personal", corporation: "board.type.corporation", project: "board.type.project" };
type T = ReturnType<typeof useT>;

/** A composition change's seal: purpose board.member.change, subject {slug}|{target}|{change}. */
function boardSeal(t: T, org: Org, target: string, change: "appoint" | "remove" | "chairman"): Promise<unknown> {
  if (!passkeysSupported()) throw new Error(t("board.noPasskeys"));
  return personalSeal("board.member.change", `${org.slug}|${target}|${change}`);
}

export function BoardPage({ org }: { org: Org }) {
  const t = useT();
  return (
    <>
      <div class="page-head">
        <h1>{t("board.title")}</h1>
      </div>
      {BOARD_TYPES.includes(org.type) ? <BoardOf org={org} /> : <NotApplicable org={org} />}
    </>
  );
}

function NotApplicable({ org }: { org: Org }) {
  const { reloadOrgs } = useSession();
  const t = useT();
  const upgrade = async () => {
    if (!confirm(t("board.confirmUpgrade", { name: org.name }))) return;
    await api("POST", `/api/org/${org.slug}/upgrade-type`, { type: "corporation" });
    await reloadOrgs();
  };
  return (
    <Section title={t("board.boardOfDirectors")} id="board">
      <p id="board-not-applicable">
        {t("board.notApplicable", { name: org.name, type: TYPE_KEYS[org.type] ? t(TYPE_KEYS[org.type]!) : t("board.ofType", { type: org.type }) })}
      </p>
      {org.role === "owner" ? (
        <>
          <p class="muted">{t("board.ownerCanUpgrade")}</p>
          <ActionButton id="make-corporation" kind="secondary" onAction={upgrade}>
            {t("board.makeCorporation")}
          </ActionButton>
        </>
      ) : (
        <p class="muted">{t("board.ownerOnly")}</p>
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
  const t = useT();
  return (
    <Loaded state={board} what={t("board.what")}>
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
  const t = useT();
  const create = async () => {
    await api<Board>("POST", `/api/org/${org.slug}/board`, name.trim() ? { Name: name.trim() } : {});
    onCreated();
  };
  return (
    <Section title={t("board.boardOfDirectors")} id="board">
      <EmptyState title={t("board.noBoard")}>{canEdit ? t("board.noBoardCanEdit") : t("board.noBoardCannotEdit")}</EmptyState>
      {canEdit ? (
        <Form onSubmit={create} submitLabel={t("board.create")} id="create-board">
          <Field
            label={t("board.name")}
            id="board-name"
            maxLength={200}
            placeholder={t("board.namePlaceholder")}
            hint={t("board.nameHint")}
            value={name}
            onInput={(e) => setName((e.target as HTMLInputElement).value)}
          />
        </Form>
      ) : null}
    </Section>
  );
}

const share = (t: T, language: Language, d: Director) =>
  d.SharePercent === null ? t("board.noShare") : t("board.percent", { value: new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(d.SharePercent) });

function Directors({ org, board, canEdit, onChanged }: { org: Org; board: Board; canEdit: boolean; onChanged: () => void }) {
  const chairman = board.members.find((d) => d.isChairman);
  const t = useT();
  const { language } = useLanguage();
  const remove = (d: Director) => async () => {
    if (!confirm(t("board.confirmRemove", { name: d.displayName, chair: d.isChairman ? t("board.chairEmpties") : "" }))) return;
    const seal = await boardSeal(t, org, d.connectedId, "remove");
    await api("POST", `/api/org/${org.slug}/board/members/${d.connectedId}/remove`, { assertionResponseJson: seal });
    onChanged();
  };
  return (
    <Section title={board.name ?? t("board.boardOfDirectors")} id="board">
      <p class="muted" id="board-facts">
        {t(`board.directors.${pluralForm(board.members.length, language)}`, { count: formatNumber(board.members.length, language) })} · {t("board.chairmanLabel")}{" "}
        <span id="board-chairman">{chairman?.displayName ?? t("board.none")}</span> · {t("board.created", { time: formatTime(board.createdAt, language) })}
      </p>
      {board.members.length === 0 ? (
        <EmptyState title={t("board.noDirectors")}>{canEdit ? t("board.appointBelow") : t("board.adminAppoints")}</EmptyState>
      ) : (
        <ul class="member-list" id="directors">
          {board.members.map((d) => (
            <li key={d.connectedId} data-director-name={d.displayName} data-share={d.SharePercent ?? ""} data-chairman={String(d.isChairman)}>
              <span>
                <strong>{d.displayName}</strong> {d.isChairman ? <Badge tone="good">{t("board.chairman")}</Badge> : null}
                <br />
                <span class="muted">
                  {share(t, language, d)} · {t("board.since", { time: formatTime(d.appointedAt, language) })}
                </span>
              </span>
              {canEdit ? (
                <ActionButton kind="danger" label={t("board.removeLabel", { name: d.displayName })} disabled={!passkeysSupported()} onAction={remove(d)}>
                  {t("board.remove")}
                </ActionButton>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {board.members.length ? <p class="muted">{t("board.sealedNote")}</p> : null}
    </Section>
  );
}

function Appoint({ org, board, graph, onChanged }: { org: Org; board: Board; graph: Graph | undefined; onChanged: () => void }) {
  const seated = new Set(board.members.map((d) => d.connectedId));
  const candidates: [string, string][] = (graph?.people ?? []).filter((p) => p.type === "person" && !seated.has(p.connectedId)).map((p) => [p.connectedId, p.displayName] as [string, string])
    .sort((a, b) => a[1].localeCompare(b[1]));
  const [who, setWho] = useState("");
  const [percent, setPercent] = useState("");
  const t = useT();
  const appoint = async () => {
    if (!who) throw new Error(t("board.choosePerson"));
    const SharePercent = percent.trim() === "" ? null : Number(percent);
    if (SharePercent !== null && !Number.isFinite(SharePercent)) throw new Error(t("board.shareNumber"));
    const seal = await boardSeal(t, org, who, "appoint");
    await api<Board>("POST", `/api/org/${org.slug}/board/members`, { ConnectedId: who, SharePercent, assertionResponseJson: seal });
    setWho("");
    setPercent("");
    onChanged();
  };
  return (
    <Section title={t("board.appointTitle")} id="appoint-director">
      {candidates.length === 0 && graph ? (
        <EmptyState title={t("board.everyoneSeated")}>{t("board.inviteMore")}</EmptyState>
      ) : (
        <Form onSubmit={appoint} submitLabel={t("board.appoint")} id="appoint-form">
          <Select label={t("board.person")} id="appoint-who" value={who} onChange={setWho} options={[["", t("board.choose")], ...candidates]} />
          <Field
            label={t("board.share")}
            id="appoint-share"
            type="number"
            min={0}
            max={100}
            step={0.01}
            hint={t("board.shareHint")}
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
  const t = useT();
  const change = async () => {
    // The seal names the new chairman, or the one leaving the chair when it is cleared.
    const target = choice || board.chairmanConnectedId;
    if (!target) return;
    const seal = await boardSeal(t, org, target, "chairman");
    await api<Board>("PUT", `/api/org/${org.slug}/board/chairman`, { LeadConnectedId: choice || null, assertionResponseJson: seal });
    onChanged();
  };
  if (board.members.length === 0) return null;
  return (
    <Section title={t("board.chairman")} id="board-chair">
      <p class="muted">{t("board.chairText")}</p>
      <div class="inline-form">
        <Select
          label={t("board.chairman")}
          id="chairman"
          value={choice}
          onChange={setChoice}
          options={[["", t("board.noChairman")], ...board.members.map((d) => [d.connectedId, d.displayName] as [string, string])]}
        />
        <ActionButton id="save-chairman" kind="secondary" disabled={choice === (board.chairmanConnectedId ?? "") || !passkeysSupported()} onAction={change}>
          {choice ? t("board.setChairman") : t("board.clearChair")}
        </ActionButton>
      </div>
    </Section>
  );
}
