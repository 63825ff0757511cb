/** The invitation link's page. */
import type { Catalog } from "../../i18n";

type InviteKey =
  | "invite.title"
  | "invite.what"
  | "invite.invited"
  | "invite.asRole"
  | "invite.expires"
  | "invite.accept"
  | "invite.status.pending"
  | "invite.status.accepted"
  | "invite.status.revoked"
  | "invite.status.expired"
  | "invite.noLonger";

export const inviteCatalog: Catalog<InviteKey> = {
  en: {
    "invite.title": "Invitation",
    "invite.what": "the invitation",
    "invite.invited": "You are invited to join",
    "invite.asRole": " as {role}, with the address {email}.",
    "invite.expires": "It expires {time}. You will be asked to sign in as the invited address if you are not.",
    "invite.accept": "Accept the invitation",
    "invite.status.pending": "pending",
    "invite.status.accepted": "accepted",
    "invite.status.revoked": "revoked",
    "invite.status.expired": "expired",
    "invite.noLonger": "This invitation can no longer be accepted. Ask for a new one.",
  },
  ko: {
    "invite.title": "초대",
    "invite.what": "초대",
    "invite.invited": "다음 조직에 초대받았습니다:",
    "invite.asRole": " · 역할 {role}, 주소 {email}.",
    "invite.expires": "{time}에 만료됩니다. 초대받은 주소로 로그인하지 않았다면 로그인을 요청합니다.",
    "invite.accept": "초대 수락",
    "invite.status.pending": "대기 중",
    "invite.status.accepted": "수락됨",
    "invite.status.revoked": "취소됨",
    "invite.status.expired": "만료됨",
    "invite.noLonger": "이 초대는 더 이상 수락할 수 없습니다. 새 초대를 요청하세요.",
  },
  ja: {
    "invite.title": "招待",
    "invite.what": "招待",
    "invite.invited": "次の組織に招待されています:",
    "invite.asRole": "（ロール: {role}、アドレス: {email}）。",
    "invite.expires": "{time} に期限切れになります。招待されたアドレスでサインインしていない場合は、サインインを求められます。",
    "invite.accept": "招待を承諾",
    "invite.status.pending": "保留中",
    "invite.status.accepted": "承諾済み",
    "invite.status.revoked": "取り消し済み",
    "invite.status.expired": "期限切れ",
    "invite.noLonger": "この招待はもう承諾できません。新しい招待を依頼してください。",
  },
};
