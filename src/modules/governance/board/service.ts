/**
 * The board of directors (spec 2.10, 4.7): one per Corporation or Project (SPV)
 * organization, a group badge with GroupKind Board; directors are person badges, the
 * chairman is one of them. Appointing, removing and choosing the chairman need a fresh
 * personal seal (purpose board.member.change, subject {slug}|{target}|{appoint|remove|
 * chairman}), verified inside the change's transaction, so the seal is used if and only
 * if the change commits. Every change takes the organization's board lock.
 */
import { and, asc, eq, isNull } from "drizzle-orm";
import type { AppContext } from "../../../context";
import { auditEvent } from "../../../platform/audit/catalog";
import { toIso } from "../../../platform/clock";
import type { Queryable, Tx } from "../../../platform/db/database";
import { newId } from "../../../platform/ids";
import { sealAssertionOf, verifyPersonalSeal } from "../../identity/index";
import { assertCan, badgesOfOrg, type BadgeSummary, type Caller, createGroupBadge, type OrgActor } from "../../orgs/index";
import { type GovernanceCaller, madeBy, recordEvent } from "../caller";
import { governanceErrors } from "../errors";
import { boardErrors } from "./errors";
import { BOARD_EVENTS } from "./events";
import { BOARD_NAME_MAX, type BoardAppoint, type BoardCreate, type BoardRemove, type BoardView, type ChairmanChange, DEFAULT_BOARD_NAME } from "./model";
import { type BoardRow, boardSeats, type BoardSeatRow, boards } from "./schema";
import { BOARD_SCOPES } from "./scopes";

/** The organization types that have a board (spec 2.10). */
export const BOARD_ORG_TYPES: readonly string[] = ["corporation", "project"];
/** The membership type of the board's group badge: its GroupKind. */
export const BOARD_GROUP_KIND = "board";
/** The seal purpose of every composition change (spec 4.7, DESIGN §5). */
export const BOARD_SEAL_PURPOSE = "board.member.change";

export type BoardChange = "appoint" | "remove" | "chairman";

/** The seal subject of a composition change: {slug}|{targetConnectedId}|{appoint|remove|chairman}. */
export function boardSealSubject(slug: string, target: string, change: BoardChange): string {
  return `${slug}|${target}|${change}`;
}

export interface Seat extends BoardSeatRow {
  badge: BadgeSummary;
}

/** The live board: its row and badge, the seated directors (live badges, longest-serving first) and the chairman (a seated director, or null). */
export interface BoardState {
  board: BoardRow;
  badge: BadgeSummary;
  seats: Seat[];
  chairmanConnectedId: string | null;
}

const live = (badge: BadgeSummary | undefined): badge is BadgeSummary => badge !== undefined && badge.status !== "revoked";

/** The organization's live board, or null (none yet, or its badge was revoked). */
export async function loadBoard(reader: Queryable, orgId: string): Promise<BoardState | null> {
  const rows = await reader.select().from(boards).where(eq(boards.orgId, orgId)).orderBy(asc(boards.createdAt), asc(boards.id));
  if (rows.length === 0) return null;
  const badges = new Map((await badgesOfOrg(reader, orgId, { types: ["group", "person"] })).map((b) => [b.id, b]));
  const board = rows.find((row) => live(badges.get(row.id)));
  if (!board) return null;
  const seatRows = await reader
    .select()
    .from(boardSeats)
    .where(and(eq(boardSeats.boardId, board.id), isNull(boardSeats.removedAt)))
    .orderBy(asc(boardSeats.appointedAt), asc(boardSeats.id));
  const seats = seatRows.flatMap((seat) => {
    const badge = badges.get(seat.connectedId);
    return live(badge) ? [{ ...seat, badge }] : [];
  });
  const chairmanConnectedId = board.chairmanConnectedId && seats.some((s) => s.connectedId === board.chairmanConnectedId) ? board.chairmanConnectedId : null;
  return { board, badge: badges.get(board.id)!, seats, chairmanConnectedId };
}

/** Serialises every change to one organization's board. */
async function lockBoard(tx: Tx, orgId: string): Promise<void> {
  await tx.lock(`governance.board:${orgId}`);
}

const percentOf = (basisPoints: number | null) => (basisPoints === null ? null : basisPoints / 100);

export function boardView(state: BoardState | null): BoardView {
  if (!state) return { exists: false, boardId: null, name: null, chairmanConnectedId: null, members: [], createdAt: null };
  return {
    exists: true,
    boardId: state.board.id,
    name: state.badge.displayName,
    chairmanConnectedId: state.chairmanConnectedId,
    members: state.seats.map((seat) => ({
      connectedId: seat.connectedId,
      displayName: seat.badge.displayName,
      userId: seat.badge.userId,
      SharePercent: percentOf(seat.shareBasisPoints),
      isChairman: seat.connectedId === state.chairmanConnectedId,
      appointedAt: toIso(seat.appointedAt),
    })),
    createdAt: toIso(state.board.createdAt),
  };
}

