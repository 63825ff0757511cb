import { col, table } from "../../platform/db/kit";

/** A dashboard account (the spec's User identity). */
export const users = table(
  "users",
  {
    id: col.id(),
    email: col.text().notNull(),
    displayName: col.text(),
    createdAt: col.time().notNull(),
  },
  [{ name: "users_email_uq", on: ["email"], unique: true }],
);

/** Dashboard sessions. `id` is the SHA-256 of the token the client holds. */
export const sessions = table(
  "sessions",
  {
    id: col.id(),
    userId: col.text().notNull().references(() => users.id, { onDelete: "cascade" }),
    expiresAt: col.time().notNull(),
    createdAt: col.time().notNull(),
    userAgent: col.text(),
    ip: col.text(),
  },
  [{ name: "sessions_user_idx", on: ["userId"] }],
);
