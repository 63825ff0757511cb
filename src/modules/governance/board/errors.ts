/** Error codes of the board (spec 4.7; docs/governance.md), with their statuses (DESIGN §7). */
import { defineErrors } from "../../../platform/http/error-catalog";

export const boardErrors = defineErrors({
  boardNotApplicable: { code: "board_not_applicable", status: 409, message: "only Corporation and Project (SPV) organizations have a board" },
  boardExists: { code: "board_exists", status: 409, message: "the organization already has its board (one per organization)" },
  boardNotFound: { code: "board_not_found", status: 404, message: "the organization has no board yet: POST /board first" },
  alreadyOnBoard: { code: "already_on_board", status: 409, message: "that person already sits on the board" },
  boardMemberNotFound: { code: "board_member_not_found", status: 404, message: "that ConnectedId does not sit on the board" },
  notADirector: { code: "not_a_director", status: 400, message: "the chairman is chosen among the seated directors" },
  invalidBoardName: { code: "invalid_board_name", status: 400, message: "a board name is 1 to 200 characters, not only spaces" },
  invalidSharePercent: { code: "invalid_share_percent", status: 400, message: "SharePercent is 0 to 100 with at most two decimals" },
});

export const BoardErrors = boardErrors.codes;
