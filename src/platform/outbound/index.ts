// PLACEHOLDER — replaced by the outbound kernel work.
import type { Config } from "../../config";
import type { Clock } from "../clock";
import type { Database } from "../db/database";
import type { Logger } from "../log";
import type { MailSender, SmsSender } from "./types";

export interface OutboundDeps {
  db: Database;
  clock: Clock;
  logger: Logger;
}
export function createMailSender(_config: Config, _deps: OutboundDeps): MailSender {
  return { send: async () => ({ id: "x" }) };
}
export function createSmsSender(_config: Config, _deps: OutboundDeps): SmsSender {
  return { delivers: false, send: async () => ({ id: "x" }) };
}
