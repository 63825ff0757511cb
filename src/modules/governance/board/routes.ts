/**
 * The board: /api/org/{slug}/board (spec 2.10, 4.7). Reading is for members and M2M
 * tokens holding org.board.read; creating and changing it are for people, because every
 * composition change needs the caller's personal seal. The rules live in service.ts.
 */
import { Elysia, t } from "elysia";
import type { AppContext } from "../../../context";
import { declaresErrors } from "../../../platform/http/error-catalog";
import { strictBody } from "../../../platform/http/strict-body";
import { MACHINE_TOKEN_ERRORS } from "../../access/index";
import { callerOf, ORG_GUARD_ERRORS, orgGuard, SlugParams } from "../../orgs/index";
import * as M from "./model";
import { appointDirector, BOARD_SEAL_PURPOSE, createBoard, readBoard, removeDirector, setChairman } from "./service";

const TAGS = ["Board"];
const GUARD = [...ORG_GUARD_ERRORS, "PERMISSION_DENIED"];
const SEAL_ERRORS = ["step_up_required", "step_up_failed"];
const sealText = (change: string, target: string) =>
  ` Needs a fresh personal seal: ask POST /api/auth/seal/options for purpose ${BOARD_SEAL_PURPOSE} and subject {slug}|${target}|${change}, and send the assertion as ` +
  "assertionResponseJson (or SealAssertionJson); without it 403 step_up_required, a seal for another purpose, subject or user 403 step_up_failed.";
const PEOPLE = " A member's session (M2M tokens: 403 machine_not_allowed); Owner and Admin hold org.board.*.";

export function boardRoutes(ctx: AppContext) {
  return new Elysia({ name: "governance.board", prefix: "/api/org/:slug" })
    .use(orgGuard(ctx))
    .get("/board", (c) => readBoard(ctx, callerOf(c.org, c.orgCaller, c.request)), {
      orgOrMachine: true,
      params: SlugParams,
      response: M.Board,
      detail: {
        tags: TAGS,
        summary: "Read the board",
        description:
          "exists, boardId (the board's ConnectedId, a group badge with GroupKind Board), name, chairmanConnectedId and the seated directors with SharePercent. " +
          "An organization without a board answers exists false. Needs org.board.read, which every built-in Member holds; an M2M token of an org-wide key holding it may read too.",
        ...declaresErrors(...GUARD, "org_wide_key_required", ...MACHINE_TOKEN_ERRORS),
      },
    })
    .post("/board", async (c) => c.status(201, await createBoard(ctx, callerOf(c.org, c.orgActor, c.request), c.body)), {
      org: true,
      params: SlugParams,
      ...strictBody(M.BoardCreate),
      response: { 201: M.Board },
      detail: {
        tags: TAGS,
        summary: "Create the board",
        description:
          "One per organization, for Corporation and Project (SPV) organizations only (else 409 board_not_applicable); a second is 409 board_exists. " +
          `The board is a ConnectedId of type group with GroupKind Board. Emits business.board.created. Needs org.board.create.${PEOPLE}`,
        ...declaresErrors(...GUARD, "board_not_applicable", "board_exists", "invalid_board_name"),
      },
    })
    .post("/board/members", async (c) => c.status(201, await appointDirector(ctx, callerOf(c.org, c.orgActor, c.request), c.body)), {
      org: true,
      params: SlugParams,
      ...strictBody(M.BoardAppoint),
      response: { 201: M.Board },
      detail: {
        tags: TAGS,
        summary: "Appoint a director",
        description:
          "ConnectedId: a person's badge in this organization (unknown or another organization's: 404 connected_id_not_found; revoked, AI or group: 400 badge_not_eligible); " +
          "SharePercent 0 to 100 (optional). Already seated: 409 already_on_board; no board: 404 board_not_found. " +
          `Emits business.board.member_appointed. Needs org.board.update.${sealText("appoint", "{ConnectedId}")}${PEOPLE}`,
        ...declaresErrors(...GUARD, ...SEAL_ERRORS, "board_not_found", "connected_id_not_found", "badge_not_eligible", "already_on_board", "invalid_share_percent"),
      },
    })
    .post("/board/members/:memberId/remove", (c) => removeDirector(ctx, callerOf(c.org, c.orgActor, c.request), c.params.memberId, c.body ?? {}), {
      org: true,
      params: M.BoardMemberParams,
      body: t.Optional(M.BoardRemove),
      response: M.Board,
      detail: {
        tags: TAGS,
        summary: "Remove a director",
        description:
          "memberId: the director's ConnectedId (not seated: 404 board_member_not_found). A chairman who is removed leaves the chair empty. " +
          `Emits business.board.member_removed. Needs org.board.update.${sealText("remove", "{memberId}")}${PEOPLE}`,
        ...declaresErrors(...GUARD, ...SEAL_ERRORS, "board_not_found", "board_member_not_found"),
      },
    })
    .put("/board/chairman", (c) => setChairman(ctx, callerOf(c.org, c.orgActor, c.request), c.body), {
      org: true,
      params: SlugParams,
      ...strictBody(M.ChairmanChange),
      response: M.Board,
      detail: {
        tags: TAGS,
        summary: "Set or clear the chairman",
        description:
          "LeadConnectedId: a seated director (else 400 not_a_director; unknown 404 connected_id_not_found), or null to clear. The seal's target is the new chairman, " +
          "or the current one when clearing; asking for the chairman the board already has changes nothing and needs no seal. " +
          `Emits business.board.chairman_changed. Needs org.board.update.${sealText("chairman", "{target}")}${PEOPLE}`,
        ...declaresErrors(...GUARD, ...SEAL_ERRORS, "board_not_found", "connected_id_not_found", "not_a_director"),
      },
    });
}
