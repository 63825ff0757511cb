/**
 * The board of directors (spec 2.10, 4.7; docs/governance.md).
 *
 * - `boards`: the organization's board, a group badge (a ConnectedId of type group whose
 *   membership type is `board`: GroupKind Board) issued by orgs, plus its chairman. One
 *   live board per organization (checked under the board lock); a board whose badge was
 *   revoked stays as history and a new one may be created.
 * - `board_seats`: who sits on it. A removed director's seat keeps its row with
 *   removedAt (history: a vote cast while seated can be traced to the seat); appointing
 *   the same person again opens a new seat.
 */
import { col, table } from "../../../platform/db/kit";
import { connectedIds, organizations } from "../../orgs/schema";

export const boards = table(
  "boards",
  {
    /** The board's group badge (ConnectedId). */
    id: col.id().references(() => connectedIds.id, { onDelete: "cascade" }),
    orgId: col.text().notNull().references(() => organizations.id, { onDelete: "cascade" }),
    /** A seated director; null: no chairman. */
    chairmanConnectedId: col.text().references(() => connectedIds.id),
    createdBy: col.text(),
    createdAt: col.time().notNull(),
    updatedAt: col.time().notNull(),
  },
  [{ name: "boards_org_idx", on: ["orgId"] }],
);

export const boardSeats = table(
  "board_seats",
  {
    id: col.id(),
    orgId: col.text().notNull().references(() => organizations.id, { onDelete: "cascade" }),
    boardId: col.text().notNull().references(() => boards.id, { onDelete: "cascade" }),
    /** The director's badge: a person. */
    connectedId: col.text().notNull().references(() => connectedIds.id),
    /** The director's share in hundredths of a percent (12.5 % is 1250); null: not given. */
    shareBasisPoints: col.int(),
    appointedBy: col.text(),
    appointedAt: col.time().notNull(),
    removedBy: col.text(),
    removedAt: col.time(),
  },
  [
    { name: "board_seats_board_idx", on: ["boardId", "removedAt"] },
    { name: "board_seats_org_member_idx", on: ["orgId", "connectedId"] },
  ],
);

export type BoardRow = typeof boards.$inferSelect;
export type BoardSeatRow = typeof boardSeats.$inferSelect;
