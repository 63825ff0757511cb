/**
 * The board's sealed records (platform/audit/sealed-records.ts): the board row (its
 * chairman) and each director's seat. Every legitimate change comes with its
 * business.board.* event, and the chain seals the row's state after it, so the integrity
 * scan finds a director seated or a chairman changed behind the application's back.
 */
import { payloadId, rowRecordType } from "../../../platform/audit/sealed-records";
import { BOARD_EVENTS } from "./events";
import { type BoardRow, boardSeats, type BoardSeatRow, boards } from "./schema";

const byBoard = payloadId("boardId");
const bySeat = payloadId("seatId");

export const boardRecords = rowRecordType<BoardRow>({
  entityType: "board",
  description: "The organization's board and its chairman. entityId: the board's ConnectedId.",
  events: {
    [BOARD_EVENTS.created.type]: byBoard,
    [BOARD_EVENTS.memberAppointed.type]: byBoard,
    [BOARD_EVENTS.memberRemoved.type]: byBoard,
    [BOARD_EVENTS.chairmanChanged.type]: byBoard,
  },
  table: boards,
  idColumn: boards.id,
  idOf: (r) => r.id,
});

export const boardSeatRecords = rowRecordType<BoardSeatRow>({
  entityType: "board_seat",
  description: "A director's seat on the board (appointed, share, removed). entityId: the seat id.",
  events: { [BOARD_EVENTS.memberAppointed.type]: bySeat, [BOARD_EVENTS.memberRemoved.type]: bySeat },
  table: boardSeats,
  idColumn: boardSeats.id,
  idOf: (r) => r.id,
});
