/** The public invitation routes: read a code (no auth) and accept it (signed in). */
import { Elysia } from "elysia";
import type { AppContext } from "../../../context";
import { requestInfo } from "../../../platform/http/kernel";
import { sessionGuard } from "../../identity/index";
import { acceptInvitation, readInvitationByCode } from "./invitations";
import * as M from "./model";

const tags = ["Members"];

export function publicInvitationRoutes(ctx: AppContext) {
  return new Elysia({ name: "members.public", prefix: "/api/public/invitations" })
    .use(sessionGuard(ctx.sessions))
    .get("/:code", ({ params, request }) => readInvitationByCode(ctx, { code: params.code, ip: requestInfo(request).ip }), {
      params: M.CodeParams,
      response: M.PublicInvitation,
      detail: {
        tags,
        summary: "Public invitation info",
        description:
          "No auth. What an invitation offers: organization, role, the invited address masked (j***@example.com), expiry and status " +
          "(pending, accepted, revoked, expired). Unknown code: 404. At most 60 reads and accepts per minute per client IP, else 429 rate_limited with Retry-After.",
      },
    })
    .post(
      "/:code/accept",
      ({ params, request, actor }) => acceptInvitation(ctx, actor, { code: params.code, ip: requestInfo(request).ip, requestId: requestInfo(request).id }),
      {
        session: true,
        params: M.CodeParams,
        response: M.AcceptedInvitation,
        detail: {
          tags,
          summary: "Accept an invitation",
          description:
            "Signed in as the invited address (else 403 invitation_email_mismatch). Refused with 400 invitation_expired, invitation_used or invitation_revoked; " +
            "409 already_member. Creates the membership with the invited role and a badge with membershipType invited; emits org.member.added and org.invitation.accepted.",
        },
      },
    );
}
