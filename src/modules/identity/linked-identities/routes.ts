/** Linked identities (spec 4.4, 5.6): initiate, confirm, list, revoke, switch. */
import { requestLanguage } from "../../../platform/languages";
import { Elysia, t } from "elysia";
import type { AppContext } from "../../../context";
import { sessionGuard } from "../guard";
import { sessionClientOf, signIn } from "../sessions";
import { SessionIssued } from "../passkeys/model";
import { SealAssertionBody, sealAssertionOf } from "../passkeys/seal";
import { authorizeSwitch, confirmLink, CONFIRM_PATH, initiateLink, listLinks, revokeLink, SWITCH_PURPOSE } from "./service";
import { ApiError } from "../../../platform/http/errors";
import { confirmLinkPage, htmlPage, linkConfirmedPage, linkProblemPage } from "../pages";

const TAGS = ["Linked identities"];
const iso = (ms: number) => new Date(ms).toISOString();
const Account = t.Object({ id: t.String(), email: t.String() });

export function linkedIdentityRoutes(ctx: AppContext) {
  return new Elysia({ name: "linked-identities" })
    .use(sessionGuard(ctx.sessions))
    .post(
      "/api/auth/linked-identities/initiate",
      async ({ actor, body, request, set }) => {
        const { expiresAt } = await initiateLink(ctx, actor, body, requestLanguage(request.headers));
        set.status = 202;
        return { sent: true as const, expiresAt: iso(expiresAt) };
      },
      {
        session: true,
        body: t.Object({ email: t.String({ minLength: 1, maxLength: 254, description: "the address of the account to link" }) }),
        response: { 202: t.Object({ sent: t.Literal(true), expiresAt: t.String({ format: "date-time" }) }) },
        detail: {
          tags: TAGS,
          summary: "Ask to link another e-mail's account",
          description:
            "Mails the address a single-use confirm link (15 minutes). Nothing is linked until that link is opened: accounts are never linked automatically. " +
            "Once confirmed, you (the asker) may switch to that account; the link is one-way. " +
            "At most one request per minute per user, else 429 `rate_limited` with `retryAfterSeconds` and Retry-After. " +
            "400 `cannot_link_self` for your own address, 400 `invalid_email`, 409 `already_linked` when an active link to that account exists.",
        },
      },
    )
    // A mail scanner that opens links on delivery must not link anyone: the mailed link
    // (GET) only shows a page, and its button POSTs the token.
    .get(
      CONFIRM_PATH,
      ({ query, request, set }) => {
        const language = requestLanguage(request.headers);
        return htmlPage(set, 200, confirmLinkPage(query.token, language), language);
      },
      {
        query: t.Object({ token: t.String({ minLength: 1, maxLength: 200, description: "the token of the mailed link" }) }),
        response: { 200: t.String({ description: "An HTML page with a Confirm button that POSTs the token" }) },
        detail: {
          tags: TAGS,
          summary: "The mailed confirm link: a page that asks before linking",
          description:
            "Changes nothing: it shows who may switch into the account and a Confirm button, which POSTs the token to this path. " +
            "Mail scanners that open links on delivery therefore link nothing.",
        },
      },
    )
    .post(
      CONFIRM_PATH,
      async ({ body, request, set }) => {
        const fromForm = (request.headers.get("content-type") ?? "").startsWith("application/x-www-form-urlencoded");
        const language = requestLanguage(request.headers);
        try {
          const link = await confirmLink(ctx, body.token);
          const confirmed = { linked: true as const, id: link.id, from: link.from, to: link.to, createdAt: iso(link.createdAt), recordHash: link.recordHash };
          return fromForm ? htmlPage(set, 200, linkConfirmedPage(link.from.email, link.to.email, language), language) : confirmed;
        } catch (e) {
          if (fromForm && e instanceof ApiError && e.status === 400) return htmlPage(set, 400, linkProblemPage(e.code, language, "account-link"), language);
          throw e;
        }
      },
      {
        body: t.Object({ token: t.String({ minLength: 1, maxLength: 200, description: "the token of the mailed link" }) }),
        response: {
          200: t.Union([
            t.Object({
              linked: t.Literal(true),
              id: t.String(),
              from: t.Object({ id: t.String(), email: t.String() }, { description: "the account that asked; it may now switch to `to`" }),
              to: t.Object({ id: t.String(), email: t.String() }, { description: "the confirmed address's account (created if it did not exist)" }),
              createdAt: t.String({ format: "date-time" }),
              recordHash: t.String({ description: "SHA-256 of the canonical JSON of {id, userId, linkedUserId, createdAt}" }),
            }),
            t.String({ description: "An HTML page, for the form the confirm page posts" }),
          ]),
        },
        detail: {
          tags: TAGS,
          summary: "Confirm a link",
          description:
            "Authenticated by the token alone, no session. Creates the sealed link once; confirming a second valid link for the same pair answers the existing link. " +
            "JSON in, JSON out; the confirm page's form (application/x-www-form-urlencoded) gets an HTML page back. " +
            "400 `link_invalid` (unknown token), `link_used`, `link_expired` (after 15 minutes), each with `field: token`.",
        },
      },
    )
    .get("/api/auth/linked-identities", async ({ actor }) => ({ links: await listLinks(ctx, actor) }), {
      session: true,
      response: t.Object({
        links: t.Array(
          t.Object({
            id: t.String(),
            direction: t.Union([t.Literal("outgoing"), t.Literal("incoming")], { description: "outgoing: you may switch to `user`; incoming: `user` may switch to you" }),
            user: Account,
            createdAt: t.String({ format: "date-time" }),
            recordHash: t.String(),
          }),
        ),
      }),
      detail: { tags: TAGS, summary: "Your active links", description: "Both directions, oldest first; revoked links are not listed." },
    })
    .post(
      "/api/auth/linked-identities/:id/revoke",
      async ({ actor, params }) => {
        const revoked = await revokeLink(ctx, actor, params.id);
        return { id: revoked.id, revokedAt: iso(revoked.revokedAt), revokedBy: revoked.revokedBy };
      },
      {
        session: true,
        params: t.Object({ id: t.String({ minLength: 1, maxLength: 100 }) }),
        response: t.Object({ id: t.String(), revokedAt: t.String({ format: "date-time" }), revokedBy: t.String() }),
        detail: {
          tags: TAGS,
          summary: "Revoke a link",
          description:
            "Either side may revoke. Append-only: the link keeps its row with revokedAt and revokedBy, recorded once; linking again creates a new link. " +
            "404 `link_not_found` for a link you are not a side of; 409 `link_already_revoked` the second time.",
        },
      },
    )
    .post(
      "/api/auth/linked-identities/switch",
      async ({ actor, body, cookie, request }) => {
        const target = await authorizeSwitch(ctx, actor, { targetUserId: body.targetUserId, email: body.email, assertion: sealAssertionOf(body) });
        await ctx.sessions.invalidateSession(actor.token);
        const session = await signIn(ctx.sessions, cookie, target.id, sessionClientOf(request));
        return { token: session.token, expiresAt: session.expiresAt.toISOString(), user: target };
      },
      {
        session: true,
        body: t.Object({
          targetUserId: t.Optional(t.String({ minLength: 1, maxLength: 100 })),
          email: t.Optional(t.String({ minLength: 1, maxLength: 254 })),
          ...SealAssertionBody,
        }),
        response: SessionIssued,
        detail: {
          tags: TAGS,
          summary: "Switch to a linked account",
          description:
            "Spec 5.6, in order: an active link from you to the target (by `targetUserId` or `email`, exactly one) must exist, else 404 `not_linked`; " +
            "a personal seal is required, else 403 `step_up_required`; it must verify as your own passkey for purpose " +
            `\`${SWITCH_PURPOSE}\` with subject = the target user's id, else 403 \`step_up_failed\`. ` +
            "On success your current session ends and a session for the target is issued: the cookie is replaced and the token returned.",
        },
      },
    );
}
