/** Every template messaging words, by name: the test checks each has every key in all three languages with the same placeholders. */
import type { Catalog } from "../../../platform/languages";
import { memberInvitationMail } from "./invitations";
import { accountMagicLinkMail, endUserMagicLinkMail, endUserSignInCodeText, orgEmailCodeMail, orgPhoneCodeText } from "./sign-in";

export { memberInvitationMail } from "./invitations";
export { accountMagicLinkMail, endUserMagicLinkMail, endUserSignInCodeText, orgEmailCodeMail, orgPhoneCodeText } from "./sign-in";

export const MESSAGE_TEMPLATES: Record<string, Catalog> = {
  accountMagicLinkMail,
  endUserMagicLinkMail,
  endUserSignInCodeText,
  orgEmailCodeMail,
  orgPhoneCodeText,
  memberInvitationMail,
};
