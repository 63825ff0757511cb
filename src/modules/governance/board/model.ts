/**
 * Wire shapes of the board (spec 2.10, 4.7). Request bodies use the spec's PascalCase
 * names; the read answers exists, boardId, chairmanConnectedId and members, each member
 * with SharePercent as the spec spells it.
 */
import { t } from "elysia";
import { SealAssertionBody } from "../../identity/index";
import { OrgSlug } from "../../orgs/index";

const Time = t.String({ format: "date-time" });
const ConnectedId = t.String({ minLength: 1, maxLength: 100 });
export const BOARD_NAME_MAX = 200;
export const DEFAULT_BOARD_NAME = "Board of Directors";

export const BoardMemberParams = t.Object({ slug: OrgSlug, memberId: t.String({ minLength: 1, maxLength: 100, description: "The director's ConnectedId" }) });

export const BoardCreate = t.Object(
  { Name: t.Optional(t.String({ maxLength: BOARD_NAME_MAX, description: `1 to ${BOARD_NAME_MAX} characters; "${DEFAULT_BOARD_NAME}" when left out` })) },
  { additionalProperties: false },
);

export const SharePercent = t.Number({ minimum: 0, maximum: 100, description: "The director's share, 0 to 100, at most two decimals" });

export const BoardAppoint = t.Object(
  {
    ConnectedId: t.String({ minLength: 1, maxLength: 100, description: "A person's badge in this organization" }),
    SharePercent: t.Optional(t.Nullable(SharePercent)),
    ...SealAssertionBody,
  },
  { additionalProperties: false },
);

export const BoardRemove = t.Object({ ...SealAssertionBody }, { additionalProperties: false });

export const ChairmanChange = t.Object(
  {
    LeadConnectedId: t.Nullable(ConnectedId, { description: "A seated director; null clears the chairman" }),
    ...SealAssertionBody,
  },
  { additionalProperties: false },
);

export const BoardMember = t.Object({
  connectedId: t.String(),
  displayName: t.String(),
  userId: t.Nullable(t.String()),
  SharePercent: t.Nullable(t.Number({ description: "The director's share in percent; null when not given" })),
  isChairman: t.Boolean(),
  appointedAt: Time,
});

export const Board = t.Object({
  exists: t.Boolean(),
  boardId: t.Nullable(t.String({ description: "The board's ConnectedId (a group badge, GroupKind Board)" })),
  name: t.Nullable(t.String()),
  chairmanConnectedId: t.Nullable(t.String()),
  members: t.Array(BoardMember, { description: "Seated directors, longest-serving first" }),
  createdAt: t.Nullable(Time),
});

export type BoardView = typeof Board.static;
export type BoardMemberView = typeof BoardMember.static;