export async function readBoard(deps: Pick<AppContext, "db">, caller: GovernanceCaller): Promise<BoardView> {
  assertCan(caller.actor, BOARD_SCOPES.read);
  return boardView(await loadBoard(deps.db.read, caller.org.id));
}

function requireBoardType(caller: GovernanceCaller): void {
  if (!BOARD_ORG_TYPES.includes(caller.org.type)) {
    throw boardErrors.error("boardNotApplicable", { type: caller.org.type, message: `a ${caller.org.type} organization has no board; only Corporation and Project (SPV) organizations do` });
  }
}

/** Creates the organization's board (its group badge, GroupKind Board). No seal: it has no directors yet. */
export async function createBoard(deps: Pick<AppContext, "db" | "clock">, caller: Caller<OrgActor>, input: typeof BoardCreate.static): Promise<BoardView> {
  assertCan(caller.actor, BOARD_SCOPES.create);
  const name = (input.Name ?? DEFAULT_BOARD_NAME).trim();
  if (name.length < 1 || name.length > BOARD_NAME_MAX) throw boardErrors.error("invalidBoardName", { field: "Name", message: `1 to ${BOARD_NAME_MAX} characters, not only spaces` });
  requireBoardType(caller);
  const now = deps.clock.now();
  return deps.db.write(async (tx) => {
    await lockBoard(tx, caller.org.id);
    if (await loadBoard(tx, caller.org.id)) throw boardErrors.error("boardExists");
    const badge = await createGroupBadge(tx, { orgId: caller.org.id, displayName: name, membershipType: BOARD_GROUP_KIND, at: now });
    const [board] = await tx.insert(boards).values({ id: badge.id, orgId: caller.org.id, chairmanConnectedId: null, createdBy: madeBy(caller.actor), createdAt: now, updatedAt: now }).returning();
    await recordEvent(tx, caller, auditEvent(BOARD_EVENTS.created, { boardId: badge.id, name }), now);
    return boardView({ board: board!, badge, seats: [], chairmanConnectedId: null });
  });
}

async function boardOr404(tx: Tx, orgId: string): Promise<BoardState> {
  const state = await loadBoard(tx, orgId);
  if (!state) throw boardErrors.error("boardNotFound");
  return state;
}

function shareBasisPoints(percent: number | null | undefined): number | null {
  if (percent === undefined || percent === null) return null;
  const basisPoints = Math.round(percent * 100);
  if (!Number.isFinite(percent) || percent < 0 || percent > 100 || Math.abs(percent * 100 - basisPoints) > 1e-6) {
    throw boardErrors.error("invalidSharePercent", { field: "SharePercent", message: "0 to 100 with at most two decimals" });
  }
  return basisPoints;
}

/** A person badge of the organization that is not revoked: 404 connected_id_not_found, else 400 badge_not_eligible. */
async function directorBadge(tx: Tx, orgId: string, id: string, field: string): Promise<BadgeSummary> {
  const [badge] = await badgesOfOrg(tx, orgId, { ids: [id] });
  if (!badge) throw governanceErrors.error("connectedIdNotFound", { field, message: "no such ConnectedId in this organization" });
  if (badge.status === "revoked") throw governanceErrors.error("badgeNotEligible", { field, message: "the badge is revoked" });
  if (badge.type !== "person") throw governanceErrors.error("badgeNotEligible", { field, message: "a director is a person (not an AI or a group badge)" });
  return badge;
}

type SealDeps = Pick<AppContext, "db" | "clock" | "config">;

async function seal(tx: Tx, deps: SealDeps, caller: Caller<OrgActor>, target: string, change: BoardChange, body: unknown): Promise<string> {
  const { credentialId } = await verifyPersonalSeal(tx, deps, {
    userId: caller.actor.userId,
    purpose: BOARD_SEAL_PURPOSE,
    subject: boardSealSubject(caller.org.slug, target, change),
    assertion: sealAssertionOf(body as { assertionResponseJson?: unknown; SealAssertionJson?: unknown }),
  });
  return credentialId;
}

