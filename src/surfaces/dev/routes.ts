/**
 * Developer routes, mounted only when SIGNET_DEV=1 (src/app.ts): without it they do not
 * exist and answer 404 like any unknown route, so a production node never serves the
 * outbox (it holds sign-in links and codes).
 */
import { Elysia, t } from "elysia";
import type { AppContext } from "../../context";
import { listOutbox } from "../../platform/outbound/outbox";

const OutboxMessage = t.Object({
  id: t.String(),
  channel: t.Union([t.Literal("mail"), t.Literal("sms")]),
  to: t.String({ description: "Mail address (lower-case) or phone number" }),
  subject: t.Nullable(t.String()),
  text: t.String(),
  links: t.Array(t.String(), { description: "Every http(s) URL in the text and HTML, in order" }),
  status: t.Union([t.Literal("outbox"), t.Literal("sent"), t.Literal("failed")]),
  error: t.Nullable(t.String()),
  createdAt: t.String({ format: "date-time" }),
});

export function devRoutes(ctx: Pick<AppContext, "db">) {
  return new Elysia({ name: "dev", prefix: "/api/dev" }).get(
    "/outbox",
    async ({ query }) => ({ messages: await listOutbox(ctx.db, { to: query.to, limit: query.limit ?? 50 }) }),
    {
      query: t.Object({
        to: t.Optional(
          t.String({ minLength: 1, maxLength: 320, description: "Only messages to this address or number (case-insensitive; encode + as %2B)" }),
        ),
        limit: t.Optional(t.Integer({ minimum: 1, maximum: 200, default: 50, description: "At most this many messages (1-200)" })),
      }),
      response: t.Object({ messages: t.Array(OutboxMessage) }),
      detail: { tags: ["Dev"], summary: "Read the outbox, newest first (dev mode only)" },
    },
  );
}
