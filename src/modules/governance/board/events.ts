/**
 * Audit events of the board. Spec §6 names none; every composition change is still
 * written with its event (DESIGN §3), under business.board.*, beside the meetings'
 * business.meeting.*. seatId names the board_seats row the chain seals (records.ts).
 */
import { defineEvent } from "../../../platform/audit/catalog";

type Id = string;

export const BOARD_EVENTS = {
  created: defineEvent<{ boardId: Id; name: string }>()("business.board.created", "The organization's board is created (its group badge with it)"),
  memberAppointed: defineEvent<{ boardId: Id; seatId: Id; connectedId: Id; sharePercent: number | null; sealCredentialId: string }>()(
    "business.board.member_appointed",
    "A director is appointed under a personal seal (board.member.change)",
  ),
  memberRemoved: defineEvent<{ boardId: Id; seatId: Id; connectedId: Id; chairmanCleared: boolean; sealCredentialId: string }>()(
    "business.board.member_removed",
    "A director is removed under a personal seal; chairmanCleared when they chaired the board",
  ),
  chairmanChanged: defineEvent<{ boardId: Id; from: Id | null; to: Id | null; sealCredentialId: string }>()(
    "business.board.chairman_changed",
    "The chairman is set or cleared under a personal seal",
  ),
} as const;