/** Appoints a director (a person badge) under a personal seal. */
export async function appointDirector(deps: SealDeps, caller: Caller<OrgActor>, input: typeof BoardAppoint.static): Promise<BoardView> {
  assertCan(caller.actor, BOARD_SCOPES.update);
  const basisPoints = shareBasisPoints(input.SharePercent);
  const now = deps.clock.now();
  return deps.db.write(async (tx) => {
    await lockBoard(tx, caller.org.id);
    const state = await boardOr404(tx, caller.org.id);
    const badge = await directorBadge(tx, caller.org.id, input.ConnectedId, "ConnectedId");
    if (state.seats.some((s) => s.connectedId === badge.id)) throw boardErrors.error("alreadyOnBoard", { field: "ConnectedId", message: "that person already sits on the board" });
    const sealCredentialId = await seal(tx, deps, caller, badge.id, "appoint", input);
    const [seat] = await tx
      .insert(boardSeats)
      .values({ id: newId(), orgId: caller.org.id, boardId: state.board.id, connectedId: badge.id, shareBasisPoints: basisPoints, appointedBy: madeBy(caller.actor), appointedAt: now })
      .returning();
    await tx.update(boards).set({ updatedAt: now }).where(eq(boards.id, state.board.id));
    await recordEvent(
      tx,
      caller,
      auditEvent(BOARD_EVENTS.memberAppointed, { boardId: state.board.id, seatId: seat!.id, connectedId: badge.id, sharePercent: percentOf(basisPoints), sealCredentialId }),
      now,
    );
    return boardView({ ...state, seats: [...state.seats, { ...seat!, badge }] });
  });
}

/** Removes a director under a personal seal; a chairman who leaves the board leaves the chair too. */
export async function removeDirector(deps: SealDeps, caller: Caller<OrgActor>, memberId: string, input: typeof BoardRemove.static): Promise<BoardView> {
  assertCan(caller.actor, BOARD_SCOPES.update);
  const now = deps.clock.now();
  return deps.db.write(async (tx) => {
    await lockBoard(tx, caller.org.id);
    const state = await boardOr404(tx, caller.org.id);
    const seat = state.seats.find((s) => s.connectedId === memberId);
    if (!seat) throw boardErrors.error("boardMemberNotFound", { field: "memberId", message: "that ConnectedId does not sit on the board" });
    const sealCredentialId = await seal(tx, deps, caller, memberId, "remove", input);
    await tx.update(boardSeats).set({ removedAt: now, removedBy: madeBy(caller.actor) }).where(eq(boardSeats.id, seat.id));
    const chairmanCleared = state.chairmanConnectedId === memberId;
    await tx
      .update(boards)
      .set({ updatedAt: now, ...(chairmanCleared ? { chairmanConnectedId: null } : {}) })
      .where(eq(boards.id, state.board.id));
    await recordEvent(tx, caller, auditEvent(BOARD_EVENTS.memberRemoved, { boardId: state.board.id, seatId: seat.id, connectedId: memberId, chairmanCleared, sealCredentialId }), now);
    return boardView({ ...state, seats: state.seats.filter((s) => s.id !== seat.id), chairmanConnectedId: chairmanCleared ? null : state.chairmanConnectedId });
  });
}

/**
 * Sets the chairman (a seated director) or clears it (null), under a personal seal whose
 * target is the new chairman, or the current one when clearing. Asking for the chairman
 * the board already has changes nothing and needs no seal.
 */
export async function setChairman(deps: SealDeps, caller: Caller<OrgActor>, input: typeof ChairmanChange.static): Promise<BoardView> {
  assertCan(caller.actor, BOARD_SCOPES.update);
  const now = deps.clock.now();
  return deps.db.write(async (tx) => {
    await lockBoard(tx, caller.org.id);
    const state = await boardOr404(tx, caller.org.id);
    const to = input.LeadConnectedId;
    if (to !== null && !state.seats.some((s) => s.connectedId === to)) {
      const known = (await badgesOfOrg(tx, caller.org.id, { ids: [to] })).length > 0;
      if (!known) throw governanceErrors.error("connectedIdNotFound", { field: "LeadConnectedId", message: "no such ConnectedId in this organization" });
      throw boardErrors.error("notADirector", { field: "LeadConnectedId", message: "appoint them to the board first: the chairman is one of the directors" });
    }
    const from = state.chairmanConnectedId;
    if (to === from) return boardView(state);
    const sealCredentialId = await seal(tx, deps, caller, (to ?? from)!, "chairman", input);
    await tx.update(boards).set({ chairmanConnectedId: to, updatedAt: now }).where(eq(boards.id, state.board.id));
    await recordEvent(tx, caller, auditEvent(BOARD_EVENTS.chairmanChanged, { boardId: state.board.id, from, to, sealCredentialId }), now);
    return boardView({ ...state, chairmanConnectedId: to });
  });
}
