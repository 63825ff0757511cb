/** The members page's words: members and their roles, invitations, the roles list and sub-organizations. */
import type { Catalog } from "../../i18n";

type MembersKey =
  | "members.title"
  | "members.what"
  | "members.email"
  | "members.role"
  | "members.badge"
  | "members.joined"
  | "members.actions"
  | "members.you"
  | "members.owner"
  | "members.memberRole"
  | "members.leaveLabel"
  | "members.removeLabel"
  | "members.confirmLeave"
  | "members.confirmRemove"
  | "members.leave"
  | "members.remove"
  | "members.roles"
  | "members.rolesWhat"
  | "members.builtin"
  | "members.roleOf"
  | "members.invitations"
  | "members.invitationsWhat"
  | "members.mailed"
  | "members.mailRefused"
  | "members.linkDays"
  | "members.copyLink"
  | "members.noInvitations"
  | "members.inviteBelow"
  | "members.invitedAs"
  | "members.revokeLabel"
  | "members.revoke"
  | "members.sendInvitation"
  | "members.emailAddress"
  | "members.subOrgs"
  | "members.subOrgsWhat"
  | "members.noSubOrgs"
  | "members.subOrgsHint"
  | "members.createSubOrg"
  | "members.name";

export const membersCatalog: Catalog<MembersKey> = {
  en: {
    "members.title": "Members",
    "members.what": "members",
    "members.email": "E-mail",
    "members.role": "Role",
    "members.badge": "Badge",
    "members.joined": "Joined",
    "members.actions": "Actions",
    "members.you": " (you)",
    "members.owner": "Owner",
    "members.memberRole": "Member",
    "members.leaveLabel": "Leave the organization",
    "members.removeLabel": "Remove {email}",
    "members.confirmLeave": "Leave this organization?",
    "members.confirmRemove": "Remove {email}? Their badge is revoked and kept as history.",
    "members.leave": "Leave",
    "members.remove": "Remove",
    "members.roles": "Roles",
    "members.rolesWhat": "roles",
    "members.builtin": "built-in",
    "members.roleOf": "Role of {email}",
    "members.invitations": "Invitations",
    "members.invitationsWhat": "invitations",
    "members.mailed": "We mailed an invitation to {email}.",
    "members.mailRefused": "The mail server refused the message to {email}: send them this link yourself.",
    "members.linkDays": "The link works for 7 days:",
    "members.copyLink": "Copy link",
    "members.noInvitations": "No pending invitations.",
    "members.inviteBelow": "Invite a colleague by e-mail below.",
    "members.invitedAs": "{email} as {role} · expires {time}",
    "members.revokeLabel": "Revoke the invitation of {email}",
    "members.revoke": "Revoke",
    "members.sendInvitation": "Send invitation",
    "members.emailAddress": "E-mail address",
    "members.subOrgs": "Sub-organizations",
    "members.subOrgsWhat": "sub-organizations",
    "members.noSubOrgs": "No sub-organizations.",
    "members.subOrgsHint": "A sub-organization (a project or an SPV) follows this one's plan; create one below.",
    "members.createSubOrg": "Create sub-organization",
    "members.name": "Name",
  },
  ko: {
    "members.title": "구성원",
    "members.what": "구성원",
    "members.email": "이메일",
    "members.role": "역할",
    "members.badge": "배지",
    "members.joined": "가입일",
    "members.actions": "작업",
    "members.you": " (나)",
    "members.owner": "소유자",
    "members.memberRole": "구성원",
    "members.leaveLabel": "조직 나가기",
    "members.removeLabel": "{email} 내보내기",
    "members.confirmLeave": "이 조직에서 나가시겠습니까?",
    "members.confirmRemove": "{email}님을 내보내시겠습니까? 배지는 폐기되고 기록으로 남습니다.",
    "members.leave": "나가기",
    "members.remove": "내보내기",
    "members.roles": "역할",
    "members.rolesWhat": "역할",
    "members.builtin": "기본",
    "members.roleOf": "{email}의 역할",
    "members.invitations": "초대",
    "members.invitationsWhat": "초대",
    "members.mailed": "{email}(으)로 초대 메일을 보냈습니다.",
    "members.mailRefused": "메일 서버가 {email}에게 보내는 메시지를 거부했습니다. 이 링크를 직접 보내세요.",
    "members.linkDays": "링크는 7일 동안 유효합니다.",
    "members.copyLink": "링크 복사",
    "members.noInvitations": "대기 중인 초대가 없습니다.",
    "members.inviteBelow": "아래에서 이메일로 동료를 초대하세요.",
    "members.invitedAs": "{email} · {role} · {time} 만료",
    "members.revokeLabel": "{email}의 초대 취소",
    "members.revoke": "취소",
    "members.sendInvitation": "초대 보내기",
    "members.emailAddress": "이메일 주소",
    "members.subOrgs": "하위 조직",
    "members.subOrgsWhat": "하위 조직",
    "members.noSubOrgs": "하위 조직이 없습니다.",
    "members.subOrgsHint": "하위 조직(프로젝트 또는 SPV)은 이 조직의 요금제를 따릅니다. 아래에서 만드세요.",
    "members.createSubOrg": "하위 조직 만들기",
    "members.name": "이름",
  },
  ja: {
    "members.title": "メンバー",
    "members.what": "メンバー",
    "members.email": "メール",
    "members.role": "ロール",
    "members.badge": "バッジ",
    "members.joined": "参加日時",
    "members.actions": "操作",
    "members.you": "（あなた）",
    "members.owner": "オーナー",
    "members.memberRole": "メンバー",
    "members.leaveLabel": "組織から抜ける",
    "members.removeLabel": "{email} を削除",
    "members.confirmLeave": "この組織から抜けますか？",
    "members.confirmRemove": "{email} を削除しますか？バッジは失効し、履歴として残ります。",
    "members.leave": "抜ける",
    "members.remove": "削除",
    "members.roles": "ロール",
    "members.rolesWhat": "ロール",
    "members.builtin": "組み込み",
    "members.roleOf": "{email} のロール",
    "members.invitations": "招待",
    "members.invitationsWhat": "招待",
    "members.mailed": "{email} に招待メールを送りました。",
    "members.mailRefused": "メールサーバーが {email} 宛てのメッセージを拒否しました。このリンクを直接送ってください。",
    "members.linkDays": "リンクは 7 日間有効です。",
    "members.copyLink": "リンクをコピー",
    "members.noInvitations": "保留中の招待はありません。",
    "members.inviteBelow": "下のフォームから同僚をメールで招待してください。",
    "members.invitedAs": "{email}（{role}）· {time} に期限切れ",
    "members.revokeLabel": "{email} への招待を取り消す",
    "members.revoke": "取り消す",
    "members.sendInvitation": "招待を送信",
    "members.emailAddress": "メールアドレス",
    "members.subOrgs": "サブ組織",
    "members.subOrgsWhat": "サブ組織",
    "members.noSubOrgs": "サブ組織はありません。",
    "members.subOrgsHint": "サブ組織（プロジェクトまたは SPV）はこの組織のプランに従います。下のフォームから作成してください。",
    "members.createSubOrg": "サブ組織を作成",
    "members.name": "名前",
  },
};
