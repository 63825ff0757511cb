/** yyyyMM (UTC) of an instant: the month a charge counts in toward the Free volume cap (§8 "per month"). */
export function periodOfNow(at: number): string {
  const d = new Date(at);
  return `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, "0")}`;
}
