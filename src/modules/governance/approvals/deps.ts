import type { AppContext } from "../../../context";

/** What approval services use: the database and clock, the config (seals, links), outbound mail and the log. */
export type ApprovalDeps = Pick<AppContext, "db" | "clock" | "config" | "mail" | "logger">;
