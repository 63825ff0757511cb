/** Invitations to join an organization. */
import type { MailTemplate } from "../compose";

export const memberInvitationMail: MailTemplate = {
  en: {
    subject: "You are invited to join {org}",
    text: "{inviter} invited you to join {org} as {role}.\n\nAccept the invitation: {link}\n\nSign in as {email} to accept. The link works until {expiresAt}.\nIf you did not expect this invitation, you can ignore this message.",
  },
  ko: {
    subject: "{org}에 초대되었습니다",
    text: "{inviter} 님이 {org}에 {role}(으)로 초대했습니다.\n\n초대 수락: {link}\n\n수락하려면 {email}(으)로 로그인하세요. 이 링크는 {expiresAt}까지 유효합니다.\n예상하지 못한 초대라면 이 메일을 무시해도 됩니다.",
  },
  ja: {
    subject: "{org} への招待",
    text: "{inviter} さんが {org} に {role} として招待しました。\n\n招待を承認: {link}\n\n承認するには {email} でサインインしてください。このリンクは {expiresAt} まで有効です。\n心当たりのない招待の場合は、このメッセージを無視してかまいません。",
  },
};
