/** Every template messaging words, by name: the test checks each has every key in all three languages with the same placeholders. */
import type { Catalog } from "../../../platform/languages";
import { accountLinkMail, endUserImportedMail } from "./accounts";
import { approvalDocumentMail, meetingInvitationMail } from "./governance";
import { memberInvitationMail } from "./invitations";
import { appGroupCreatedMail, auditRetentionMail, databaseDeletionMail, databaseSuspendedMail, paymentFailedMail, paymentReceivedMail, planEnforcedMail, planUpgradedMail, withdrawalMail } from "./notices";
import { accountMagicLinkMail, endUserMagicLinkMail, endUserSignInCodeText, orgEmailCodeMail, orgPhoneCodeText } from "./sign-in";

export { accountLinkMail, endUserImportedMail } from "./accounts";
export { approvalDocumentMail, meetingInvitationMail } from "./governance";
export { memberInvitationMail } from "./invitations";
export { appGroupCreatedMail, auditRetentionMail, databaseDeletionMail, databaseSuspendedMail, paymentFailedMail, paymentReceivedMail, planEnforcedMail, planUpgradedMail, withdrawalMail } from "./notices";
export { accountMagicLinkMail, endUserMagicLinkMail, endUserSignInCodeText, orgEmailCodeMail, orgPhoneCodeText } from "./sign-in";

/** Mails carry a subject; texted codes only a text. */
export const MESSAGE_TEMPLATES: Record<string, Catalog> = {
  accountMagicLinkMail,
  endUserMagicLinkMail,
  endUserSignInCodeText,
  orgEmailCodeMail,
  orgPhoneCodeText,
  memberInvitationMail,
  accountLinkMail,
  endUserImportedMail,
  meetingInvitationMail,
  approvalDocumentMail,
  appGroupCreatedMail,
  auditRetentionMail,
  databaseDeletionMail,
  databaseSuspendedMail,
  paymentFailedMail,
  paymentReceivedMail,
  planEnforcedMail,
  planUpgradedMail,
  withdrawalMail,
};
