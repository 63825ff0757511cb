/** What each plan gives an organization's files (spec §8; "GB" read as GiB, the generous reading). */
import { definePlanLimits } from "../../../platform/plans";

const GiB = 1024 ** 3;

export const storageLimits = definePlanLimits<{ includedStorageBytes: number | null; trashRetentionDays: number }>("storage", {
  free: { includedStorageBytes: 2 * GiB, trashRetentionDays: 7 },
  pro: { includedStorageBytes: 30 * GiB, trashRetentionDays: 30 },
  pro_plus: { includedStorageBytes: 100 * GiB, trashRetentionDays: 30 },
  business: { includedStorageBytes: 200 * GiB, trashRetentionDays: 30 },
  enterprise: { includedStorageBytes: null, trashRetentionDays: 30 },
});
