/**
 * The board's scopes. Owner and Admin hold them through org.*; every built-in Member
 * (and so every Director) reads the board, as they read the org chart. Changing it
 * also takes a personal seal (spec 4.7).
 */
export const BOARD_SCOPES = {
  read: "org.board.read",
  create: "org.board.create",
  update: "org.board.update",
} as const;

export const BOARD_ROLE_SCOPES = {
  member: [BOARD_SCOPES.read],
} as const;
