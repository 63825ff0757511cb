/**
 * The budget of invitation mail an organization may send to addresses it chooses (member
 * invitations, end-user import invites): without one, a key could make Signet mail
 * thousands of strangers in a second under the deployment's name. Windows are kept in the
 * database (platform/http/rate-limit.ts), so the budget holds across restarts and nodes.
 * A batch takes its whole size at once, inside the transaction that records it: when the
 * budget cannot cover it, nothing is written and nothing is sent.
 */
import type { Tx } from "../../platform/db/database";
import { enforceRateLimits } from "../../platform/http/rate-limit";

const HOUR_MS = 60 * 60 * 1000;

/** One full import batch (500) an hour, four a day. */
export const ORG_MAIL_BUDGET = { perHour: 500, perDay: 2000 } as const;

/** Takes `count` mails from the organization's budget, or 429 rate_limited with Retry-After. */
export async function takeOrgMailBudget(tx: Tx, orgId: string, count: number, now: number, field?: string): Promise<void> {
  if (count <= 0) return;
  await enforceRateLimits(
    tx,
    [
      { key: `org-mail:hour:${orgId}`, limit: ORG_MAIL_BUDGET.perHour, windowMs: HOUR_MS, cost: count },
      { key: `org-mail:day:${orgId}`, limit: ORG_MAIL_BUDGET.perDay, windowMs: 24 * HOUR_MS, cost: count },
    ],
    now,
    {
      ...(field ? { field } : {}),
      message: `the organization may send ${ORG_MAIL_BUDGET.perHour} invitation mails an hour and ${ORG_MAIL_BUDGET.perDay} a day; this would send ${count}`,
    },
  );
}
